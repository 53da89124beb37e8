import type { DraftPreviewResult } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import type { Post } from "../generated/prisma/client.js";
import { editedColumns } from "./post-edits.js";
import type { PostEdit } from "./post-edits.js";
import { presentDraft } from "./ads-post-present.js";
import { settleUpdate } from "./update-rule.js";
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

/**
 * spec §4.7 `PUT draft_posts/:id`: each given field replaces the stored one; the draft's
 * read-only fields may come back as read (update rule), compared with the row locked here.
 */
export function updateDraft(
  ctx: AppContext,
  accountId: string,
  id: string,
  params: PostEdit & Readonly<Record<string, unknown>>,
): Promise<Post> {
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "post" WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`;
    const draft = await tx.post.findFirst({ where: { id, accountId, postType: "DRAFT" } });
    if (draft === null) throw noDraft(accountId, id);
    const input = settleUpdate("draft_posts.update", params, presentDraft(draft));
    const data = await editedColumns(tx, accountId, draft, input);
    return tx.post.update({ where: { id }, data: { ...data, updatedAt: ctx.clock() } });
  });
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
