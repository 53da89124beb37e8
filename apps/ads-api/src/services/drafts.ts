import type { DraftPreviewResult } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import type { Post } from "../generated/prisma/client.js";
import { editedColumns } from "./post-edits.js";
import type { PostEdit } from "./post-edits.js";
import type { Presented } from "./presented.js";

function noDraft(accountId: string, id: string): NotFoundError {
  return new NotFoundError(
    `draft post ${id} does not exist in account ${accountId}`,
    "draft_post_id",
  );
}

/** A draft made through the account (404 naming draft_post_id otherwise). */
export async function findDraft(ctx: AppContext, accountId: string, id: string): Promise<Post> {
  const draft = await ctx.prisma.post.findFirst({ where: { id, accountId, postType: "DRAFT" } });
  if (draft === null) throw noDraft(accountId, id);
  return draft;
}

/** spec §4.7 `PUT draft_posts/:id`: each given field replaces the stored one. */
export async function updateDraft(
  ctx: AppContext,
  accountId: string,
  id: string,
  input: PostEdit,
): Promise<Post> {
  const draft = await findDraft(ctx, accountId, id);
  const data = await editedColumns(ctx.prisma, accountId, draft, input);
  // Only while it is still this account's draft: a delete in between makes this a 404.
  const updated = await ctx.prisma.post.updateMany({
    where: { id, accountId, postType: "DRAFT" },
    data: { ...data, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) throw noDraft(accountId, id);
  return ctx.prisma.post.findUniqueOrThrow({ where: { id } });
}

/**
 * spec §3, §4.7: a draft delete is a hard delete ("removed permanently; cannot be retrieved
 * again"): the row goes, so a second delete or any later read is a 404. The answer is the
 * draft as it was, with `status: "DELETED"` (§2.7).
 */
export async function deleteDraft(ctx: AppContext, accountId: string, id: string): Promise<Post> {
  const draft = await findDraft(ctx, accountId, id);
  const removed = await ctx.prisma.post.deleteMany({ where: { id, accountId, postType: "DRAFT" } });
  if (removed.count === 0) throw noDraft(accountId, id);
  return draft;
}

/**
 * spec §4.7 draft preview: "sends a notification to the caller's devices … visible only to that
 * user". This service has no devices to notify, so nothing is sent and nothing stored: the
 * answer says what the real service would have done, naming the caller (not the draft's author).
 */
export async function previewDraft(
  ctx: AppContext,
  accountId: string,
  id: string,
  callerScreenName: string,
): Promise<Presented<DraftPreviewResult>> {
  const draft = await findDraft(ctx, accountId, id);
  return {
    message: `A preview of draft ${draft.id} was sent to @${callerScreenName}'s devices; only @${callerScreenName} sees it.`,
  };
}
