import type { AppContext } from "../context.js";
import { newDigitId } from "../db/ids.js";
import type { Card, MediaLibraryObject, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import { mediaByKey } from "./media.js";

/** spec §4.7: media polls need this account feature (beta). */
export const MEDIA_POLLS_FEATURE = "PROMOTED_MEDIA_POLLS";
const MIN_IMAGE_WIDTH = 800;
const IMAGE_ASPECT = 1.91;
const ASPECT_TOLERANCE = 0.02;

export interface PollInput {
  readonly name: string;
  readonly duration_in_minutes: number;
  readonly first_choice: string;
  readonly second_choice: string;
  readonly third_choice?: string | undefined;
  readonly fourth_choice?: string | undefined;
  readonly media_key?: string | undefined;
}

function invalidMedia(message: string): BadRequestError {
  return BadRequestError.of(ERROR_CODES.INVALID_PARAMETER, message, "media_key");
}

/** The media fields a media poll answers with (numbers as strings, spec §2.8). */
function mediaFields(
  media: MediaLibraryObject,
  poster: MediaLibraryObject | undefined,
): Record<string, string> {
  // An image poll shows its image as the poster: §2.8 lists only video_* fields for media polls.
  if (media.mediaType !== "VIDEO") {
    return {
      video_poster_url: media.mediaUrl,
      video_poster_width: String(media.width),
      video_poster_height: String(media.height),
    };
  }
  return {
    video_url: media.mediaUrl,
    video_hls_url: media.mediaUrl.replace(/\.mp4$/, ".m3u8"),
    video_width: String(media.width),
    video_height: String(media.height),
    ...(poster === undefined
      ? {}
      : {
          video_poster_url: poster.mediaUrl,
          video_poster_width: String(poster.width),
          video_poster_height: String(poster.height),
        }),
    content_duration_seconds: String(Math.round((media.durationMs ?? 0) / 1000)),
  };
}

/**
 * The media of a media poll: in the media library, the account having the media polls
 * feature; an image at least 800 px wide at 1.91:1 (spec §4.7), or a video (the fields §2.8
 * lists for media polls). Either reads card_type VIDEO_POLLS (ads-api README, "Where the spec
 * is silent").
 */
async function pollMedia(
  ctx: AppContext,
  accountId: string,
  features: readonly string[],
  key: string,
): Promise<{ cardType: string; fields: Record<string, string> }> {
  if (!features.includes(MEDIA_POLLS_FEATURE)) {
    throw invalidMedia(`media polls need the ${MEDIA_POLLS_FEATURE} account feature`);
  }
  const media = (await mediaByKey(ctx.prisma, accountId, [key])).get(key);
  if (media === undefined)
    throw invalidMedia(`media key ${key} is not in the media library of account ${accountId}`);
  if (media.mediaType === "VIDEO") {
    const posterKey = media.posterMediaKey;
    const poster =
      posterKey === null
        ? undefined
        : (await mediaByKey(ctx.prisma, accountId, [posterKey])).get(posterKey);
    return { cardType: "VIDEO_POLLS", fields: mediaFields(media, poster) };
  }
  const ratio = media.width / media.height;
  if (media.width < MIN_IMAGE_WIDTH || Math.abs(ratio - IMAGE_ASPECT) > ASPECT_TOLERANCE) {
    throw invalidMedia(
      `a poll image must be at least ${MIN_IMAGE_WIDTH} px wide with aspect ratio 1.91:1 (got ${media.width}x${media.height})`,
    );
  }
  // spec §2.8 observes only VIDEO_POLLS and TEXT_POLLS: every poll with media is VIDEO_POLLS.
  return { cardType: "VIDEO_POLLS", fields: mediaFields(media, undefined) };
}

/** spec §4.7 poll create; there is no update. It closes duration_in_minutes after creation. */
export async function createPollCard(
  ctx: AppContext,
  account: { id: string; features: readonly string[] },
  input: PollInput,
): Promise<Card> {
  const media =
    input.media_key === undefined
      ? { cardType: "TEXT_POLLS", fields: {} }
      : await pollMedia(ctx, account.id, account.features, input.media_key);
  const now = ctx.clock();
  const body = {
    first_choice: input.first_choice,
    second_choice: input.second_choice,
    ...(input.third_choice === undefined ? {} : { third_choice: input.third_choice }),
    ...(input.fourth_choice === undefined ? {} : { fourth_choice: input.fourth_choice }),
    ...(input.media_key === undefined ? {} : { media_key: input.media_key }),
    ...media.fields,
  } satisfies Prisma.InputJsonObject;
  return ctx.prisma.card.create({
    data: {
      id: newDigitId(now.getTime()),
      accountId: account.id,
      kind: "poll",
      name: input.name,
      cardType: media.cardType,
      body,
      durationInMinutes: input.duration_in_minutes,
      createdAt: now,
      updatedAt: now,
    },
  });
}
