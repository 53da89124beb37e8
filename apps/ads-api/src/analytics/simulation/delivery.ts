/**
 * The delivery simulation (issue 36): what an account's ads delivered, hour by hour, as a
 * pure function of its history (`DeliveryWorld`) and a clock. The service has no ad server,
 * yet clients need stats that behave like real ones: they only grow with time, never
 * rewrite the past, respond to pauses, bids and budgets, and add up exactly at every level.
 *
 * Why each rule:
 * - Closed hours are immutable: hour h is governed by the state just before
 *   min(h + 1 h, now) (a change made exactly on the hour belongs to the next one) and history
 *   is append-only, so once now ≥ h + 1 h nothing can change it; snapshots of closed ranges
 *   (the facade's) stay true forever. A pause or delete inside an hour thus stops that whole
 *   hour; the open hour delivers pro rata its elapsed part; hours from now on deliver 0.
 * - Servability follows campaign-serving.ts: line item, campaign (ACTIVE, start_time set,
 *   within start/end) and funding instrument (able, live, within its dates) must all serve,
 *   with at least one live creative; a partial hour (creation, start/end) delivers pro rata.
 * - Randomness is a hash of (entity, hour, draw), never a sequential stream, so any hour is
 *   computed alone and two queries agree on every hour they share.
 * - Budgets are the only thing carried across hours (campaign-run.ts), so each campaign runs
 *   once, in order, from its first line item's creation, and is memoised by its facts.
 * - Caps scale an hour's numbers down (delivery stops when money runs out) and every split
 *   (line items under a campaign cap, placements, creatives, segments) apportions integers
 *   by largest remainder, so account = Σ funding instruments = Σ campaigns = Σ line items
 *   = Σ creatives and HOUR sums = DAY = TOTAL hold to the unit. Segments split each bucket
 *   (their sum is the unsegmented bucket; a segment's DAY is not the sum of its HOURs).
 * The constants (rates, curve, automatic bids) are in pricing.ts; the rules table is in the
 * docs (docs/rest-service.md).
 */
import { campaignHour, campaignRun } from "./campaign-run.js";
import type { CampaignHour, CampaignRun, LineItemHour, PreparedLineItem } from "./campaign-run.js";
import { seedOf } from "./hash.js";
import { MS_PER_HOUR } from "@adsgraph/models";
import { groupBy } from "./group-by.js";
import { SLOT_COUNT, fillVector } from "./metric-vector.js";
import type {
  CampaignFacts,
  CreativeFacts,
  DeliveryWorld,
  FundingInstrumentFacts,
  LineItemFacts,
} from "./world.js";

interface WorldIndex {
  readonly lineItemsOf: ReadonlyMap<string, readonly LineItemFacts[]>;
  readonly creativesOf: ReadonlyMap<string, readonly CreativeFacts[]>;
  readonly campaignOfLineItem: ReadonlyMap<string, string>;
  readonly lineItemOfCreative: ReadonlyMap<string, string>;
  readonly campaigns: ReadonlyMap<string, CampaignFacts>;
  readonly fundingInstruments: ReadonlyMap<string, FundingInstrumentFacts>;
  /** The runs this world asked for (the run cache is keyed by long fingerprints). */
  readonly runs: Map<string, CampaignRun>;
}

const indexes = new WeakMap<DeliveryWorld, WorldIndex>();

export function worldIndex(world: DeliveryWorld): WorldIndex {
  let index = indexes.get(world);
  if (index === undefined) {
    index = {
      lineItemsOf: groupBy(world.lineItems, (item) => item.campaignId),
      creativesOf: groupBy(world.creatives, (creative) => creative.lineItemId),
      campaignOfLineItem: new Map(world.lineItems.map((item) => [item.id, item.campaignId])),
      lineItemOfCreative: new Map(world.creatives.map((c) => [c.id, c.lineItemId])),
      campaigns: new Map(world.campaigns.map((campaign) => [campaign.id, campaign])),
      fundingInstruments: new Map(world.fundingInstruments.map((fi) => [fi.id, fi])),
      runs: new Map(),
    };
    indexes.set(world, index);
  }
  return index;
}

function runOf(world: DeliveryWorld, campaign: CampaignFacts): CampaignRun {
  const index = worldIndex(world);
  let run = index.runs.get(campaign.id);
  if (run === undefined) {
    run = campaignRun(
      world,
      campaign,
      index.lineItemsOf.get(campaign.id) ?? [],
      (id) => index.creativesOf.get(id) ?? [],
      index.fundingInstruments,
    );
    index.runs.set(campaign.id, run);
  }
  return run;
}

/**
 * One line item's delivery in one hour. The visitor gets the same object, refilled, for
 * every delivery (no garbage per hour): read it, do not keep it.
 */
export interface Delivery {
  readonly campaign: CampaignFacts;
  readonly hour: number;
  readonly campaignHour: CampaignHour;
  readonly lineItem: PreparedLineItem;
  readonly record: LineItemHour;
  /** Every metric slot after caps (memoised: do not mutate). */
  readonly vector: Float64Array;
}

/**
 * Vectors are memoised on their hour's record, and at most MAX_VECTORS of them are held (the
 * oldest filled is dropped first), so memory stays bounded (~1 KB each) however many runs
 * the run cache keeps.
 */
const MAX_VECTORS = 50_000;
const held: (LineItemHour | undefined)[] = new Array<LineItemHour | undefined>(MAX_VECTORS);
let nextHeld = 0;

function vectorOf(run: CampaignRun, i: number, hour: number, record: LineItemHour): Float64Array {
  if (record.vector !== null) return record.vector;
  const item = run.lineItems[i] as PreparedLineItem;
  const vector = fillVector(
    new Float64Array(SLOT_COUNT),
    record.core,
    item.seed,
    hour,
    item.facts.objective,
    record.num,
    record.den,
  );
  const evicted = held[nextHeld];
  if (evicted !== undefined) evicted.vector = null;
  held[nextHeld] = record;
  nextHeld = (nextHeld + 1) % MAX_VECTORS;
  record.vector = vector;
  return vector;
}

/**
 * Calls `visit` for every line item delivering in hours [fromHour, toHour) of the given
 * campaigns (all when null), in campaign, hour, line item order.
 */
export function visitDeliveries(
  world: DeliveryWorld,
  fromHour: number,
  toHour: number,
  campaignIds: ReadonlySet<string> | null,
  visit: (delivery: Delivery) => void,
): void {
  const lastHour = Math.min(toHour, Math.ceil(world.now / MS_PER_HOUR));
  const cursor = {} as { -readonly [K in keyof Delivery]: Delivery[K] };
  for (const campaign of world.campaigns) {
    if (campaignIds !== null && !campaignIds.has(campaign.id)) continue;
    const run = runOf(world, campaign);
    for (let hour = Math.max(fromHour, run.firstHour); hour < lastHour; hour += 1) {
      const rec = campaignHour(run, hour, world.now);
      if (rec === null) continue;
      for (let i = 0; i < rec.lineItems.length; i += 1) {
        const record = rec.lineItems[i];
        if (record === null || record === undefined) continue;
        cursor.campaign = campaign;
        cursor.hour = hour;
        cursor.campaignHour = rec;
        cursor.lineItem = run.lineItems[i] as PreparedLineItem;
        cursor.record = record;
        cursor.vector = vectorOf(run, i, hour, record);
        visit(cursor);
      }
    }
  }
}

/** A creative's weight in its line item's split (fixed, from its id). */
export function creativeWeight(creative: CreativeFacts): number {
  return 1 + (seedOf(creative.id) % 100);
}
