import type { Catalog, EndpointParsedParams } from "@adsgraph/models";
import { activeEntitySchema, statsAnswerSchema } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { activeEntities } from "./active-entities.js";
import type { ActiveEntitiesQuery } from "./active-entities.js";
import { statsAnswer } from "./stats-answer.js";
import type { StatsQuery } from "./stats-answer.js";
import type { CampaignState, DeliveryWorld, LineItemState } from "./world.js";

// The catalog's parsed params are what the simulation takes (checked by the typecheck).
export const fromCatalog = {
  stats: (params: EndpointParsedParams<Catalog["stats.get"]>): StatsQuery => params,
  job: (params: EndpointParsedParams<Catalog["stats.jobs.create"]>): StatsQuery => params,
  active: (
    params: EndpointParsedParams<Catalog["stats.active_entities.list"]>,
  ): ActiveEntitiesQuery => params,
};

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1, 5); // local midnight in New York (EST)
const wire = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

const campaignState: CampaignState = {
  entityStatus: "ACTIVE",
  deleted: false,
  fundingInstrumentId: "fi",
  dailyBudgetMicro: null,
  totalBudgetMicro: null,
  standardDelivery: false,
  startTime: T0,
  endTime: null,
};
const itemState: LineItemState = {
  entityStatus: "ACTIVE",
  deleted: false,
  bidMicro: 2_000_000,
  bidStrategy: "MAX",
  payBy: "ENGAGEMENT",
  totalBudgetMicro: null,
  reach: 3_000_000,
};

function world(over: { now?: number; campaign?: Partial<CampaignState> } = {}): DeliveryWorld {
  return {
    accountId: "acct",
    timezone: "America/New_York",
    currency: "USD",
    now: over.now ?? T0 + 72 * HOUR + 30 * 60_000,
    fundingInstruments: [
      {
        id: "fi",
        createdAt: T0 - HOUR,
        deletedAt: null,
        startTime: T0 - HOUR,
        endTime: null,
        able: true,
      },
    ],
    campaigns: [
      {
        id: "c",
        createdAt: T0,
        spans: [{ from: T0, state: { ...campaignState, ...over.campaign } }],
      },
    ],
    lineItems: [
      {
        id: "li",
        campaignId: "c",
        createdAt: T0,
        objective: "VIDEO_VIEWS",
        productType: "PROMOTED_POSTS",
        placements: ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"],
        spans: [{ from: T0, state: itemState }],
      },
    ],
    creatives: [
      {
        id: "post",
        kind: "PROMOTED_POST",
        lineItemId: "li",
        createdAt: T0 - HOUR,
        deletedAt: null,
      },
      {
        id: "media",
        kind: "MEDIA_CREATIVE",
        lineItemId: "li",
        createdAt: T0 - HOUR,
        deletedAt: null,
      },
    ],
  };
}

function query(over: Partial<StatsQuery> = {}): StatsQuery {
  return {
    entity: "LINE_ITEM",
    entity_ids: ["li"],
    start_time: wire(T0),
    end_time: wire(T0 + 96 * HOUR),
    granularity: "HOUR",
    metric_groups: ["ENGAGEMENT", "BILLING", "VIDEO", "WEB_CONVERSION"],
    placement: "ALL_ON_TWITTER",
    ...over,
  };
}

const series = (w: DeliveryWorld, q: StatsQuery, metric: string): number[] | null => {
  const value = statsAnswer(w, q).data[0]?.id_data[0]?.metrics[metric] ?? null;
  if (value === null) return null;
  if (!Array.isArray(value)) throw new Error(`${metric} is a breakdown`);
  return value as number[];
};

describe("statsAnswer", () => {
  it("answers in the catalog's shape for every entity, granularity and segmentation", () => {
    const w = world();
    const cases: StatsQuery[] = [
      query({ entity: "ACCOUNT", entity_ids: ["acct"], metric_groups: ["ENGAGEMENT"] }),
      query({
        entity: "FUNDING_INSTRUMENT",
        entity_ids: ["fi"],
        metric_groups: ["ENGAGEMENT", "BILLING"],
        granularity: "DAY",
      }),
      query({ entity: "CAMPAIGN", entity_ids: ["c"], granularity: "TOTAL" }),
      query({ entity: "PROMOTED_POST", entity_ids: ["post"], placement: "PUBLISHER_NETWORK" }),
      query({
        entity: "ORGANIC_POST",
        entity_ids: ["1234"],
        metric_groups: ["ENGAGEMENT", "VIDEO"],
      }),
      query({ granularity: "DAY", segmentation_type: "AGE" }),
    ];
    for (const q of cases) {
      const answer = statsAnswer(w, q);
      expect(() =>
        statsAnswerSchema.parse({ data_type: "stats", ...answer, request: { params: {} } }),
      ).not.toThrow();
      expect(answer.data.map((entry) => entry.id)).toEqual(q.entity_ids);
    }
    const days = statsAnswer(w, query({ granularity: "DAY" }));
    expect(days.time_series_length).toBe(4);
  });

  it("reports every metric of the requested groups: arrays where there were events, null where none", () => {
    const metrics = statsAnswer(world(), query()).data[0]?.id_data[0]?.metrics ?? {};
    const impressions = metrics.impressions as number[];
    expect(impressions).toHaveLength(96);
    expect(impressions.slice(0, 72).every((v) => v > 0)).toBe(true);
    expect((metrics.billed_charge_local_micro as number[]).some((v) => v > 0)).toBe(true);
    expect((metrics.video_total_views as number[]).some((v) => v > 0)).toBe(true);
    expect(Object.keys(metrics.conversion_purchases ?? {})).toContain("sale_amount");
    expect(metrics).not.toHaveProperty("media_views"); // MEDIA was not asked for
    const spotlight =
      statsAnswer(world(), query({ placement: "SPOTLIGHT" })).data[0]?.id_data[0]?.metrics ?? {};
    expect(Object.values(spotlight).every((value) => value === null)).toBe(true);
    const unknown =
      statsAnswer(world(), query({ entity_ids: ["nope"] })).data[0]?.id_data[0]?.metrics ?? {};
    expect(Object.values(unknown).every((value) => value === null)).toBe(true);
  });

  it("delivers the open hour pro rata and nothing at or after now", () => {
    const open = T0 + 72 * HOUR;
    const at = (minutes: number) =>
      series(world({ now: open + minutes * 60_000 }), query(), "impressions") ?? [];
    const early = at(10);
    const late = at(50);
    expect(early[72]).toBeGreaterThan(0);
    expect(late[72]).toBeGreaterThan(early[72] ?? 0);
    expect(late.slice(0, 72)).toEqual(early.slice(0, 72));
    expect(late.slice(73).every((v) => v === 0)).toBe(true);
  });

  it("stops a campaign at its daily budget and resumes at the account's local midnight", () => {
    const daily = 40_000_000;
    const w = world({ campaign: { dailyBudgetMicro: daily } });
    const q = query({ entity: "CAMPAIGN", entity_ids: ["c"], metric_groups: ["BILLING"] });
    const both = ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"] as const;
    const spend = both
      .map((placement) => series(w, { ...q, placement }, "billed_charge_local_micro") ?? [])
      .reduce((a, b) => a.map((v, i) => v + (b[i] ?? 0)));
    for (let day = 0; day < 3; day += 1) {
      const hours = spend.slice(day * 24, day * 24 + 24);
      expect(hours.reduce((a, b) => a + b, 0)).toBe(daily); // spent exactly, never more
      expect(hours[0]).toBeGreaterThan(0); // resumes at local midnight
      expect(hours.at(-1)).toBe(0); // stopped once spent
    }
  });

  it("gives organic posts a small audience with no spend", () => {
    const q = query({
      entity: "ORGANIC_POST",
      entity_ids: ["1700000000000000000"],
      metric_groups: ["ENGAGEMENT"],
    });
    const impressions = series(world(), q, "impressions") ?? [];
    expect(impressions.slice(0, 72).some((v) => v > 0)).toBe(true);
    expect(Math.max(...impressions)).toBeLessThan(200);
    expect(impressions.slice(73).every((v) => v === 0)).toBe(true);
  });
});

describe("activeEntities", () => {
  it("lists the delivering entities with their activity window and placements", () => {
    const w = world({ now: T0 + 30 * HOUR + 90_500 });
    const q: ActiveEntitiesQuery = {
      entity: "LINE_ITEM",
      start_time: wire(T0 - 24 * HOUR),
      end_time: wire(T0 + 48 * HOUR),
    };
    const active = activeEntities(w, q);
    expect(active).toEqual([
      {
        entity_id: "li",
        activity_start_time: wire(T0),
        activity_end_time: wire(T0 + 30 * HOUR + 90_000),
        placements: ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"],
      },
    ]);
    for (const entity of active) expect(() => activeEntitySchema.parse(entity)).not.toThrow();
    expect(activeEntities(w, { ...q, entity: "MEDIA_CREATIVE" }).map((e) => e.entity_id)).toEqual([
      "media",
    ]);
    expect(activeEntities(w, { ...q, campaign_ids: ["other"] })).toEqual([]);
    expect(activeEntities(w, { ...q, start_time: wire(T0 + 31 * HOUR) })).toEqual([]);
  });
});
