import { LIMITS, VIOLATION_CODES } from "@adsgraph/models";
import type { PostType } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import { BadRequestError } from "../errors.js";
import type { Account, Post } from "../generated/prisma/client.js";
import { Prisma } from "../generated/prisma/client.js";
import { fetchPage } from "../paging/keyset-paging.js";
import type { SortSpec } from "../paging/keyset-paging.js";
import type { PostAuthor } from "./ads-post-present.js";
import { inList, namePrefix } from "./list.js";
import type { ListOutcome } from "./list.js";
import { publishDuePosts } from "./post-store.js";

type Where = Prisma.PostWhereInput;
export type TimelineType = "ALL" | "NULLCAST" | "ORGANIC";

/**
 * Which posts an ad account sees (spec §4.7 `GET posts`): posts of the given authors; drafts,
 * scheduled posts and promoted-only (nullcast) posts only when made through this account;
 * organic published posts of those authors whoever made them (another account, the post-data
 * API). `timeline` narrows by the nullcast flag, for every post type.
 */
export function seenByAccount(
  accountId: string,
  authorIds: readonly string[],
  postType: PostType,
  timeline: TimelineType = "ALL",
): Where {
  const nullcast: Where =
    timeline === "NULLCAST"
      ? { nullcast: true }
      : timeline === "ORGANIC"
        ? { nullcast: false }
        : {};
  const made: Where =
    postType === "PUBLISHED"
      ? { OR: [{ nullcast: true, accountId }, { nullcast: false }] }
      : { accountId };
  return { postType, authorId: { in: [...authorIds] }, AND: [nullcast, made] };
}

/**
 * spec §4.7 `user_id` / `as_user_id`: one of the account's promotable users (400 naming
 * `parameter` otherwise).
 */
export function promotableUser(account: Account, userId: string, parameter: string): string {
  if (account.promotableUserIds.includes(userId)) return userId;
  throw BadRequestError.of(
    VIOLATION_CODES.INVALID_PARAMETER,
    `${parameter}: user ${userId} is not a promotable user of account ${account.id}`,
    parameter,
  );
}

/** Posts that are neither replies nor open with a mention (the first mention, if any, starts later). */
const NO_MENTIONS_OR_REPLIES: Where = {
  inReplyToPostId: null,
  OR: [
    { entities: { path: ["mentions", "0", "start"], gt: 0 } },
    { entities: { path: ["mentions", "0", "start"], equals: Prisma.AnyNull } },
  ],
};

/** spec §4.7: newest first. */
export const NEWEST_FIRST: SortSpec = {
  attribute: "created_at",
  direction: "desc",
  column: { field: "createdAt", type: "date" },
};

export interface PostListQuery {
  readonly post_type: PostType;
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
  readonly include_mentions_and_replies?: boolean | undefined;
  readonly name?: string | undefined;
  readonly timeline_type?: TimelineType | undefined;
  readonly post_ids?: readonly string[] | undefined;
  readonly user_id?: string | undefined;
}

/**
 * spec §4.7 `GET posts`: one page, newest first. Scheduled posts whose time has come are
 * published first, so the list agrees with the clock. An account without a promotable user
 * (and no `user_id`) has nobody's posts to list: an empty page.
 */
export async function listAccountPosts(
  ctx: AppContext,
  account: Account,
  query: PostListQuery,
): Promise<ListOutcome<Post>> {
  const author =
    query.user_id === undefined
      ? account.promotableUserIds[0]
      : promotableUser(account, query.user_id, "user_id");
  if (author === undefined) return { rows: [], nextCursor: null, totalCount: undefined };
  await publishDuePosts(ctx.prisma, ctx.clock());
  const where: Where = {
    AND: [
      seenByAccount(account.id, [author], query.post_type, query.timeline_type ?? "NULLCAST"),
      namePrefix(query.name),
      inList("id", query.post_ids),
      query.include_mentions_and_replies === true ? {} : NO_MENTIONS_OR_REPLIES,
    ],
  };
  const page = await fetchPage(
    ctx.cursors,
    {
      // The cursor belongs to one account's list of one post type.
      scope: `posts:${account.id}:${query.post_type}`,
      sort: NEWEST_FIRST,
      count: query.count ?? LIMITS.listCount.default,
      cursor: query.cursor,
    },
    where,
    (args) => ctx.prisma.post.findMany(args as Prisma.PostFindManyArgs),
  );
  return { rows: page.rows, nextCursor: page.nextCursor, totalCount: undefined };
}

/** The authors of posts and the users they answer, by id (one query). */
export async function authorsOf(
  db: Db,
  posts: readonly Pick<Post, "authorId" | "inReplyToUserId">[],
): Promise<Map<string, PostAuthor>> {
  const ids = [
    ...new Set(
      posts.flatMap((post) =>
        post.inReplyToUserId === null ? [post.authorId] : [post.authorId, post.inReplyToUserId],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, screenName: true },
  });
  return new Map(users.map((user) => [user.id, user]));
}
