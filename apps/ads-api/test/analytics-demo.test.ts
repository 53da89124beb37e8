import { getEndpoint } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdsApi } from "../testing/index.js";
import type { StartedAdsApi } from "../testing/index.js";
import { HOUR_MS, iso } from "./support/analytics-world.js";
import { AdsClient } from "./support/signed-fetch.js";

// Issue 36: a fresh start with the demo data set shows delivery for the last 7 days.

const statsSchema = getEndpoint("stats.get").response.schema;

describe.each(TEST_ENGINES)("the demo data set delivers on %s (issue 36)", (engine) => {
  let server: StartedAdsApi;
  beforeAll(async () => {
    server = await startAdsApi({ engine });
  });
  afterAll(() => server.close());

  it("shows impressions and spend on every day of the last 7 for the active demo campaigns", async () => {
    const { demo } = server;
    const client = new AdsClient(server.urls, {
      consumer: { consumerKey: demo.app.consumerKey, consumerSecret: demo.app.consumerSecret },
      token: { token: demo.accessToken.token, tokenSecret: demo.accessToken.secret },
    });
    const account = demo.accounts[0].id;
    const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const response = await client.get(`/12/stats/accounts/${account}`, {
      entity: "CAMPAIGN",
      entity_ids: `${account}c1,${account}c4`,
      start_time: iso(end - 168 * HOUR_MS),
      end_time: iso(end),
      granularity: "DAY",
      metric_groups: "ENGAGEMENT,BILLING",
      placement: "ALL_ON_TWITTER",
    });
    expect(response.status, response.text).toBe(200);
    const answer = statsSchema.parse(response.body);
    expect(answer.time_series_length).toBe(7);
    const days = (metric: string) => answer.data.map((entry) => entry.id_data[0]?.metrics[metric]);
    const total = (series: unknown) =>
      Array.isArray(series) ? series.reduce<number>((a, b) => a + (Number(b) || 0), 0) : 0;
    expect(
      days("impressions")
        .map(total)
        .reduce((a, b) => a + b, 0),
    ).toBeGreaterThan(0);
    for (const day of [0, 1, 2, 3, 4, 5, 6]) {
      const impressions = days("impressions").map((series) =>
        Array.isArray(series) ? (series[day] ?? 0) : 0,
      );
      expect(
        impressions.reduce((a, b) => a + b, 0),
        `day ${day}`,
      ).toBeGreaterThan(0);
    }
    expect(
      days("billed_charge_local_micro")
        .map(total)
        .reduce((a, b) => a + b, 0),
    ).toBeGreaterThan(0);
  });
});
