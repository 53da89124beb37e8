import type { PromotedAccount as PromotedAccountResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { newAdsId } from "../db/ids.js";
import type { Prisma, PromotedAccount } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import { lockLineItem, withLineItemTx } from "./line-item-refs.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

/** The one product type whose line items hold promoted accounts (spec §4.4 product types). */
export const PROMOTED_ACCOUNT_PRODUCT = "PROMOTED_ACCOUNT";

export const PROMOTED_ACCOUNT_SORT = sortColumns("promoted_accounts.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  line_item_id: { field: "lineItemId", type: "string" },
  user_id: { field: "userId", type: "string" },
  entity_status: { field: "entityStatus", type: "string" },
});

/** spec §2.11 (user_id as digits, §2.1), with the statuses the recorded promoted records carry. */
export function presentPromotedAccount(row: PromotedAccount): Presented<PromotedAccountResource> {
  return {
    id: row.id,
    line_item_id: row.lineItemId,
    user_id: row.userId,
    entity_status: row.entityStatus,
    approval_status: row.approvalStatus,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface PromotedAccountQuery extends ListParams {
  readonly line_item_ids?: readonly string[] | undefined;
  readonly promoted_account_ids?: readonly string[] | undefined;
}

/**
 * spec §4.6, §7: 400 when none of the listed line items (without line_item_ids: none of the
 * account's) can hold promoted accounts. Deleted line items count: their records stay listable.
 */
async function requireHolder(
  ctx: AppContext,
  accountId: string,
  lineItemIds: readonly string[] | undefined,
): Promise<void> {
  const holder = await ctx.prisma.lineItem.findFirst({
    where: { accountId, productType: PROMOTED_ACCOUNT_PRODUCT, ...inList("id", lineItemIds) },
    select: { id: true },
  });
  if (holder !== null) return;
  throw BadRequestError.of(
    ERROR_CODES.INCOMPATIBLE_LINE_ITEM,
    lineItemIds === undefined
      ? `account ${accountId} has no line item of product_type ${PROMOTED_ACCOUNT_PRODUCT}, so none can hold promoted accounts`
      : `none of line_item_ids is a line item of product_type ${PROMOTED_ACCOUNT_PRODUCT} in account ${accountId}, so none can hold promoted accounts`,
    lineItemIds === undefined ? undefined : "line_item_ids",
  );
}

export async function listPromotedAccounts(
  ctx: AppContext,
  accountId: string,
  query: PromotedAccountQuery,
): Promise<ListOutcome<PromotedAccount>> {
  await requireHolder(ctx, accountId, query.line_item_ids);
  return runList(ctx, {
    scope: `promoted_accounts:${accountId}`,
    sortable: PROMOTED_ACCOUNT_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("lineItemId", query.line_item_ids),
      ...inList("id", query.promoted_account_ids),
    },
    findMany: (args) =>
      ctx.prisma.promotedAccount.findMany(args as Prisma.PromotedAccountFindManyArgs),
    count: (where) => ctx.prisma.promotedAccount.count({ where }),
  });
}

export async function getPromotedAccount(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<PromotedAccount> {
  const row = await ctx.prisma.promotedAccount.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`promoted account ${id} does not exist`, "promoted_account_id");
  }
  return row;
}

/**
 * spec §4.6 POST, §7: the line item must be a live PROMOTED_ACCOUNT line item of the account
 * (else 400 INCOMPATIBLE_LINE_ITEM); the user must be eligible, i.e. a user of this service
 * (else 400 and nobody is promoted); a user already promoted on the line item is ignored: the
 * existing record is the answer. The line item's row lock keeps two creates from both writing.
 */
export function createPromotedAccount(
  ctx: AppContext,
  accountId: string,
  input: { readonly line_item_id: string; readonly user_id: string },
): Promise<PromotedAccount> {
  return withLineItemTx(ctx, async (tx) => {
    const lineItem = await lockLineItem(tx, accountId, input.line_item_id);
    if (lineItem.productType !== PROMOTED_ACCOUNT_PRODUCT) {
      throw BadRequestError.of(
        ERROR_CODES.INCOMPATIBLE_LINE_ITEM,
        `line item ${lineItem.id} has product_type ${lineItem.productType}; only ${PROMOTED_ACCOUNT_PRODUCT} line items hold promoted accounts`,
        "line_item_id",
      );
    }
    const user = await tx.user.findUnique({ where: { id: input.user_id }, select: { id: true } });
    if (user === null) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `user ${input.user_id} is not eligible for promotion: no such user; nobody was promoted`,
        "user_id",
      );
    }
    const existing = await tx.promotedAccount.findFirst({
      where: { lineItemId: lineItem.id, userId: user.id, deleted: false },
    });
    if (existing !== null) return existing;
    const now = ctx.clock();
    return tx.promotedAccount.create({
      data: {
        id: newAdsId(),
        accountId,
        lineItemId: lineItem.id,
        userId: user.id,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

/** Soft delete (spec §2.1); a second DELETE is 404. */
export async function deletePromotedAccount(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<PromotedAccount> {
  const updated = await ctx.prisma.promotedAccount.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`promoted account ${id} does not exist`, "promoted_account_id");
  }
  return ctx.prisma.promotedAccount.findUniqueOrThrow({ where: { id } });
}
