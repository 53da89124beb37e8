import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import type { LineItem } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES } from "../errors.js";

/**
 * Runs an attachment write in one transaction holding the line item's row: a concurrent delete
 * of the line item (or a second create of the same promoted user) waits for this one.
 */
export function withLineItemTx<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.prisma.$transaction(work);
}

/**
 * The live line item `id` of the account, locked for the rest of the transaction. A missing or
 * deleted one is a bad parameter value (400 naming `parameter`), as a campaign's funding
 * instrument is: attachments are never written onto a deleted line item.
 */
export async function lockLineItem(
  tx: Tx,
  accountId: string,
  id: string,
  parameter = "line_item_id",
): Promise<LineItem> {
  await tx.$queryRaw`SELECT id FROM "line_item" WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`;
  const row = await tx.lineItem.findFirst({ where: { id, accountId } });
  if (row === null || row.deleted) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `line item ${id} does not exist in account ${accountId}`,
      parameter,
    );
  }
  return row;
}
