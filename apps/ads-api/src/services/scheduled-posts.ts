import type { AppContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import type { Post } from "../generated/prisma/client.js";
import { editedColumns } from "./post-edits.js";
import type { PostEdit } from "./post-edits.js";
import { publishDuePosts } from "./post-store.js";
import { timestampDate } from "./time.js";

function noScheduledPost(accountId: string, id: string): NotFoundError {
  return new NotFoundError(
    `scheduled post ${id} does not exist in account ${accountId} (or has been published)`,
    "scheduled_post_id",
  );
}

/**
 * A post of the account still waiting for its time (404 naming scheduled_post_id otherwise).
 * Due posts are published first: one whose time has come is a published post, no longer a
 * scheduled one.
 */
export async function findScheduled(ctx: AppContext, accountId: string, id: string): Promise<Post> {
  await publishDuePosts(ctx.prisma, ctx.clock());
  const post = await ctx.prisma.post.findFirst({
    where: { id, accountId, postType: "SCHEDULED" },
  });
  if (post === null) throw noScheduledPost(accountId, id);
  return post;
}

export interface ScheduledPostEdit extends PostEdit {
  /** In the future by the service clock (the catalog's rule, run with that clock). */
  readonly scheduled_at?: string | undefined;
}

/** spec §4.7 `PUT scheduled_posts/:id`: each given field replaces the stored one. */
export async function updateScheduledPost(
  ctx: AppContext,
  accountId: string,
  id: string,
  input: ScheduledPostEdit,
): Promise<Post> {
  const post = await findScheduled(ctx, accountId, id);
  const data = await editedColumns(ctx.prisma, accountId, post, input);
  const updated = await ctx.prisma.post.updateMany({
    where: { id, accountId, postType: "SCHEDULED" },
    data: {
      ...data,
      ...(input.scheduled_at === undefined
        ? {}
        : { scheduledAt: timestampDate(input.scheduled_at) }),
      updatedAt: ctx.clock(),
    },
  });
  if (updated.count === 0) throw noScheduledPost(accountId, id);
  return ctx.prisma.post.findUniqueOrThrow({ where: { id } });
}

/**
 * `DELETE scheduled_posts/:id`: removed for good, like a draft (spec §3 shows a hard delete for
 * drafts and nothing for scheduled posts; a cancelled post has nothing to keep). A repeat is 404.
 */
export async function deleteScheduledPost(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<Post> {
  const post = await findScheduled(ctx, accountId, id);
  const removed = await ctx.prisma.post.deleteMany({
    where: { id, accountId, postType: "SCHEDULED" },
  });
  if (removed.count === 0) throw noScheduledPost(accountId, id);
  return post;
}
