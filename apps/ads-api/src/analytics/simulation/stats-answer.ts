import type {
  AnalyticsEntity,
  AnalyticsPlacement,
  Granularity,
  MetricGroup,
  MetricValue,
  SegmentationType,
} from "@adsgraph/models";
import { metricsFor, parseTimestamp } from "@adsgraph/models";
import { creativeWeight, visitDeliveries, worldIndex } from "./delivery.js";
import { addPlacementShare } from "./placements.js";
import type { Delivery } from "./delivery.js";
import { seedOf } from "./hash.js";
import { organicCore } from "./hourly-core.js";
import { localHour } from "./local-time.js";
import { MS_PER_HOUR } from "@adsgraph/models";
import { SLOT_COUNT, fillVector, slotOf } from "./metric-vector.js";
import type { Segment } from "./segments.js";
import { segmentWeights, segmentsOf, splitVector } from "./segments.js";
import type { DeliveryWorld } from "./world.js";

/**
 * What a stats request or job names: the parsed params of `stats.get` / `stats.jobs.create`
 * (wire strings for times; the catalog has already checked whole hours and the limits).
 */
export interface StatsQuery {
  readonly entity: AnalyticsEntity;
  readonly entity_ids: readonly string[];
  readonly start_time: string;
  readonly end_time: string;
  readonly granularity: Granularity;
  readonly metric_groups: readonly MetricGroup[];
  readonly placement: AnalyticsPlacement;
  readonly segmentation_type?: SegmentationType | undefined;
  readonly country?: string | undefined;
  readonly platform?: string | undefined;
}

export interface StatsIdData {
  readonly segment: Segment | null;
  readonly metrics: Record<string, MetricValue>;
}

export interface StatsAnswerData {
  readonly time_series_length: number;
  readonly data: { readonly id: string; readonly id_data: StatsIdData[] }[];
}

const CREATIVE_ENTITIES: readonly AnalyticsEntity[] = [
  "PROMOTED_POST",
  "PROMOTED_ACCOUNT",
  "MEDIA_CREATIVE",
];

function hourOf(wire: string, name: string): number {
  const date = parseTimestamp(wire);
  if (date === null) throw new RangeError(`${name} must be a timestamp (got ${wire})`);
  return Math.floor(date.getTime() / MS_PER_HOUR);
}

/**
 * The metrics of `query.entity_ids` (one entry each, in request order) as of `world.now`:
 * buckets of the hourly delivery, one `id_data` item (or one per segment for a segmented
 * job). An id the world does not hold reads as no delivery: the route refuses unknown ids
 * before asking.
 */
export function statsAnswer(world: DeliveryWorld, query: StatsQuery): StatsAnswerData {
  const fromHour = hourOf(query.start_time, "start_time");
  const toHour = Math.max(fromHour, hourOf(query.end_time, "end_time"));
  const hours = toHour - fromHour;
  const perBucket = query.granularity === "HOUR" ? 1 : query.granularity === "DAY" ? 24 : hours;
  const buckets = hours === 0 ? 0 : Math.ceil(hours / Math.max(1, perBucket));
  const ids = new Set(query.entity_ids);
  const sums = new Map([...ids].map((id) => [id, new Float64Array(buckets * SLOT_COUNT)]));
  const offset = (hour: number) => Math.floor((hour - fromHour) / perBucket) * SLOT_COUNT;

  if (query.entity === "ORGANIC_POST") {
    if (query.placement === "ALL_ON_TWITTER") addOrganic(world, sums, fromHour, toHour, offset);
  } else {
    const target = targetOf(world, query.entity, ids);
    const scratch = new Float64Array(SLOT_COUNT);
    const slots = slotsOf(query);
    visitDeliveries(world, fromHour, toHour, target.campaigns, (delivery) => {
      const weights = delivery.lineItem.placementWeights;
      if (target.creatives) {
        scratch.fill(0);
        addPlacementShare(scratch, 0, delivery.vector, weights, query.placement, slots);
        addCreativeShares(sums, delivery, scratch, query.entity, offset(delivery.hour));
        return;
      }
      const out = sums.get(target.idOf(delivery));
      if (out !== undefined) {
        const at = offset(delivery.hour);
        addPlacementShare(out, at, delivery.vector, weights, query.placement, slots);
      }
    });
  }

  return {
    time_series_length: buckets,
    data: query.entity_ids.map((id) => {
      const sum = sums.get(id) ?? new Float64Array(buckets * SLOT_COUNT);
      if (query.segmentation_type === undefined) {
        return { id, id_data: [{ segment: null, metrics: metricsOf(query, sum, buckets) }] };
      }
      const type = query.segmentation_type;
      const weights = segmentWeights(type, id, query.country, query.platform);
      const shares = splitVector(sum, weights);
      return {
        id,
        id_data: segmentsOf(type, query.country, query.platform).map((segment, k) => ({
          segment,
          metrics: metricsOf(query, shares[k] ?? new Float64Array(sum.length), buckets),
        })),
      };
    }),
  };
}

interface Target {
  /** The campaigns to run (null: all). */
  readonly campaigns: ReadonlySet<string> | null;
  readonly creatives: boolean;
  /** The requested id a line item's delivery counts for. */
  readonly idOf: (delivery: Delivery) => string;
}

function targetOf(world: DeliveryWorld, entity: AnalyticsEntity, ids: ReadonlySet<string>): Target {
  const index = worldIndex(world);
  const campaignsOf = (lineItemIds: Iterable<string>) =>
    new Set([...lineItemIds].flatMap((id) => index.campaignOfLineItem.get(id) ?? []));
  switch (entity) {
    case "ACCOUNT":
      return {
        campaigns: ids.has(world.accountId) ? null : new Set(),
        creatives: false,
        idOf: () => world.accountId,
      };
    case "FUNDING_INSTRUMENT":
      return {
        campaigns: null,
        creatives: false,
        idOf: (d) => d.campaignHour.fundingInstrumentId,
      };
    case "CAMPAIGN":
      return { campaigns: ids, creatives: false, idOf: (d) => d.campaign.id };
    case "LINE_ITEM":
      return { campaigns: campaignsOf(ids), creatives: false, idOf: (d) => d.lineItem.facts.id };
    default: {
      const lineItems = [...ids].flatMap((id) => index.lineItemOfCreative.get(id) ?? []);
      return { campaigns: campaignsOf(lineItems), creatives: true, idOf: () => "" };
    }
  }
}

/** Splits a line item's (placement) share over its live creatives; adds the requested ones. */
function addCreativeShares(
  sums: ReadonlyMap<string, Float64Array>,
  delivery: Delivery,
  vector: Float64Array,
  entity: AnalyticsEntity,
  at: number,
): void {
  const creatives = delivery.record.creatives;
  const wanted = creatives.some((c) => c.kind === entity && sums.has(c.id));
  if (!wanted || !CREATIVE_ENTITIES.includes(entity)) return;
  const shares = splitVector(vector, creatives.map(creativeWeight));
  creatives.forEach((creative, k) => {
    const out = sums.get(creative.id);
    if (out === undefined || creative.kind !== entity) return;
    const share = shares[k] as Float64Array;
    for (let s = 0; s < SLOT_COUNT; s += 1) out[at + s] = (out[at + s] ?? 0) + (share[s] ?? 0);
  });
}

/** Organic posts: a small audience every hour before now, from the post id alone. */
function addOrganic(
  world: DeliveryWorld,
  sums: ReadonlyMap<string, Float64Array>,
  fromHour: number,
  toHour: number,
  offset: (hour: number) => number,
): void {
  const vector = new Float64Array(SLOT_COUNT);
  const last = Math.min(toHour, Math.ceil(world.now / MS_PER_HOUR));
  for (const [id, out] of sums) {
    const seed = seedOf(id);
    for (let hour = fromHour; hour < last; hour += 1) {
      const fraction = Math.min(1, (world.now - hour * MS_PER_HOUR) / MS_PER_HOUR);
      const core = organicCore(seed, hour, localHour(world.timezone, hour).hour, fraction);
      if (core.impressions === 0) continue;
      fillVector(vector, core, seed, hour, "ORGANIC", 1, 1);
      const at = offset(hour);
      for (let s = 0; s < SLOT_COUNT; s += 1) out[at + s] = (out[at + s] ?? 0) + (vector[s] ?? 0);
    }
  }
}

/** The slots the requested groups' metrics read (the others are never summed). */
function slotsOf(query: StatsQuery): Int32Array {
  const slots = new Set<number>();
  for (const group of query.metric_groups) {
    for (const spec of metricsFor(query.entity, group)) {
      if (spec.kind !== "breakdown") slots.add(slotOf(spec.name));
      else for (const part of spec.parts ?? []) slots.add(slotOf(spec.name, part));
    }
  }
  return Int32Array.from([...slots].filter((slot) => slot >= 0).sort((a, b) => a - b));
}

/** The requested groups' metrics: arrays per bucket, null when zero in every bucket. */
function metricsOf(
  query: StatsQuery,
  sum: Float64Array,
  buckets: number,
): Record<string, MetricValue> {
  const series = (slot: number) => {
    const values = new Array<number>(buckets);
    let any = false;
    for (let b = 0; b < buckets; b += 1) {
      const v = sum[b * SLOT_COUNT + slot] ?? 0;
      values[b] = v;
      if (v !== 0) any = true;
    }
    return { values, any };
  };
  const metrics: Record<string, MetricValue> = {};
  for (const group of new Set(query.metric_groups)) {
    for (const spec of metricsFor(query.entity, group)) {
      if (spec.kind !== "breakdown") {
        const { values, any } = series(slotOf(spec.name));
        metrics[spec.name] = any ? values : null;
        continue;
      }
      const parts: Record<string, number[]> = {};
      let any = false;
      for (const part of spec.parts ?? []) {
        const s = series(slotOf(spec.name, part));
        parts[part] = s.values;
        any ||= s.any;
      }
      metrics[spec.name] = any ? parts : null;
    }
  }
  return metrics;
}
