import { BUDGET_OPTIMIZATIONS, ENTITY_STATUSES } from "@adsgraph/models";
import type { Campaign as CampaignResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Campaign, Prisma } from "../generated/prisma/client.js";
import { NotFoundError } from "../errors.js";
import { inList, namePrefix, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { servingState } from "./campaign-serving.js";
import { sortColumns } from "./sort-columns.js";
import { micro, ts, tsOrNull } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";

export const CAMPAIGN_SORT = sortColumns("campaigns.list", {
  id: { field: "id", type: "string" },
  name: { field: "nameSort", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  entity_status: { field: "entityStatus", type: "string" },
  currency: { field: "currency", type: "string" },
  funding_instrument_id: { field: "fundingInstrumentId", type: "string" },
  daily_budget_amount_local_micro: {
    field: "dailyBudgetAmountLocalMicro",
    type: "bigint",
    nullable: true,
  },
  total_budget_amount_local_micro: {
    field: "totalBudgetAmountLocalMicro",
    type: "bigint",
    nullable: true,
  },
  start_time: { field: "startTime", type: "date", nullable: true },
  end_time: { field: "endTime", type: "date", nullable: true },
});

export const WITH_FUNDING = {
  fundingInstrument: { select: { ableToFund: true } },
} as const satisfies Prisma.CampaignInclude;

export type CampaignRow = Campaign & { fundingInstrument: { ableToFund: boolean } };

/** spec §2.3; effective_status, servable and reasons_not_servable as campaign-serving.ts derives them. */
export function presentCampaign(row: CampaignRow, now: Date): Presented<CampaignResource> {
  const serving = servingState({ ...row, ableToFund: row.fundingInstrument.ableToFund }, now);
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    funding_instrument_id: row.fundingInstrumentId,
    budget_optimization: storedEnum(BUDGET_OPTIMIZATIONS, row.budgetOptimization),
    daily_budget_amount_local_micro: micro(row.dailyBudgetAmountLocalMicro),
    total_budget_amount_local_micro: micro(row.totalBudgetAmountLocalMicro),
    standard_delivery: row.standardDelivery,
    purchase_order_number: row.purchaseOrderNumber,
    entity_status: storedEnum(ENTITY_STATUSES, row.entityStatus),
    effective_status: serving.effective_status,
    servable: serving.servable,
    reasons_not_servable: serving.reasons_not_servable,
    duration_in_days: row.durationInDays,
    frequency_cap: row.frequencyCap,
    currency: row.currency,
    start_time: tsOrNull(row.startTime),
    end_time: tsOrNull(row.endTime),
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

/**
 * The first instant after `now` at which `servingState` of one of the rows reads differently
 * (a start_time or end_time reached): a list answer made at `now` holds until then.
 */
export function servingChangesAt(
  rows: readonly Pick<CampaignRow, "startTime" | "endTime">[],
  now: Date,
): number {
  const at = now.getTime();
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    for (const time of [row.startTime, row.endTime]) {
      const ms = time?.getTime();
      if (ms !== undefined && ms > at && ms < next) next = ms;
    }
  }
  return next;
}

export interface CampaignQuery extends ListParams {
  readonly campaign_ids?: readonly string[] | undefined;
  readonly funding_instrument_ids?: readonly string[] | undefined;
  readonly q?: string | undefined;
  readonly with_draft?: boolean | undefined;
}

export function listCampaigns(
  ctx: AppContext,
  accountId: string,
  query: CampaignQuery,
): Promise<ListOutcome<CampaignRow>> {
  return runList(ctx, {
    scope: `campaigns:${accountId}`,
    sortable: CAMPAIGN_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("id", query.campaign_ids),
      ...inList("fundingInstrumentId", query.funding_instrument_ids),
      ...namePrefix(query.q),
      ...(query.with_draft === true ? {} : { draft: false }),
    },
    findMany: (args) =>
      ctx.prisma.campaign.findMany({
        ...(args as Prisma.CampaignFindManyArgs),
        include: WITH_FUNDING,
      }),
    count: (where) => ctx.prisma.campaign.count({ where }),
  });
}

export async function getCampaign(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<CampaignRow> {
  const row = await ctx.prisma.campaign.findFirst({
    where: { id, accountId },
    include: WITH_FUNDING,
  });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`campaign ${id} does not exist`, "campaign_id");
  }
  return row;
}
