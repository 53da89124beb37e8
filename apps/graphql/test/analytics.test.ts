import { DEMO } from "@adsgraph/ads-api";
import { planStatsRequests } from "@adsgraph/rest-client";
import { getEndpoint } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { getOperationAST, getVariableValues, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planOperation } from "../src/cost/query-plan.js";
import { schema } from "../src/schema/index.js";
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

/** Per family, the requests sent lie within what the planner planned before the query ran. */
function expectWithinPlan(
  query: string,
  variables: Record<string, unknown>,
  served: Record<string, number>,
): void {
  const document = parse(query);
  const coerced = getVariableValues(
    schema,
    getOperationAST(document)?.variableDefinitions ?? [],
    variables,
  );
  expect(coerced.errors).toBeUndefined();
  const plan = planOperation({
    schema,
    document,
    variables: coerced.coerced ?? {},
    knowledge: { snapshotFreshMs: () => 0 },
  });
  expect(plan.unplanned).toEqual([]);
  const byFamily = new Map<string, number>();
  for (const [id, count] of Object.entries(served)) {
    const { family } = getEndpoint(id as EndpointId);
    byFamily.set(family, (byFamily.get(family) ?? 0) + count);
  }
  for (const [family, sent] of byFamily) {
    const window = plan.windows.find((w) => w.family === family && w.accountId === null);
    const said = `${family}: ${sent} sent, planned ${JSON.stringify(window?.requests)}`;
    expect(window, said).toBeDefined();
    expect(sent, said).toBeGreaterThanOrEqual(window?.requests.lower ?? 0);
    if (window?.requests.upper != null)
      expect(sent, said).toBeLessThanOrEqual(window.requests.upper);
  }
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
    const { byEndpoint } = await stack.adsApi.requests.counts();
    return { data: body.data as CampaignMetrics, stats: await statsRequests(stack), byEndpoint };
  }

  it("reads 100 campaigns over 7 days in exactly 5 stats.get, one series per day", async () => {
    const variables = { range: range(7), granularity: "DAY" };
    const { data, stats, byEndpoint } = await run(variables);
    expect(stats).toEqual({ "stats.get": 5 });
    expectWithinPlan(CAMPAIGN_METRICS, variables, byEndpoint);
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
    const variables = { range: range(30), granularity: "DAY" };
    const { data, stats, byEndpoint } = await run(variables);
    expectWithinPlan(CAMPAIGN_METRICS, variables, byEndpoint);
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
    account.metrics.engagement.impressions.points.forEach((point, day) => {
      expect(campaigns.reduce((sum, c) => sum + (c.points[day]?.value ?? 0), 0)).toBe(point.value);
    });
    // An account reports engagement only: its billing is null, and was never asked.
    expect(account.metrics.billing).toBeNull();
  });

  it("reads line items' and creatives' metrics, with money in their campaign's currency", async () => {
    const body = await stack.query(
      `query ($range: MetricsRangeInput!) {
        account(rawId: "${DEMO.accounts[0].id}") {
          campaigns(first: 20) { nodes {
            currency
            lineItems(first: 20) { nodes {
              metrics(range: $range, granularity: TOTAL) { billing { spend { total { micros currency } } } }
              promotedPosts(first: 20) { nodes {
                metrics(range: $range, granularity: TOTAL) {
                  engagement { impressions { total } }
                  billing { spend { total { currency } } }
                }
              } }
            } }
          } }
        }
      }`,
      { range: range(7) },
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    type Spend = { billing: { spend: { total: { currency: string } } | null } };
    const campaigns = (
      body.data as {
        account: {
          campaigns: {
            nodes: {
              currency: string;
              lineItems: {
                nodes: { metrics: Spend; promotedPosts: { nodes: { metrics: Spend }[] } }[];
              };
            }[];
          };
        };
      }
    ).account.campaigns.nodes;
    let creatives = 0;
    for (const campaign of campaigns) {
      for (const lineItem of campaign.lineItems.nodes) {
        expect(lineItem.metrics.billing.spend?.total.currency).toBe(campaign.currency);
        for (const post of lineItem.promotedPosts.nodes) {
          creatives += 1;
          expect(post.metrics.billing.spend?.total.currency).toBe(campaign.currency);
        }
      }
    }
    expect(creatives).toBeGreaterThan(0);
  });

  it("answers a range holding the current hour again while fresh, until a write to its account", async () => {
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    // Ends an hour past the current one: it stays open for the whole test.
    const open = { start: iso(hour - DAY), end: iso(hour + 2 * HOUR) };
    const query = `query ($range: MetricsRangeInput!) {
      account(rawId: "${DEMO.accounts[0].id}") {
        campaigns(first: 5) { nodes { id metrics(range: $range, granularity: HOUR) { engagement { impressions { total } } } } }
      }
    }`;
    const read = async () => {
      await stack.adsApi.requests.reset();
      const body = await stack.query(query, { range: open });
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      await stack.facade.services.snapshots.writer.flush();
      return {
        body: body.data as { account: { campaigns: { nodes: { id: string }[] } } },
        stats: await statsRequests(stack),
      };
    };
    const first = await read();
    expect(first.stats).toEqual({ "stats.get": 1 });
    expect((await read()).stats).toEqual({});
    const id = first.body.account.campaigns.nodes[0]?.id ?? "";
    const write = await stack.query(
      `mutation ($id: ID!) { updateCampaign(input: { id: $id, name: "renamed for metrics" }) { __typename } }`,
      { id },
    );
    expect(write.errors, JSON.stringify(write.errors)).toBeUndefined();
    expect((await read()).stats).toEqual({ "stats.get": 1 });
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

  it("refuses 90 days of hours for 100 campaigns as too complex, before any request", async () => {
    await stack.adsApi.requests.reset();
    const body = await stack.query(CAMPAIGN_METRICS, { range: range(90), granularity: "HOUR" });
    expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_LIMIT_EXCEEDED");
    expect((await stack.adsApi.requests.counts()).total).toBe(0);
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
