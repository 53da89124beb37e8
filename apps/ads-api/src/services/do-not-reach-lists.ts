import { WIRE_ERROR_CODES } from "@adsgraph/models";
import type { DoNotReachList as DoNotReachListResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { ConflictError, NotFoundError } from "../errors.js";
import type { DoNotReachList } from "../generated/prisma/client.js";
import type { Presented } from "./presented.js";
import { ts } from "./time.js";

/**
 * spec §4.8 do-not-reach lists: at most one live list per account (§8), holding hashed e-mails
 * until each expires. The list excludes its users from every campaign of the account; it
 * removes nobody from a custom audience, so no audience's members or size change with it.
 */

/** The list's fields (§2.11 shows none beyond the parameters; the catalog's schema). */
export async function presentDoNotReachList(
  db: Db,
  row: DoNotReachList,
  now: Date,
): Promise<Presented<DoNotReachListResource>> {
  return {
    id: row.id,
    account_id: row.accountId,
    description: row.description,
    // Expired entries exclude nobody any more, so they are not counted (service clock).
    user_count: await db.doNotReachMember.count({
      where: { listId: row.id, expiresAt: { gt: now } },
    }),
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

/** The account's live list, or none: a collection of zero or one. */
export async function listDoNotReachLists(
  ctx: AppContext,
  accountId: string,
): Promise<Presented<DoNotReachListResource>[]> {
  const live = await ctx.prisma.doNotReachList.findFirst({ where: { accountId, deleted: false } });
  return live === null ? [] : [await presentDoNotReachList(ctx.prisma, live, ctx.clock())];
}

/**
 * A second live list is 409 DO_NOT_REACH_LIST_EXISTS and writes nothing: the partial unique
 * index of the migration decides, so two creates at once cannot both win. After a delete a
 * new one may be made.
 */
export async function createDoNotReachList(
  ctx: AppContext,
  accountId: string,
  description: string | undefined,
): Promise<Presented<DoNotReachListResource>> {
  const now = ctx.clock();
  try {
    const row = await ctx.prisma.doNotReachList.create({
      data: {
        id: newAdsId(),
        accountId,
        description: description ?? null,
        createdAt: now,
        updatedAt: now,
      },
    });
    return await presentDoNotReachList(ctx.prisma, row, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const live = await ctx.prisma.doNotReachList.findFirst({
      where: { accountId, deleted: false },
      select: { id: true },
    });
    throw new ConflictError(
      WIRE_ERROR_CODES.DO_NOT_REACH_LIST_EXISTS,
      `account ${accountId} already has its do-not-reach list${live === null ? "" : ` ${live.id}`} (one per account, spec §8); delete it first`,
    );
  }
}

/** Soft delete (deleted=true); a list that is not the account's live one, or a repeat, is 404. */
export async function deleteDoNotReachList(
  ctx: AppContext,
  accountId: string,
  listId: string,
): Promise<Presented<DoNotReachListResource>> {
  const now = ctx.clock();
  const changed = await ctx.prisma.doNotReachList.updateMany({
    where: { id: listId, accountId, deleted: false },
    data: { deleted: true, updatedAt: now },
  });
  if (changed.count === 0) throw missingList(listId);
  const row = await ctx.prisma.doNotReachList.findUniqueOrThrow({ where: { id: listId } });
  return presentDoNotReachList(ctx.prisma, row, now);
}

export function missingList(listId: string): NotFoundError {
  return new NotFoundError(`do-not-reach list ${listId} does not exist`, "do_not_reach_list_id");
}
