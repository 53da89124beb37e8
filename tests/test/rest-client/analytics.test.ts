import { statsAnswerSchema } from "@adsgraph/models";
import {
  RestAbortedError,
  RestStatsJobError,
  activeEntities,
  fetchStats,
  forEndpoints,
  planStatsRequests,
  runStatsJobs,
} from "@adsgraph/rest-client";
import type { RestClient, StatsPlan } from "@adsgraph/rest-client";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";

const BENCH = "stats1";
/** ads-api's bench seed: campaign `index` is `<account>c<index in base 36>`. */
const benchId = (index: number) => `${BENCH}c${index.toString(36)}`;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A range of `days` whole days ending at the last whole hour (closed hours only). */
function lastDays(days: number) {
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  return { start: new Date(end - days * DAY_MS), end: new Date(end) };
}

const wire = (date: Date) => date.toISOString().replace(/\.000Z$/, "Z");

const campaignQuery = (
  ids: readonly string[],
  range: { readonly start: Date; readonly end: Date },
) => ({
  accountId: BENCH,
  entity: "CAMPAIGN" as const,
  ids,
  ...range,
  granularity: "DAY" as const,
  metricGroups: ["ENGAGEMENT", "BILLING"] as const,
  placement: "ALL_ON_TWITTER" as const,
});

describe.each(HTTP_TEST_ENGINES)("analytics against apps/ads-api on %s", (engine) => {
  let api: AdsApi;
  let client: RestClient;
  const ids = Array.from({ length: 100 }, (_, i) => benchId(i));

  beforeAll(async () => {
    api = await startAdsApi({ engine });
    await api.seedBench({ accountId: BENCH, campaigns: 100, fundingInstruments: 1 });
    client = api.client();
  });
  afterAll(() => api.close());

  const count = async (id: string) => (await api.requests.entries(id)).length;

  it("100 campaigns over 7 days: exactly 5 stats.get requests, one DAY series each", async () => {
    await api.requests.reset();
    let plan: StatsPlan | undefined;
    const entries = await fetchStats(client, campaignQuery(ids, lastDays(7)), {
      onPlan: (p) => (plan = p),
    });
    expect(plan).toMatchObject({ strategy: "windows", requests: 5 });
    expect(await count("stats.get")).toBe(5);
    expect([...entries.keys()]).toEqual(ids);
    for (const entry of entries.values()) {
      const impressions = entry.id_data[0]?.metrics.impressions;
      expect(impressions === null || impressions?.length === 7).toBe(true);
    }
  });

  it("100 campaigns over 14 days: 10 windows of 7 days, series joined to 14 days", async () => {
    await api.requests.reset();
    const range = lastDays(14);
    const entries = await fetchStats(client, campaignQuery(ids, range));
    expect(await count("stats.get")).toBe(10);
    const one = await client.stats.get({
      account_id: BENCH,
      entity: "CAMPAIGN",
      entity_ids: [benchId(0)],
      start_time: wire(new Date(range.end.getTime() - 7 * DAY_MS)),
      end_time: wire(range.end),
      granularity: "DAY",
      metric_groups: ["ENGAGEMENT", "BILLING"],
      placement: "ALL_ON_TWITTER",
    });
    // The raw answer passes the catalog's schema; the merged series ends with the last 7 days.
    expect(statsAnswerSchema.safeParse(one).success).toBe(true);
    const merged = entries.get(benchId(0))?.id_data[0]?.metrics.impressions;
    const recent = one.data[0]?.id_data[0]?.metrics.impressions;
    if (Array.isArray(merged) && Array.isArray(recent)) expect(merged.slice(7)).toEqual(recent);
  });

  it("100 campaigns over 30 days: jobs, 5 creates + 5 downloads + one list per poll", async () => {
    await api.requests.reset();
    const minimum = planStatsRequests({
      entityCount: 100,
      ...lastDays(30),
      granularity: "TOTAL",
    });
    expect(minimum).toMatchObject({ strategy: "jobs", requests: 11, windowRequests: 25 });
    const entries = await fetchStats(
      client,
      { ...campaignQuery(ids, lastDays(30)), granularity: "TOTAL" },
      { pollIntervalMs: 2_000, maxPollIntervalMs: 2_000 },
    );
    expect(entries.size).toBe(100);
    expect(await count("stats.get")).toBe(0);
    expect(await count("stats.jobs.create")).toBe(5);
    expect(await count("stats.jobs.result")).toBe(5);
    const polls = await api.requests.entries("stats.jobs.list");
    expect(polls.length).toBeGreaterThanOrEqual(1);
    // The minimum when the jobs are done at the first poll: 11 requests.
    expect(5 + 5 + polls.length).toBeGreaterThanOrEqual(minimum.requests);
    for (const entry of entries.values()) {
      const impressions = entry.id_data[0]?.metrics.impressions;
      expect(impressions === null || impressions?.length === 1).toBe(true);
    }
  });

  it("windows merge to what the service says of each week, and TOTAL to the sum of the days", async () => {
    // The demo account's campaigns deliver (its seed starts days back), so the series are real.
    const campaigns = await client.campaigns.list.collect({ account_id: DEMO_ACCOUNT });
    const demoIds = campaigns.map((campaign) => campaign.id);
    const range = lastDays(14);
    const middle = new Date(range.end.getTime() - 7 * DAY_MS);
    const query = { ...campaignQuery(demoIds, range), accountId: DEMO_ACCOUNT };
    const days = await fetchStats(client, query);
    const totals = await fetchStats(client, { ...query, granularity: "TOTAL" });
    const week = async (start: Date, end: Date) =>
      client.stats.get({
        account_id: DEMO_ACCOUNT,
        entity: "CAMPAIGN",
        entity_ids: demoIds.slice(0, 20),
        start_time: wire(start),
        end_time: wire(end),
        granularity: "DAY",
        metric_groups: ["ENGAGEMENT", "BILLING"],
        placement: "ALL_ON_TWITTER",
      });
    const [first, second] = [await week(range.start, middle), await week(middle, range.end)];
    /** A week's series with nulls as zeros; a metric null over the week as 7 zeros. */
    const series = (value: unknown): number[] =>
      Array.isArray(value)
        ? value.map((n: unknown) => (typeof n === "number" ? n : 0))
        : new Array<number>(7).fill(0);
    let delivered = 0;
    for (const [index, id] of demoIds.slice(0, 20).entries()) {
      for (const name of ["impressions", "billed_charge_local_micro"]) {
        const merged = days.get(id)?.id_data[0]?.metrics[name];
        const expected = [
          ...series(first.data[index]?.id_data[0]?.metrics[name]),
          ...series(second.data[index]?.id_data[0]?.metrics[name]),
        ];
        expect(merged === null ? new Array<number>(14).fill(0) : series(merged)).toEqual(expected);
        const total = totals.get(id)?.id_data[0]?.metrics[name];
        const sum = expected.reduce((a, b) => a + b, 0);
        expect(total === null ? 0 : series(total)[0]).toBe(sum);
        delivered += sum;
      }
    }
    expect(delivered).toBeGreaterThan(0);
  });

  const jobParams = (idsOfJob: string[]) => {
    const { start, end } = lastDays(30);
    return {
      entity: "CAMPAIGN" as const,
      entity_ids: idsOfJob,
      start_time: wire(start),
      end_time: wire(end),
      granularity: "TOTAL" as const,
      metric_groups: ["ENGAGEMENT" as const],
      placement: "ALL_ON_TWITTER" as const,
    };
  };

  it("an abort cancels the pending jobs and downloads nothing", async () => {
    await api.requests.reset();
    const controller = new AbortController();
    const run = runStatsJobs(
      client,
      BENCH,
      [jobParams(ids.slice(0, 20)), jobParams(ids.slice(20, 40))],
      {
        signal: controller.signal,
        // The caller gives up before the first poll.
        sleep: () => {
          controller.abort();
          return Promise.reject(new Error("aborted"));
        },
      },
    );
    await expect(run).rejects.toBeInstanceOf(RestAbortedError);
    expect(await count("stats.jobs.create")).toBe(2);
    expect(await count("stats.jobs.delete")).toBe(2);
    expect(await count("stats.jobs.list")).toBe(0);
    expect(await count("stats.jobs.result")).toBe(0);
  });

  it("a result url on another origin is refused without a request", async () => {
    await api.requests.reset();
    // The answer names the base host's origin (a server that exists, and is not the ads host).
    const elsewhere = api.urls.base;
    const redirected = client.with({
      middleware: [
        forEndpoints(["stats.jobs.list"], async (_ctx, next) => {
          const answer = await next();
          const data = answer.body.data.map((job) =>
            job.url === null ? job : { ...job, url: `${elsewhere}${new URL(job.url).pathname}` },
          );
          return { ...answer, body: { ...answer.body, data } };
        }),
      ],
    });
    const run = runStatsJobs(redirected, BENCH, [jobParams(ids.slice(0, 20))], {
      pollIntervalMs: 500,
      maxPollIntervalMs: 500,
    });
    await expect(run).rejects.toBeInstanceOf(RestStatsJobError);
    await expect(run).rejects.toMatchObject({ code: "UNTRUSTED_URL" });
    expect(await count("stats.jobs.result")).toBe(0);
    const logged = await api.requests.entries();
    expect(logged.filter((entry) => entry.route.includes("/stats/results/"))).toEqual([]);
  });

  it("active entities: one request, every entry with an id and an activity range", async () => {
    await api.requests.reset();
    const active = await activeEntities(client, {
      accountId: BENCH,
      entity: "CAMPAIGN",
      ...lastDays(7),
    });
    expect(await count("stats.active_entities.list")).toBe(1);
    for (const entity of active) {
      expect(entity.entity_id).toMatch(/^stats1c/);
      expect(Date.parse(entity.activity_start_time)).toBeLessThanOrEqual(
        Date.parse(entity.activity_end_time),
      );
    }
  });
});
