import { BoundedCache } from "./bounded-cache.js";
import { seedOf } from "./hash.js";
import { lineItemCore } from "./hourly-core.js";
import { apportion } from "./integers.js";
import { localHour } from "./local-time.js";
import { MS_PER_HOUR } from "@adsgraph/models";
import type { Core } from "./metric-vector.js";
import { placementWeights } from "./placements.js";
import type { PlacementWeights } from "./placements.js";
import { liveCreatives, liveAt, sortedSpans, stateBefore } from "./spans.js";
import type {
  CampaignFacts,
  CampaignState,
  CreativeFacts,
  DeliveryWorld,
  FundingInstrumentFacts,
  LineItemFacts,
  LineItemState,
  Span,
} from "./world.js";

/** A line item's delivery in one hour (absent when it delivered nothing). */
export interface LineItemHour {
  /** The hour's numbers before caps. */
  readonly core: Core;
  /** The share kept after budget caps: every metric is scaled by num / den (1/1 uncapped). */
  readonly num: number;
  readonly den: number;
  /** When it delivered (epoch ms, end exclusive; a cap ends it early, pro rata). */
  readonly start: number;
  readonly end: number;
  /** Its creatives live in the hour, in id order: its delivery splits over them. */
  readonly creatives: readonly CreativeFacts[];
  /** Memo of the full metric vector (delivery.ts fills and evicts it). */
  vector: Float64Array | null;
}

export interface CampaignHour {
  /** The funding instrument that paid for the hour (a campaign may change it). */
  readonly fundingInstrumentId: string;
  /** By `CampaignRun.lineItems` index; null where the line item delivered nothing. */
  readonly lineItems: readonly (LineItemHour | null)[];
}

export interface PreparedLineItem {
  readonly facts: LineItemFacts;
  readonly spans: readonly Span<LineItemState>[];
  readonly creatives: readonly CreativeFacts[];
  readonly seed: number;
  readonly placementWeights: PlacementWeights;
}

interface Budget {
  campaignSpent: number;
  day: number;
  daySpent: number;
  readonly lineItemSpent: number[];
}

/**
 * A campaign's delivery from its first line item's creation, hour by hour: budgets carry
 * from one hour to the next, so the closed hours are computed once, in order, and kept.
 */
export interface CampaignRun {
  /** Everything the run depends on (its cache key). */
  readonly fingerprint: string;
  readonly campaign: CampaignFacts;
  readonly spans: readonly Span<CampaignState>[];
  readonly lineItems: readonly PreparedLineItem[];
  readonly fundingInstruments: ReadonlyMap<string, FundingInstrumentFacts>;
  readonly timezone: string;
  readonly firstHour: number;
  /** Closed hours from `firstHour`, computed so far. */
  readonly hours: (CampaignHour | null)[];
  budget: Budget;
  open: { readonly now: number; readonly hour: CampaignHour | null } | null;
}

/**
 * Runs by fingerprint, bounded by the line-item hours they hold (~150 bytes each, so about
 * 75 MB): a campaign's run is kept while it is asked for, however long its history.
 */
const MAX_LINE_ITEM_HOURS = 500_000;
const runs = new BoundedCache<string, CampaignRun>(
  MAX_LINE_ITEM_HOURS,
  (run) => 1 + run.hours.length * Math.max(1, run.lineItems.length),
);

/** The run of a campaign of a world (memoised by everything it depends on but `now`). */
export function campaignRun(
  world: DeliveryWorld,
  campaign: CampaignFacts,
  lineItems: readonly LineItemFacts[],
  creativesOf: (lineItemId: string) => readonly CreativeFacts[],
  fundingInstruments: ReadonlyMap<string, FundingInstrumentFacts>,
): CampaignRun {
  const items = [...lineItems].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const creatives = items.map((item) =>
    [...creativesOf(item.id)].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  const fiIds = [...new Set(campaign.spans.map((span) => span.state.fundingInstrumentId))];
  const fis = new Map(
    fiIds.flatMap((id) => {
      const fi = fundingInstruments.get(id);
      return fi === undefined ? [] : [[id, fi] as const];
    }),
  );
  const fingerprint = JSON.stringify([world.timezone, campaign, items, creatives, [...fis]]);
  const known = runs.get(fingerprint);
  if (known !== undefined) return known;
  const firstCreated = Math.min(...items.map((item) => item.createdAt));
  const run: CampaignRun = {
    fingerprint,
    campaign,
    spans: sortedSpans(campaign.spans),
    lineItems: items.map((facts, i) => ({
      facts,
      spans: sortedSpans(facts.spans),
      creatives: creatives[i] ?? [],
      seed: seedOf(facts.id),
      placementWeights: placementWeights(facts),
    })),
    fundingInstruments: fis,
    timezone: world.timezone,
    firstHour: Number.isFinite(firstCreated) ? Math.floor(firstCreated / MS_PER_HOUR) : Infinity,
    hours: [],
    budget: { campaignSpent: 0, day: NaN, daySpent: 0, lineItemSpent: items.map(() => 0) },
    open: null,
  };
  runs.set(fingerprint, run);
  return run;
}

/** The campaign's delivery in hour `hour` (index since the epoch) as of `now`. */
export function campaignHour(run: CampaignRun, hour: number, now: number): CampaignHour | null {
  if (hour < run.firstHour) return null;
  const closedUntil = Math.floor(now / MS_PER_HOUR);
  if (hour < closedUntil) {
    if (run.firstHour + run.hours.length <= hour) {
      while (run.firstHour + run.hours.length <= hour) {
        const h = run.firstHour + run.hours.length;
        run.hours.push(step(run, h, (h + 1) * MS_PER_HOUR, run.budget));
      }
      runs.set(run.fingerprint, run); // weighed again: it grew
    }
    return run.hours[hour - run.firstHour] ?? null;
  }
  if (hour > closedUntil || now <= hour * MS_PER_HOUR) return null;
  // The open hour: from the closed hours' budget, on a copy (it changes until it closes).
  if (run.open?.now !== now) {
    if (hour > run.firstHour) campaignHour(run, hour - 1, now);
    const budget = { ...run.budget, lineItemSpent: [...run.budget.lineItemSpent] };
    run.open = { now, hour: step(run, hour, now, budget) };
  }
  return run.open.hour;
}

/**
 * One hour, governed by the state in effect just before `t` = min(hour end, now); spends
 * from `budget` (mutated).
 */
function step(run: CampaignRun, hour: number, t: number, budget: Budget): CampaignHour | null {
  const hourStart = hour * MS_PER_HOUR;
  const state = stateBefore(run.spans, t);
  if (state === null || state.entityStatus !== "ACTIVE" || state.deleted) return null;
  if (state.startTime === null) return null; // incomplete (campaign-serving.ts)
  const fi = run.fundingInstruments.get(state.fundingInstrumentId);
  if (fi === undefined || !fi.able || !liveAt(fi, t)) return null;
  const from = Math.max(hourStart, state.startTime, fi.startTime, run.campaign.createdAt);
  const until = Math.min(t, state.endTime ?? Infinity, fi.endTime ?? Infinity);
  if (until <= from) return null;
  const local = localHour(run.timezone, hour);

  const drafts = run.lineItems.map((item) => {
    if (item.facts.createdAt >= t) return null;
    const itemState = stateBefore(item.spans, t);
    if (itemState === null || itemState.entityStatus !== "ACTIVE" || itemState.deleted) {
      return null;
    }
    const creatives = liveCreatives(item.creatives, t);
    if (creatives.length === 0) return null;
    const firstCreative = Math.min(...creatives.map((creative) => creative.createdAt));
    const start = Math.max(from, item.facts.createdAt, firstCreative);
    if (until <= start) return null;
    const fraction = (until - start) / MS_PER_HOUR;
    const core = lineItemCore(
      item.seed,
      hour,
      local.hour,
      fraction,
      item.facts.objective,
      itemState,
    );
    if (core.impressions === 0) return null;
    return { core, start, creatives, cap: itemState.totalBudgetMicro };
  });

  if (budget.day !== local.day) {
    budget.day = local.day;
    budget.daySpent = 0;
  }
  const daily = state.dailyBudgetMicro;
  // Standard delivery paces the day: by the end of local hour k, at most (k + 1) / 24 of it.
  const dayCap =
    daily === null
      ? Infinity
      : state.standardDelivery
        ? Math.floor((daily * (local.hour + 1)) / 24)
        : daily;
  const total = state.totalBudgetMicro;
  const campaignLeft = Math.max(
    0,
    Math.min(dayCap - budget.daySpent, total === null ? Infinity : total - budget.campaignSpent),
  );
  const wanted = drafts.map((draft, i) => {
    if (draft === null) return 0;
    const itemLeft =
      draft.cap === null ? Infinity : Math.max(0, draft.cap - (budget.lineItemSpent[i] ?? 0));
    return itemLeft === 0 ? -1 : Math.min(draft.core.spend, itemLeft); // -1: spent out
  });
  const sum = wanted.reduce((acc, value) => acc + Math.max(0, value), 0);
  const kept =
    sum > campaignLeft
      ? apportion(
          campaignLeft,
          wanted.map((w) => Math.max(0, w)),
        )
      : wanted;

  const lineItems = drafts.map((draft, i): LineItemHour | null => {
    const keep = kept[i] ?? 0;
    if (draft === null || wanted[i] === -1 || campaignLeft === 0) return null;
    const spend = draft.core.spend;
    const num = spend === 0 ? 1 : keep;
    const den = spend === 0 ? 1 : spend;
    if (num === 0) return null;
    budget.lineItemSpent[i] = (budget.lineItemSpent[i] ?? 0) + (spend === 0 ? 0 : keep);
    budget.daySpent += spend === 0 ? 0 : keep;
    budget.campaignSpent += spend === 0 ? 0 : keep;
    const end = num === den ? until : draft.start + Math.ceil(((until - draft.start) * num) / den);
    return {
      core: draft.core,
      num,
      den,
      start: draft.start,
      end,
      creatives: draft.creatives,
      vector: null,
    };
  });
  return lineItems.some((item) => item !== null)
    ? { fundingInstrumentId: state.fundingInstrumentId, lineItems }
    : null;
}
