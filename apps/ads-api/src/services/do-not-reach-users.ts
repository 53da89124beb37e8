import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import { missingList } from "./do-not-reach-lists.js";
import { planUsersBatch } from "./users-batch-plan.js";
import type { MemberKey, MemberUpdate, UsersOperation } from "./users-batch-plan.js";

/**
 * spec §4.8 POST batch/.../do_not_reach_lists/:id/users: hashed e-mails onto the account's live
 * list (404 naming do_not_reach_list_id for any other), in input order, all or nothing. Update
 * adds each e-mail with its expires_at (the catalog requires it, under 13 months ahead) or
 * moves the expiry of one already there; Delete removes them. No audience is touched. Returns
 * the users sent, which the answer counts.
 */
export async function uploadDoNotReachUsers(
  ctx: AppContext,
  accountId: string,
  listId: string,
  operations: readonly UsersOperation[],
): Promise<number> {
  const plan = planUsersBatch(operations);
  const now = ctx.clock();
  await ctx.prisma.$transaction(async (tx) => {
    // One batch of a list at a time, and none beside its delete.
    const live = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "do_not_reach_list"
      WHERE id = ${listId} AND account_id = ${accountId} AND NOT deleted FOR UPDATE`;
    if (live.length === 0) throw missingList(listId);
    await removeEntries(tx, listId, plan.removals);
    await upsertEntries(tx, listId, plan.updates, now);
    // Also bumps the account data version (the member table has no account_id).
    await tx.doNotReachList.update({ where: { id: listId }, data: { updatedAt: now } });
  });
  return plan.users;
}

async function removeEntries(tx: Tx, listId: string, entries: readonly MemberKey[]) {
  if (entries.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM "do_not_reach_member" AS m
    USING jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS d(value text)
    WHERE m.list_id = ${listId} AND m.email_hash = d.value`;
}

async function upsertEntries(tx: Tx, listId: string, entries: readonly MemberUpdate[], now: Date) {
  if (entries.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "do_not_reach_member" (list_id, email_hash, expires_at, added_at)
    SELECT ${listId}, u.value, u."expiresAt", ${now}
    FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
      AS u(value text, "expiresAt" timestamptz)
    ON CONFLICT (list_id, email_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at`;
}
