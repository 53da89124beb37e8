import type { OperatorType, TargetingCriterion } from "@adsgraph/models";
import type { PrismaClient } from "../db/database.js";
import type { WorldScope } from "./world-scope.js";
import { estimateAudience } from "../services/audience-estimate.js";
import type {
  CampaignFacts,
  CampaignState,
  CreativeFacts,
  DeliveryWorld,
  FundingInstrumentFacts,
  LineItemFacts,
  LineItemState,
  Span,
} from "./simulation/world.js";
import { groupBy } from "./simulation/group-by.js";

/** A history entry's `changes`: wire field → {old_value, new_value} (services/history.ts). */
type Changes = Readonly<Record<string, { readonly old_value?: unknown } | undefined>>;

const num = (value: unknown): number | null =>
  typeof value === "number"
    ? value
    : typeof value === "string" && value !== ""
      ? Number(value)
      : null;
const str = (value: unknown, fallback: string): string =>
  typeof value === "string" ? value : fallback;
const bool = (value: unknown, fallback: boolean): boolean =>
  typeof value === "boolean" ? value : fallback;

/** How an entry's old values undo it on a campaign's state (wire names of HISTORY_FIELDS). */
function undoCampaign(state: CampaignState, changes: Changes): CampaignState {
  const old = (field: string) => changes[field]?.old_value;
  const has = (field: string) => Object.hasOwn(changes, field);
  return {
    ...state,
    ...(has("entity_status") && { entityStatus: str(old("entity_status"), state.entityStatus) }),
    ...(has("deleted") && { deleted: bool(old("deleted"), false) }),
    ...(has("funding_instrument_id") && {
      fundingInstrumentId: str(old("funding_instrument_id"), state.fundingInstrumentId),
    }),
    ...(has("daily_budget_amount_local_micro") && {
      dailyBudgetMicro: num(old("daily_budget_amount_local_micro")),
    }),
    ...(has("total_budget_amount_local_micro") && {
      totalBudgetMicro: num(old("total_budget_amount_local_micro")),
    }),
    ...(has("standard_delivery") && {
      standardDelivery: bool(old("standard_delivery"), state.standardDelivery),
    }),
    ...(has("start_time") && { startTime: timeOf(old("start_time")) }),
    ...(has("end_time") && { endTime: timeOf(old("end_time")) }),
  };
}

/** Line item fields besides reach, undone like a campaign's. */
type LineItemFields = Omit<LineItemState, "reach">;

function undoLineItem(state: LineItemFields, changes: Changes): LineItemFields {
  const old = (field: string) => changes[field]?.old_value;
  const has = (field: string) => Object.hasOwn(changes, field);
  return {
    ...state,
    ...(has("entity_status") && { entityStatus: str(old("entity_status"), state.entityStatus) }),
    ...(has("deleted") && { deleted: bool(old("deleted"), false) }),
    ...(has("bid_amount_local_micro") && { bidMicro: num(old("bid_amount_local_micro")) }),
    ...(has("bid_strategy") && { bidStrategy: str(old("bid_strategy"), state.bidStrategy) }),
    ...(has("pay_by") && {
      payBy: typeof old("pay_by") === "string" ? str(old("pay_by"), "") : null,
    }),
    ...(has("total_budget_amount_local_micro") && {
      totalBudgetMicro: num(old("total_budget_amount_local_micro")),
    }),
  };
}

function timeOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** What a history entry says of a change (services/history.ts writes `changes`). */
export interface HistoryStep {
  readonly changeType: string;
  readonly changes: unknown;
  readonly changedAt: Date;
}

/**
 * The spans of one entity: the current row's state, walked back through its history entries
 * (newest first, each entry's old values undoing it), so a span starts at each change and the
 * first at the entity's creation. Rows written without history (seeds of old) get one span.
 */
export function spansFromHistory<S>(
  createdAt: number,
  current: S,
  entries: readonly HistoryStep[],
  undo: (state: S, changes: Changes) => S,
): Span<S>[] {
  const reversed: Span<S>[] = [];
  let state = current;
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry === undefined || entry.changeType === "CREATE") break;
    const from = Math.max(entry.changedAt.getTime(), createdAt);
    reversed.push({ from, state });
    state = undo(state, (entry.changes ?? {}) as Changes);
  }
  reversed.push({ from: createdAt, state });
  // Oldest first; of spans starting at one instant, the later change wins.
  const spans: Span<S>[] = [];
  for (const span of reversed.reverse()) {
    const last = spans.at(-1);
    if (last !== undefined && last.from === span.from) spans[spans.length - 1] = span;
    else spans.push(span);
  }
  return spans;
}

interface CriterionRow {
  readonly lineItemId: string;
  readonly targetingType: string;
  readonly targetingValue: string;
  readonly operatorType: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deleted: boolean;
}

/** A targeting criterion's life: created, and deleted at its last update. */
const lifeOf = (row: CriterionRow) => ({
  from: row.createdAt.getTime(),
  until: row.deleted ? row.updatedAt.getTime() : Number.POSITIVE_INFINITY,
});

/**
 * The audience size in effect over time: the estimate's midpoint over the criteria live at
 * each instant a criterion was added or deleted. A later change of targeting starts a new
 * span and so never rewrites hours already closed.
 */
export function reachSpans(createdAt: number, criteria: readonly CriterionRow[]): Span<number>[] {
  const instants = new Set<number>([createdAt]);
  for (const row of criteria) {
    const life = lifeOf(row);
    instants.add(Math.max(life.from, createdAt));
    if (Number.isFinite(life.until)) instants.add(Math.max(life.until, createdAt));
  }
  return [...instants]
    .sort((a, b) => a - b)
    .map((from) => {
      const live: TargetingCriterion[] = criteria
        .filter((row) => {
          const life = lifeOf(row);
          return Math.max(life.from, createdAt) <= from && from < life.until;
        })
        .map((row) => ({
          targeting_type: row.targetingType as TargetingCriterion["targeting_type"],
          targeting_value: row.targetingValue,
          operator_type: row.operatorType as OperatorType,
        }));
      const { audience_size: size } = estimateAudience(live, undefined);
      return { from, state: Math.round((size.min + size.max) / 2) };
    });
}

/** The state in effect at `at` (the last span starting at or before it; the first otherwise). */
function stateAt<S>(spans: readonly Span<S>[], at: number): S {
  let found = spans[0]?.state;
  for (const span of spans) {
    if (span.from > at) break;
    found = span.state;
  }
  if (found === undefined) throw new Error("an entity without spans");
  return found;
}

/** Line item spans and reach spans as one series, a span at every instant either changes. */
export function mergeReach(
  fields: readonly Span<LineItemFields>[],
  reach: readonly Span<number>[],
): Span<LineItemState>[] {
  const instants = [...new Set([...fields, ...reach].map((span) => span.from))].sort(
    (a, b) => a - b,
  );
  return instants.map((from) => ({
    from,
    state: { ...stateAt(fields, from), reach: stateAt(reach, from) },
  }));
}

const deletedAtOf = (row: { deleted: boolean; updatedAt: Date }): number | null =>
  row.deleted ? row.updatedAt.getTime() : null;

/** The account the simulation reads (rows: one query per table, within the scope). */
export interface AccountRef {
  readonly id: string;
  readonly timezone: string;
}

/**
 * The delivery world of an account at `now`: its funding instruments, campaigns and line items
 * with their spans rebuilt from account_history, creatives (promoted posts, promoted accounts,
 * media creatives: they cannot be paused through this API, so created and deleted times are
 * their whole life) and reach spans from targeting criteria.
 */
export async function loadDeliveryWorld(
  prisma: PrismaClient,
  account: AccountRef,
  now: Date,
  scope: WorldScope = "all",
): Promise<DeliveryWorld> {
  const where = { accountId: account.id };
  const campaignWhere = scope === "all" ? where : { ...where, id: { in: [...scope.campaignIds] } };
  const [funding, campaigns, lineItems] = await Promise.all([
    prisma.fundingInstrument.findMany({ where, orderBy: { id: "asc" } }),
    prisma.campaign.findMany({ where: { ...campaignWhere, draft: false }, orderBy: { id: "asc" } }),
    prisma.lineItem.findMany({
      where: scope === "all" ? where : { ...where, campaignId: { in: [...scope.campaignIds] } },
      orderBy: { id: "asc" },
    }),
  ]);
  // In a scope, only the rows of its campaigns and their line items.
  const lineItemIds = lineItems.map((row) => row.id);
  const ofLineItems = scope === "all" ? where : { ...where, lineItemId: { in: lineItemIds } };
  const entityIds = [...campaigns.map((row) => row.id), ...lineItemIds];
  const [history, criteria, posts, promotedAccounts, media] = await Promise.all([
    prisma.historyEntry.findMany({
      where: {
        ...where,
        entityType: { in: ["CAMPAIGN", "LINE_ITEM"] },
        ...(scope === "all" ? {} : { entityId: { in: entityIds } }),
      },
      orderBy: [{ changedAt: "asc" }, { id: "asc" }],
      select: {
        entityType: true,
        entityId: true,
        changeType: true,
        changes: true,
        changedAt: true,
      },
    }),
    prisma.targetingCriterion.findMany({
      where: ofLineItems,
      select: {
        lineItemId: true,
        targetingType: true,
        targetingValue: true,
        operatorType: true,
        createdAt: true,
        updatedAt: true,
        deleted: true,
      },
    }),
    prisma.promotedPost.findMany({ where: ofLineItems, orderBy: { id: "asc" } }),
    prisma.promotedAccount.findMany({ where: ofLineItems, orderBy: { id: "asc" } }),
    prisma.mediaCreative.findMany({ where: ofLineItems, orderBy: { id: "asc" } }),
  ]);
  const historyOf = groupBy(history, (entry) => `${entry.entityType}:${entry.entityId}`);
  const criteriaOf = groupBy(criteria, (row) => row.lineItemId);
  const fundingInstruments: FundingInstrumentFacts[] = funding.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.getTime(),
    deletedAt: deletedAtOf(row),
    startTime: row.startTime.getTime(),
    endTime: row.endTime?.getTime() ?? null,
    able: row.ableToFund && !row.cancelled && !row.paused && row.entityStatus === "ACTIVE",
  }));
  const campaignFacts: CampaignFacts[] = campaigns.map((row) => {
    const createdAt = row.createdAt.getTime();
    const current: CampaignState = {
      entityStatus: row.entityStatus,
      deleted: row.deleted,
      fundingInstrumentId: row.fundingInstrumentId,
      dailyBudgetMicro: num(row.dailyBudgetAmountLocalMicro?.toString()),
      totalBudgetMicro: num(row.totalBudgetAmountLocalMicro?.toString()),
      standardDelivery: row.standardDelivery,
      startTime: row.startTime?.getTime() ?? null,
      endTime: row.endTime?.getTime() ?? null,
    };
    const entries = historyOf.get(`CAMPAIGN:${row.id}`) ?? [];
    return {
      id: row.id,
      createdAt,
      spans: spansFromHistory(createdAt, current, entries, undoCampaign),
    };
  });
  const lineItemFacts: LineItemFacts[] = lineItems.map((row) => {
    const createdAt = row.createdAt.getTime();
    const current: LineItemFields = {
      entityStatus: row.entityStatus,
      deleted: row.deleted,
      bidMicro: num(row.bidAmountLocalMicro?.toString()),
      bidStrategy: row.bidStrategy,
      payBy: row.payBy,
      totalBudgetMicro: num(row.totalBudgetAmountLocalMicro?.toString()),
    };
    const entries = historyOf.get(`LINE_ITEM:${row.id}`) ?? [];
    const fields = spansFromHistory(createdAt, current, entries, undoLineItem);
    return {
      id: row.id,
      campaignId: row.campaignId,
      createdAt,
      objective: row.objective,
      productType: row.productType,
      placements: row.placements,
      spans: mergeReach(fields, reachSpans(createdAt, criteriaOf.get(row.id) ?? [])),
    };
  });
  const creative =
    (kind: CreativeFacts["kind"]) =>
    (row: {
      id: string;
      lineItemId: string;
      createdAt: Date;
      updatedAt: Date;
      deleted: boolean;
    }) => ({
      id: row.id,
      kind,
      lineItemId: row.lineItemId,
      createdAt: row.createdAt.getTime(),
      deletedAt: deletedAtOf(row),
    });
  return {
    accountId: account.id,
    timezone: account.timezone,
    currency: funding[0]?.currency ?? campaigns[0]?.currency ?? "USD",
    now: now.getTime(),
    fundingInstruments,
    campaigns: campaignFacts,
    lineItems: lineItemFacts,
    creatives: [
      ...posts.map(creative("PROMOTED_POST")),
      ...promotedAccounts.map(creative("PROMOTED_ACCOUNT")),
      ...media.map(creative("MEDIA_CREATIVE")),
    ],
  };
}
