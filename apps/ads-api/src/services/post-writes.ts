import { VIOLATION_CODES } from "@adsgraph/models";
import type { ConversationSetting } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { ErrorEntry } from "../errors.js";
import { BadRequestError, NotFoundError } from "../errors.js";
import type { Account, Post } from "../generated/prisma/client.js";
import { checkPostCard, checkPostMedia } from "./post-attachments.js";
import { insertPost, publishDuePosts } from "./post-store.js";
import { promotableUser, seenByAccount } from "./posts.js";

/** spec §4.7 `POST post` parameters after the catalog's validation. */
export interface NewAccountPost {
  readonly as_user_id: string;
  readonly text?: string | undefined;
  readonly card_uri?: string | undefined;
  readonly conversation_settings?: ConversationSetting | undefined;
  readonly media_keys?: readonly string[] | undefined;
  readonly name?: string | undefined;
  readonly nullcast?: boolean | undefined;
  readonly video_cta?: string | undefined;
  readonly video_cta_value?: string | undefined;
  readonly video_description?: string | undefined;
  readonly video_title?: string | undefined;
}

const VIDEO_PARAMETERS = [
  "video_cta",
  "video_cta_value",
  "video_title",
  "video_description",
] as const;

/**
 * spec §4.7 `POST post` nullcast: promoted-only by default; "organic posts only for the
 * authenticated user" (400 naming nullcast when asked as another user). Also for scheduled
 * posts, which are published by themselves.
 */
export function promotedOnlyUnlessCaller(
  nullcast: boolean | undefined,
  authorId: string,
  callerId: string,
): boolean {
  if (nullcast === false && authorId !== callerId) {
    throw BadRequestError.of(
      VIOLATION_CODES.INVALID_PARAMETER,
      `nullcast: an organic post (nullcast=false) can only be made as the authenticated user ${callerId}, not as user ${authorId}; leave nullcast true for a promoted-only post`,
      "nullcast",
    );
  }
  return nullcast ?? true;
}

/**
 * spec §4.7 `POST post`: a published post by one of the account's promotable users, made
 * through the account. Promoted-only (nullcast) unless `nullcast=false`, which only the
 * authenticated user may ask for itself ("organic posts only for the authenticated user").
 * Media must be in the account's library and usable by the author; video fields need a video.
 */
export async function createAccountPost(
  ctx: AppContext,
  account: Account,
  callerId: string,
  input: NewAccountPost,
): Promise<Post> {
  const authorId = promotableUser(account, input.as_user_id, "as_user_id");
  const nullcast = promotedOnlyUnlessCaller(input.nullcast, authorId, callerId);
  const media = await checkPostMedia(ctx.prisma, {
    accountId: account.id,
    userId: authorId,
    keys: input.media_keys ?? [],
    parameter: "media_keys",
  });
  if (!media.some((row) => row.mediaType === "VIDEO")) {
    const given = VIDEO_PARAMETERS.filter((name) => input[name] !== undefined);
    if (given.length > 0) {
      throw new BadRequestError(
        given.map((name): ErrorEntry => ({
          code: VIOLATION_CODES.INVALID_PARAMETER,
          message: `${name} applies to a video post: media_keys holds no video`,
          parameter: name,
        })),
      );
    }
  }
  if (input.card_uri !== undefined) await checkPostCard(ctx.prisma, account.id, input.card_uri);
  return insertPost(ctx.prisma, {
    postType: "PUBLISHED",
    authorId,
    accountId: account.id,
    text: input.text ?? "",
    at: ctx.clock(),
    name: input.name,
    nullcast,
    cardUri: input.card_uri,
    mediaKeys: media.map((row) => row.mediaKey),
    conversationSettings: input.conversation_settings,
    videoCta: input.video_cta,
    videoCtaValue: input.video_cta_value,
    videoTitle: input.video_title,
    videoDescription: input.video_description,
  });
}

/**
 * spec §4.7 `PUT posts/:post_id/name`: a published post the account sees, authored by any of
 * its promotable users (404 naming post_id otherwise).
 */
export async function renamePost(
  ctx: AppContext,
  account: Account,
  postId: string,
  name: string,
): Promise<Post> {
  const now = ctx.clock();
  await publishDuePosts(ctx.prisma, now);
  const updated = await ctx.prisma.post.updateMany({
    where: {
      id: postId,
      ...seenByAccount(account.id, account.promotableUserIds, "PUBLISHED"),
    },
    data: { name, updatedAt: now },
  });
  if (updated.count === 0) {
    throw new NotFoundError(
      `post ${postId} is no published post of account ${account.id}`,
      "post_id",
    );
  }
  return ctx.prisma.post.findUniqueOrThrow({ where: { id: postId } });
}
