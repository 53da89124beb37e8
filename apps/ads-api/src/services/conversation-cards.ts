import type { AppContext } from "../context.js";
import { newDigitId } from "../db/ids.js";
import type { Card, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import { mediaByKey } from "./media.js";

export interface VideoConversationInput {
  readonly name: string;
  readonly media_key: string;
  readonly thank_you_text: string;
  readonly first_cta: string;
  readonly first_cta_post: string;
  readonly title?: string | undefined;
  readonly second_cta?: string | undefined;
  readonly second_cta_post?: string | undefined;
  readonly third_cta?: string | undefined;
  readonly third_cta_post?: string | undefined;
  readonly fourth_cta?: string | undefined;
  readonly fourth_cta_post?: string | undefined;
  readonly poster_media_key?: string | undefined;
}

/** The texts a conversation card stores and answers. */
export const CONVERSATION_TEXTS = [
  "title",
  "thank_you_text",
  "first_cta",
  "first_cta_post",
  "second_cta",
  "second_cta_post",
  "third_cta",
  "third_cta_post",
  "fourth_cta",
  "fourth_cta_post",
] as const;

/**
 * spec §4.7 video conversation card: media_key a 16:9 video of the media library, the
 * optional poster an image of it.
 */
export async function createVideoConversationCard(
  ctx: AppContext,
  accountId: string,
  input: VideoConversationInput,
): Promise<Card> {
  const keys = [
    input.media_key,
    ...(input.poster_media_key === undefined ? [] : [input.poster_media_key]),
  ];
  const media = await mediaByKey(ctx.prisma, accountId, keys);
  const errors: { code: string; message: string; parameter: string }[] = [];
  const video = media.get(input.media_key);
  if (video?.mediaType !== "VIDEO" || video.aspectRatio !== "16:9") {
    errors.push({
      code: ERROR_CODES.INVALID_PARAMETER,
      message: `media_key must be a 16:9 video in the media library of account ${accountId}`,
      parameter: "media_key",
    });
  }
  const poster =
    input.poster_media_key === undefined ? undefined : media.get(input.poster_media_key);
  if (input.poster_media_key !== undefined && poster?.mediaType !== "IMAGE") {
    errors.push({
      code: ERROR_CODES.INVALID_PARAMETER,
      message: `poster_media_key must be an image in the media library of account ${accountId}`,
      parameter: "poster_media_key",
    });
  }
  if (errors.length > 0 || video === undefined) throw new BadRequestError(errors);
  const body: Record<string, string> = {};
  for (const field of CONVERSATION_TEXTS) {
    const value = input[field];
    if (value !== undefined) body[field] = value;
  }
  body.media_key = input.media_key;
  body.video_url = video.mediaUrl;
  body.video_poster_url = poster?.mediaUrl ?? video.posterMediaUrl ?? "";
  if (input.poster_media_key !== undefined) body.poster_media_key = input.poster_media_key;
  const now = ctx.clock();
  return ctx.prisma.card.create({
    data: {
      id: newDigitId(now.getTime()),
      accountId,
      kind: "video_conversation",
      name: input.name,
      cardType: "VIDEO_CONVERSATION",
      body: body satisfies Prisma.InputJsonObject,
      createdAt: now,
      updatedAt: now,
    },
  });
}
