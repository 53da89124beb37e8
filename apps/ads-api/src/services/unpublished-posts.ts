import { LIMITS } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Account, Post, Prisma } from "../generated/prisma/client.js";
import { fetchPage } from "../paging/keyset-paging.js";
import type { ListOutcome } from "./list.js";
import { checkPostCard, checkPostMedia } from "./post-attachments.js";
import { insertPost, publishDuePosts } from "./post-store.js";
import { promotedOnlyUnlessCaller } from "./post-writes.js";
import { NEWEST_FIRST, promotableUser, seenByAccount } from "./posts.js";
import { timestampDate } from "./time.js";

/** A draft or scheduled post: the post types the account keeps until they are published. */
export type UnpublishedType = "DRAFT" | "SCHEDULED";

/** Vendor v12 `GET draft_tweets` / `GET scheduled_tweets` parameters after validation. */
export interface UnpublishedListQuery {
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
  readonly user_id?: string | undefined;
}

/**
 * One page of the account's drafts or scheduled posts, newest first: those of `user_id` (one of
 * its promotable users; the full promotable user by default) made through the account, whatever
 * their nullcast flag. The same rows `GET posts?post_type=…&timeline_type=ALL` lists.
 */
export async function listUnpublished(
  ctx: AppContext,
  account: Account,
  postType: UnpublishedType,
  query: UnpublishedListQuery,
): Promise<ListOutcome<Post>> {
  const author =
    query.user_id === undefined
      ? account.promotableUserIds[0]
      : promotableUser(account, query.user_id, "user_id");
  if (author === undefined) return { rows: [], nextCursor: null, totalCount: undefined };
  // A scheduled post whose time has come is a published post, no longer listed here.
  if (postType === "SCHEDULED") await publishDuePosts(ctx.prisma, ctx.clock());
  const page = await fetchPage(
    ctx.cursors,
    {
      scope: `${postType === "DRAFT" ? "draft_posts" : "scheduled_posts"}:${account.id}`,
      sort: NEWEST_FIRST,
      count: query.count ?? LIMITS.unpublishedPostsCount.default,
      cursor: query.cursor,
    },
    seenByAccount(account.id, [author], postType, "ALL"),
    (args) => ctx.prisma.post.findMany(args as Prisma.PostFindManyArgs),
  );
  return { rows: page.rows, nextCursor: page.nextCursor, totalCount: undefined };
}

/** Vendor v12 `POST draft_tweets` parameters after the catalog's validation. */
export interface NewUnpublishedPost {
  readonly as_user_id: string;
  readonly text?: string | undefined;
  readonly card_uri?: string | undefined;
  readonly media_keys?: readonly string[] | undefined;
  readonly nullcast?: boolean | undefined;
  readonly name?: string | undefined;
}

export interface NewScheduledPost extends NewUnpublishedPost {
  /** In the future by the service clock (the catalog's rule, run with that clock). */
  readonly scheduled_at: string;
}

/**
 * A draft or scheduled post by one of the account's promotable users, under the rules of a
 * post create (spec §4.7 `POST post`): media of the account's library the author may use (spec
 * §8 media per post), a live card of the account; promoted-only unless nullcast=false. A
 * scheduled post publishes itself, so nullcast=false is only for the caller's own posts, as
 * for a post; a draft publishes nothing and takes either.
 */
async function createUnpublished(
  ctx: AppContext,
  account: Account,
  callerId: string,
  input: NewUnpublishedPost,
  scheduledAt: Date | undefined,
): Promise<Post> {
  const authorId = promotableUser(account, input.as_user_id, "as_user_id");
  const nullcast =
    scheduledAt === undefined
      ? (input.nullcast ?? true)
      : promotedOnlyUnlessCaller(input.nullcast, authorId, callerId);
  const media = await checkPostMedia(ctx.prisma, {
    accountId: account.id,
    userId: authorId,
    keys: input.media_keys ?? [],
    parameter: "media_keys",
  });
  if (input.card_uri !== undefined) await checkPostCard(ctx.prisma, account.id, input.card_uri);
  return insertPost(ctx.prisma, {
    postType: scheduledAt === undefined ? "DRAFT" : "SCHEDULED",
    authorId,
    accountId: account.id,
    text: input.text ?? "",
    at: ctx.clock(),
    name: input.name,
    nullcast,
    cardUri: input.card_uri,
    mediaKeys: media.map((row) => row.mediaKey),
    scheduledAt,
  });
}

/** Vendor v12 `POST draft_tweets`. */
export function createDraft(
  ctx: AppContext,
  account: Account,
  callerId: string,
  input: NewUnpublishedPost,
): Promise<Post> {
  return createUnpublished(ctx, account, callerId, input, undefined);
}

/** Vendor v12 `POST scheduled_tweets`. */
export function createScheduledPost(
  ctx: AppContext,
  account: Account,
  callerId: string,
  input: NewScheduledPost,
): Promise<Post> {
  return createUnpublished(ctx, account, callerId, input, timestampDate(input.scheduled_at));
}
