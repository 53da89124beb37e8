import { DEMO } from "@adsgraph/ads-api";
import { planStatsRequests } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// Metrics through the facade (issue 36), over real HTTP against ads-api's simulation: the
// requests each query costs are counted by ads-api's own request log.

const ACCOUNT = "stat100";
const CAMPAIGNS = 100;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
/** Today's UTC midnight: ranges ending there have ended (every hour of them is over). */
const MIDNIGHT = Math.floor(Date.now() / DAY) * DAY;
const range = (days: number) => ({ start: iso(MIDNIGHT - days * DAY), end: iso(MIDNIGHT) });

const CAMPAIGN_METRICS = `query ($range: MetricsRangeInput!, $granularity: MetricsGranularity) {
  account(rawId: "${ACCOUNT}") {
    campaigns(first: ${CAMPAIGNS}) {
      nodes {
        rawId
        metrics(range: $range, granularity: $granularity) {
          bucketStarts
          engagement { impressions { total points { start value } } }
          billing { spend { total { micros currency } } }
        }
      }
    }
  }
}`;

interface CampaignMetrics {
  account: {
    campaigns: {
      nodes: {
        rawId: string;
        metrics: {
          bucketStarts: string[];
          engagement: { impressions: { total: number; points: { value: number }[] } };
          billing: { spend: { total: { micros: string; currency: string } } };
        };
      }[];
    };
  };
}

/** Requests ads-api served for `stats.*` endpoints, by endpoint. */
async function statsRequests(stack: Stack): Promise<Record<string, number>> {
  const { byEndpoint } = await stack.adsApi.requests.counts();
  return Object.fromEntries(
    Object.entries(byEndpoint).filter(([endpoint]) => endpoint.startsWith("stats.")),
  );
}

describe("metrics through the facade", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true });
    await stack.adsApi.seedBench({
      accountId: ACCOUNT,
      campaigns: CAMPAIGNS,
      fundingInstruments: 5,
      cards: 0,
      seed: 36,
      start: new Date(MIDNIGHT - 60 * DAY),
    });
  }, 240_000);
  afterAll(() => stack.close());

  async function run(variables: Record<string, unknown>) {
    await stack.adsApi.requests.reset();
    const body = await stack.query(CAMPAIGN_METRICS, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return { data: body.data as CampaignMetrics, stats: await statsRequests(stack) };
  }

  it("reads 100 campaigns over 7 days in exactly 5 stats.get, one series per day", async () => {
    const { data, stats } = await run({ range: range(7), granularity: "DAY" });
    expect(stats).toEqual({ "stats.get": 5 });
    const nodes = data.account.campaigns.nodes;
    expect(nodes).toHaveLength(CAMPAIGNS);
    for (const { metrics } of nodes) {
      expect(metrics.bucketStarts).toHaveLength(7);
      expect(metrics.engagement.impressions.points).toHaveLength(7);
      const sum = metrics.engagement.impressions.points.reduce((t, p) => t + p.value, 0);
      expect(metrics.engagement.impressions.total).toBe(sum);
    }
  });

  it("answers a range that has ended again without a stats request", async () => {
    const first = await run({ range: range(7), granularity: "HOUR" });
    await stack.facade.services.snapshots.writer.flush();
    const again = await run({ range: range(7), granularity: "HOUR" });
    expect(again.stats).toEqual({});
    expect(again.data).toEqual(first.data);
  });

  it("reads 30 days through jobs, in the plan's minimum of creates and downloads", async () => {
    const plan = planStatsRequests({
      entityCount: CAMPAIGNS,
      start: range(30).start,
      end: range(30).end,
      granularity: "DAY",
    });
    expect(plan.strategy).toBe("jobs");
    const { data, stats } = await run({ range: range(30), granularity: "DAY" });
    expect(stats["stats.get"]).toBeUndefined();
    expect(stats["stats.jobs.create"]).toBe(plan.batches);
    expect(stats["stats.jobs.result"]).toBe(plan.batches);
    // Polls: at least the plan's (one list call polls every pending job); more while they run.
    expect(stats["stats.jobs.list"]).toBeGreaterThanOrEqual(plan.requests - 2 * plan.batches);
    for (const { metrics } of data.account.campaigns.nodes)
      expect(metrics.bucketStarts).toHaveLength(30);
  });

  it("adds up: the demo account's impressions are its campaigns', per day and in total", async () => {
    const body = await stack.query(
      `query ($range: MetricsRangeInput!) {
        account(rawId: "${DEMO.accounts[0].id}") {
          total: metrics(range: $range, granularity: TOTAL) { engagement { impressions { total } } }
          metrics(range: $range) { engagement { impressions { points { value } } } billing { spend { total { micros } } } }
          campaigns(first: 100, withDeleted: true) {
            nodes { metrics(range: $range) { engagement { impressions { total points { value } } } } }
          }
        }
      }`,
      { range: range(7) },
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const account = (
      body.data as {
        account: {
          total: { engagement: { impressions: { total: number } } };
          metrics: { engagement: { impressions: { points: { value: number }[] } }; billing: null };
          campaigns: {
            nodes: {
              metrics: {
                engagement: { impressions: { total: number; points: { value: number }[] } };
              };
            }[];
          };
        };
      }
    ).account;
    const campaigns = account.campaigns.nodes.map((node) => node.metrics.engagement.impressions);
    const total = account.total.engagement.impressions.total;
    expect(total).toBeGreaterThan(0);
    expect(campaigns.reduce((sum, c) => sum + c.total, 0)).toBe(total);
    account.metrics.engagement.impressions.points.forEach((point, day) =>
      expect(campaigns.reduce((sum, c) => sum + (c.points[day]?.value ?? 0), 0)).toBe(point.value),
    );
    // An account reports engagement only: its billing is null, and was never asked.
    expect(account.metrics.billing).toBeNull();
  });

  it.each([
    [
      "a start off the hour",
      { start: "2026-11-01T00:30:00Z", end: "2026-11-02T00:00:00Z" },
      "range.start",
    ],
    [
      "an end before the start",
      { start: "2026-11-02T00:00:00Z", end: "2026-11-01T00:00:00Z" },
      "range.end",
    ],
    ["an empty range", { start: "2026-11-02T00:00:00Z", end: "2026-11-02T00:00:00Z" }, "range.end"],
    [
      "more than 90 days",
      { start: "2026-01-01T00:00:00Z", end: "2026-06-01T00:00:00Z" },
      "range.end",
    ],
  ])("refuses %s as BAD_USER_INPUT naming %s, before any request", async (_what, bad, field) => {
    await stack.adsApi.requests.reset();
    const body = await stack.query(CAMPAIGN_METRICS, { range: bad, granularity: "DAY" });
    const errors = body.errors ?? [];
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.extensions?.code).toBe("BAD_USER_INPUT");
      expect(JSON.stringify(error.extensions?.violations)).toContain(`"field":"${field}"`);
    }
    expect(await statsRequests(stack)).toEqual({});
  });

  it("refuses a malformed timestamp before anything runs", async () => {
    await stack.adsApi.requests.reset();
    const body = await stack.query(CAMPAIGN_METRICS, {
      range: { start: "yesterday", end: iso(MIDNIGHT) },
    });
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect((await stack.adsApi.requests.counts()).total).toBe(0);
  });

  it("lists the campaigns that delivered, with their entities", async () => {
    const body = await stack.query(
      `query ($range: MetricsRangeInput!) {
        account(rawId: "${ACCOUNT}") {
          activeEntities(range: $range) { entityType entityRawId activityStart activityEnd placements entity { id } }
        }
      }`,
      { range: range(7) },
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const active = (
      body.data as {
        account: { activeEntities: { entityType: string; entity: { id: string } | null }[] };
      }
    ).account.activeEntities;
    for (const item of active) {
      expect(item.entityType).toBe("CAMPAIGN");
      expect(item.entity).not.toBeNull();
    }
  });
});
