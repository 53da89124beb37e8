import type { LineItem as LineItemResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { LineItem, Prisma } from "../generated/prisma/client.js";
import { NotFoundError } from "../errors.js";
import { inList, namePrefix, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { micro, ts } from "./time.js";
import type { Presented } from "./presented.js";

export const LINE_ITEM_SORT = sortColumns("line_items.list", {
  id: { field: "id", type: "string" },
  name: { field: "nameSort", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  campaign_id: { field: "campaignId", type: "string" },
  entity_status: { field: "entityStatus", type: "string" },
  objective: { field: "objective", type: "string" },
  product_type: { field: "productType", type: "string" },
  bid_amount_local_micro: { field: "bidAmountLocalMicro", type: "bigint", nullable: true },
  total_budget_amount_local_micro: {
    field: "totalBudgetAmountLocalMicro",
    type: "bigint",
    nullable: true,
  },
});

/** A line item with every field of the recorded line_items_*.json, in their order. */
export function presentLineItem(row: LineItem): Presented<LineItemResource> {
  return {
    id: row.id,
    account_id: row.accountId,
    campaign_id: row.campaignId,
    name: row.name,
    objective: row.objective,
    product_type: row.productType,
    placement_type: row.placementType,
    placements: row.placements,
    bid_amount_local_micro: micro(row.bidAmountLocalMicro),
    bid_strategy: row.bidStrategy,
    pay_by: row.payBy,
    goal: row.goal,
    advertiser_domain: row.advertiserDomain,
    categories: row.categories,
    primary_web_event_tag: row.primaryWebEventTag,
    total_budget_amount_local_micro: micro(row.totalBudgetAmountLocalMicro),
    entity_status: row.entityStatus,
    currency: row.currency,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface LineItemQuery extends ListParams {
  readonly line_item_ids?: readonly string[] | undefined;
  readonly campaign_ids?: readonly string[] | undefined;
  readonly funding_instrument_ids?: readonly string[] | undefined;
  readonly q?: string | undefined;
}

/** Line items of an account; a line item's funding instrument is its campaign's. */
export function listLineItems(
  ctx: AppContext,
  accountId: string,
  query: LineItemQuery,
): Promise<ListOutcome<LineItem>> {
  const funding = query.funding_instrument_ids;
  return runList(ctx, {
    scope: `line_items:${accountId}`,
    sortable: LINE_ITEM_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("id", query.line_item_ids),
      ...inList("campaignId", query.campaign_ids),
      ...(funding === undefined ? {} : { campaign: { fundingInstrumentId: { in: [...funding] } } }),
      ...namePrefix(query.q),
    },
    findMany: (args) => ctx.prisma.lineItem.findMany(args as Prisma.LineItemFindManyArgs),
    count: (where) => ctx.prisma.lineItem.count({ where }),
  });
}

/** One line item; 404 when it is not the account's, or deleted without with_deleted. */
export async function getLineItem(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<LineItem> {
  const row = await ctx.prisma.lineItem.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`line item ${id} does not exist`, "line_item_id");
  }
  return row;
}
