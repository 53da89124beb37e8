import type { AppContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import type { Post } from "../generated/prisma/client.js";
import { editedColumns } from "./post-edits.js";
import type { PostEdit } from "./post-edits.js";
import { presentScheduledPost } from "./ads-post-present.js";
import { settleUpdate } from "./update-rule.js";
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

/**
 * spec §4.7 `PUT scheduled_posts/:id`: each given field replaces the stored one; the post's
 * read-only fields may come back as read (update rule), compared with the row locked here.
 */
export async function updateScheduledPost(
  ctx: AppContext,
  accountId: string,
  id: string,
  params: ScheduledPostEdit & Readonly<Record<string, unknown>>,
): Promise<Post> {
  await findScheduled(ctx, accountId, id);
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "post" WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`;
    const post = await tx.post.findFirst({ where: { id, accountId, postType: "SCHEDULED" } });
    if (post === null) throw noScheduledPost(accountId, id);
    const input = settleUpdate("scheduled_posts.update", params, presentScheduledPost(post));
    const data = await editedColumns(tx, accountId, post, input);
    return tx.post.update({
      where: { id },
      data: {
        ...data,
        ...(input.scheduled_at === undefined
          ? {}
          : { scheduledAt: timestampDate(input.scheduled_at) }),
        updatedAt: ctx.clock(),
      },
    });
  });
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
