import type { MetricGroup } from "@adsgraph/models";
import { METRIC_GROUPS, METRICS_BY_GROUP } from "@adsgraph/models";
import { uniform } from "./hash.js";
import { mulDivFloor } from "./integers.js";
import { conversionRate, videoRate } from "./pricing.js";

/**
 * Every metric of every group as one flat vector of integers ("slots": one per count or
 * money metric, one per part of a breakdown metric), laid out from METRICS_BY_GROUP so a new
 * metric in the table gets a slot (and zeros until it gets a formula here). Vectors add
 * slot by slot, which is what makes every sum exact.
 */
export interface Slot {
  readonly group: MetricGroup;
  readonly metric: string;
  readonly part: string | null;
}

export const SLOTS: readonly Slot[] = METRIC_GROUPS.flatMap((group) =>
  METRICS_BY_GROUP[group].flatMap((spec): Slot[] =>
    spec.kind === "breakdown"
      ? (spec.parts ?? []).map((part) => ({ group, metric: spec.name, part }))
      : [{ group, metric: spec.name, part: null }],
  ),
);
export const SLOT_COUNT = SLOTS.length;

const slotKey = (metric: string, part: string | null) =>
  part === null ? metric : `${metric}.${part}`;
const SLOT_INDEX = new Map(SLOTS.map((slot, i) => [slotKey(slot.metric, slot.part), i]));

/** The slot of a metric (and part); -1 when the table has no such metric. */
export function slotOf(metric: string, part: string | null = null): number {
  return SLOT_INDEX.get(slotKey(metric, part)) ?? -1;
}

export const IMPRESSIONS_SLOT = slotOf("impressions");
export const SPEND_SLOT = slotOf("billed_charge_local_micro");

/** An hour's headline numbers, before any budget cap. */
export interface Core {
  readonly impressions: number;
  readonly engagements: number;
  readonly clicks: number;
  readonly urlClicks: number;
  readonly appClicks: number;
  readonly billed: number;
  readonly spend: number;
}

interface Draw {
  readonly core: Core;
  readonly objective: string;
  /** The k-th uniform draw of this entity-hour for derived metrics. */
  readonly u: (k: number) => number;
}

const fl = Math.floor;
interface Video {
  readonly starts: number;
  readonly total: number;
  readonly v25: number;
  readonly v50: number;
  readonly v75: number;
  readonly v6: number;
}
let videoOf: { draw: Draw; video: Video } | null = null;
/** The video funnel of a draw, computed once per vector (ten slots read it). */
const video = (d: Draw): Video => {
  if (videoOf?.draw === d) return videoOf.video;
  const starts = fl(d.core.impressions * videoRate(d.objective) * (0.8 + 0.2 * d.u(1)));
  const total = fl(starts * (0.5 + 0.3 * d.u(2)));
  const v25 = fl(starts * 0.8);
  const v50 = fl(v25 * 0.75);
  const v75 = fl(v50 * 0.75);
  const result = { starts, total, v25, v50, v75, v6: fl(total * 0.5) };
  videoOf = { draw: d, video: result };
  return result;
};

/** Count metrics not in the core, as fractions of it (each ≤ what it is part of). */
const COUNT_FORMULAS: Readonly<Record<string, (d: Draw) => number>> = {
  impressions: (d) => d.core.impressions,
  engagements: (d) => d.core.engagements,
  clicks: (d) => d.core.clicks,
  url_clicks: (d) => d.core.urlClicks,
  app_clicks: (d) => d.core.appClicks,
  likes: (d) => fl(d.core.engagements * 0.3 * d.u(3)),
  reposts: (d) => fl(d.core.engagements * 0.06 * d.u(4)),
  replies: (d) => fl(d.core.engagements * 0.03 * d.u(5)),
  follows: (d) => fl(d.core.engagements * (d.objective === "FOLLOWERS" ? 0.25 : 0.01) * d.u(6)),
  card_engagements: (d) => fl(d.core.clicks * 0.3 * d.u(7)),
  qualified_impressions: (d) => fl(d.core.impressions * (0.55 + 0.3 * d.u(8))),
  carousel_swipes: (d) => fl(d.core.engagements * 0.04 * d.u(9)),
  posts_send: (d) => fl(d.core.engagements * 0.01 * d.u(10)),
  poll_card_vote: (d) => fl(d.core.engagements * 0.005 * d.u(11)),
  billed_engagements: (d) => d.core.billed,
  billed_charge_local_micro: (d) => d.core.spend,
  video_content_starts: (d) => video(d).starts,
  video_total_views: (d) => video(d).total,
  video_views_25: (d) => video(d).v25,
  video_views_50: (d) => video(d).v50,
  video_views_75: (d) => video(d).v75,
  video_views_100: (d) => fl(video(d).v75 * 0.7),
  video_3s100pct_views: (d) => fl(video(d).total * 0.6),
  video_6s_views: (d) => video(d).v6,
  video_15s_views: (d) => fl(video(d).v6 * 0.45),
  video_cta_clicks: (d) => fl(video(d).total * 0.02 * d.u(12)),
  media_views: (d) => fl(d.core.impressions * 0.2 * (0.5 + 0.5 * d.u(13))),
  media_engagements: (d) =>
    fl(fl(d.core.impressions * 0.2 * (0.5 + 0.5 * d.u(13))) * 0.05 * d.u(14)),
};

const PART_NAMES = [
  "metric",
  "post_engagement",
  "post_view",
  "assisted",
  "order_quantity",
  "order_quantity_engagement",
  "order_quantity_view",
  "sale_amount",
  "sale_amount_engagement",
  "sale_amount_view",
] as const;

/** A breakdown metric's part (index in PART_NAMES) from its conversions `m` and draws. */
function breakdownPart(part: number, m: number, price: number, split: number): number {
  const engaged = fl(m * (0.6 + 0.2 * split));
  const quantity = m + fl(m * 0.5 * split);
  const sale = quantity * price;
  switch (part) {
    case 0:
      return m;
    case 1:
      return engaged;
    case 2:
      return m - engaged;
    case 3:
      return fl(m * 0.3 * split);
    case 4:
      return quantity;
    case 5:
      return fl(quantity * 0.7);
    case 6:
      return quantity - fl(quantity * 0.7);
    case 7:
      return sale;
    case 8:
      return fl(sale * 0.7);
    case 9:
      return sale - fl(sale * 0.7);
    default:
      return 0; // a part this file has no formula for yet
  }
}

const BREAKDOWN_WEIGHTS = [1, 0.5, 0.8, 0.2, 0.3, 0.6, 0.4];

type SlotFormula = (d: Draw) => number;

const FORMULAS: readonly SlotFormula[] = SLOTS.map((slot, i): SlotFormula => {
  if (slot.part === null) return COUNT_FORMULAS[slot.metric] ?? (() => 0);
  const part = (PART_NAMES as readonly string[]).indexOf(slot.part);
  const metrics = METRICS_BY_GROUP[slot.group];
  const index = metrics.findIndex((spec) => spec.name === slot.metric);
  const weight = BREAKDOWN_WEIGHTS[index % BREAKDOWN_WEIGHTS.length] ?? 1;
  // The metric's own draws (at its first slot), shared by its parts so they agree.
  const base = 64 + 3 * (i - (metrics[index]?.parts ?? []).indexOf(slot.part));
  return (d) => {
    // Rounded at random (floor of expected + u): a fraction of a conversion an hour still
    // adds up over a day instead of always rounding to zero.
    const m = fl(d.core.clicks * conversionRate(d.objective) * weight + d.u(base));
    const price = 20_000_000 + fl(d.u(base + 1) * 60) * 1_000_000;
    return breakdownPart(part, m, price, d.u(base + 2));
  };
});

const DRAWS = 64 + 3 * SLOT_COUNT + 3;
const draws = new Float64Array(DRAWS);
const drawStamps = new Float64Array(DRAWS);
let stamp = 0;

/**
 * The full vector of an entity-hour: every slot derived from the core and the entity's own
 * draws, then scaled by `num / den` (the share a budget cap left, 1 when uncapped).
 */
export function fillVector(
  out: Float64Array,
  core: Core,
  seed: number,
  hour: number,
  objective: string,
  num: number,
  den: number,
): Float64Array {
  // Each draw is hashed once per vector: breakdown parts share their metric's draws.
  stamp += 1;
  const draw: Draw = {
    core,
    objective,
    u: (k) => {
      if (drawStamps[k] === stamp) return draws[k] ?? 0;
      const value = uniform(seed, hour, 16 + k);
      draws[k] = value;
      drawStamps[k] = stamp;
      return value;
    },
  };
  for (let i = 0; i < SLOT_COUNT; i += 1) {
    const value = (FORMULAS[i] as SlotFormula)(draw);
    out[i] = num === den ? value : mulDivFloor(value, num, den);
  }
  return out;
}
