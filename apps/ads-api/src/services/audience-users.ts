import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import { accessAudience } from "./audience-access.js";
import { planUsersBatch } from "./users-batch-plan.js";
import type { MemberKey, MemberUpdate, UsersOperation } from "./users-batch-plan.js";

/**
 * spec §4.8 POST custom_audiences/:id/users: the operations in input order, all or nothing, in
 * one transaction. The path account must be allowed to write the audience (its own, or one
 * shared with it READ_WRITE: `accessAudience`). Update adds each identifier of each user as a
 * member (or sets the effective_at/expires_at of one already there); Delete removes them.
 * `last_upload_at` becomes the service clock's now: the audience is PROCESSING for a while.
 * Only digests (and the advertiser's clear partner ids) reach this point: the catalog refused
 * anything else by name. Returns the users sent, which the answer counts.
 */
export async function uploadAudienceUsers(
  ctx: AppContext,
  accountId: string,
  audienceId: string,
  operations: readonly UsersOperation[],
): Promise<number> {
  const plan = planUsersBatch(operations);
  const now = ctx.clock();
  await ctx.prisma.$transaction(async (tx) => {
    // Batches of one audience one at a time (overlapping member writes could otherwise
    // deadlock), and none beside a delete of the audience.
    await tx.$queryRaw`SELECT id FROM "custom_audience" WHERE id = ${audienceId} FOR UPDATE`;
    await accessAudience(tx, accountId, audienceId, "write");
    await removeMembers(tx, audienceId, plan.removals);
    await upsertMembers(tx, audienceId, plan.updates, now);
    // Also bumps the owner's account data version (the member table has no account_id).
    await tx.customAudience.update({ where: { id: audienceId }, data: { lastUploadAt: now } });
  });
  return plan.users;
}

/** Members travel as one JSON parameter: a batch of any size is one statement. */
async function removeMembers(tx: Tx, audienceId: string, members: readonly MemberKey[]) {
  if (members.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM "audience_member" AS m
    USING jsonb_to_recordset(${JSON.stringify(members)}::jsonb) AS d(kind text, value text)
    WHERE m.audience_id = ${audienceId} AND m.kind = d.kind AND m.value = d.value`;
}

async function upsertMembers(
  tx: Tx,
  audienceId: string,
  members: readonly MemberUpdate[],
  now: Date,
) {
  if (members.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "audience_member" (audience_id, kind, value, effective_at, expires_at, added_at)
    SELECT ${audienceId}, u.kind, u.value, u."effectiveAt", u."expiresAt", ${now}
    FROM jsonb_to_recordset(${JSON.stringify(members)}::jsonb)
      AS u(kind text, value text, "effectiveAt" timestamptz, "expiresAt" timestamptz)
    ON CONFLICT (audience_id, kind, value)
    DO UPDATE SET effective_at = EXCLUDED.effective_at, expires_at = EXCLUDED.expires_at`;
}
