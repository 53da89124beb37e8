import { LIMITS, formatTimestamp, keywordInsightSchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOrCreateBearerToken } from "../src/credentials/bearer.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, parametersOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { Query } from "./support/signed-fetch.js";

const PATH = "/12/insights/keywords/search";
const HOUR_MS = 3_600_000;
const WEEK = { start_time: "2026-11-01T00:00:00Z", end_time: "2026-11-08T00:00:00Z" };

describe.each(HTTP_TEST_ENGINES)("keyword insights on %s (spec §4.8, §2.10)", (engine) => {
  let server: TestServer;
  let user: Actor;

  beforeAll(async () => {
    server = await startTestServer(engine);
    // A signed-in user with no account at all: insights belong to none.
    user = await createActor(server.ctx);
  });
  afterAll(() => server.close());

  const search = (query: Query) =>
    user.client.get(PATH, { granularity: "DAY", keywords: "coffee,tea", ...WEEK, ...query });
  const insightOf = async (query: Query) => {
    const response = await search(query);
    expect(response.status, response.text).toBe(200);
    return singleEnvelope(keywordInsightSchema).parse(bodyOf(response));
  };

  it("answers one volume per step and 30 related keywords in the single envelope", async () => {
    const days = await insightOf({});
    expect(days.data.post_volume).toHaveLength(7);
    expect(days.data.related_keywords).toHaveLength(LIMITS.keywordInsights.relatedKeywords);
    expect(days.request.params).toMatchObject({ granularity: "DAY", keywords: ["coffee", "tea"] });
    for (const volume of days.data.post_volume) expect(Number.isInteger(volume)).toBe(true);
    for (const term of days.data.related_keywords) expect(["coffee", "tea"]).not.toContain(term);

    const hours = await insightOf({ granularity: "HOUR" });
    expect(hours.data.post_volume).toHaveLength(7 * 24);
    // A day is the sum of its hours.
    expect(days.data.post_volume[0]).toBe(
      hours.data.post_volume.slice(0, 24).reduce((sum, volume) => sum + volume, 0),
    );
    const short = await insightOf({ granularity: "HOUR", end_time: "2026-11-01T05:30:00Z" });
    expect(short.data.post_volume).toEqual(hours.data.post_volume.slice(0, 6));
  });

  it("answers equal requests equally, whatever the keyword order or case", async () => {
    const first = await insightOf({ location: "GB", negative_keywords: "decaf" });
    expect(await insightOf({ location: "GB", negative_keywords: "decaf" })).toEqual(first);
    const reordered = await insightOf({
      location: "GB",
      negative_keywords: "Decaf",
      keywords: "Tea,coffee",
    });
    expect(reordered.data).toEqual(first.data);
    // location defaults to US
    expect((await insightOf({ location: "US" })).data).toEqual((await insightOf({})).data);
    expect((await insightOf({ location: "JP" })).data).not.toEqual((await insightOf({})).data);
    // negative keywords take posts out, and are never related terms
    const all = await insightOf({ location: "GB" });
    first.data.post_volume.forEach((volume, index) => {
      expect(volume).toBeLessThan(all.data.post_volume[index] ?? 0);
    });
    expect(first.data.related_keywords.some((term) => term.includes("decaf"))).toBe(false);
  });

  it("takes a country in either form audience_estimate takes it: alpha-2 code or targeting value (issue 33)", async () => {
    const owner = await createActor(server.ctx);
    const { accountId } = await createAccountFor(server.ctx, owner.userId);
    const estimate = async (value: string) => {
      const response = await owner.client.post(`/12/accounts/${accountId}/audience_estimate`, {
        json: { targeting_criteria: [{ targeting_type: "LOCATION", targeting_value: value }] },
      });
      expect(response.status, response.text).toBe(200);
      return dataOf(response);
    };
    for (const [code, value] of [
      ["US", "96683cc9126741d1"],
      ["GB", "6416b8512febefc9"],
    ] as const) {
      // the targeting value is its country: the same insights, the same estimate
      expect((await insightOf({ location: value })).data).toEqual(
        (await insightOf({ location: code })).data,
      );
      expect(await estimate(value)).toEqual(await estimate(code));
    }
  });

  it("defaults end_time to now", async () => {
    const start = formatTimestamp(
      new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 48 * HOUR_MS),
    );
    const response = await user.client.get(PATH, {
      granularity: "HOUR",
      keywords: "coffee",
      start_time: start,
    });
    expect(response.status, response.text).toBe(200);
    const volumes = singleEnvelope(keywordInsightSchema).parse(bodyOf(response)).data.post_volume;
    expect(volumes.length).toBeGreaterThanOrEqual(48);
    expect(volumes.length).toBeLessThanOrEqual(49);
  });

  it("refuses a window past 7 days, too many keywords and a location that is not one known country", async () => {
    const cases: [Query, string, string][] = [
      [{ end_time: "2026-11-08T00:00:01Z" }, "end_time", "OUT_OF_RANGE"],
      [{ end_time: "2026-10-31T00:00:00Z" }, "end_time", "OUT_OF_RANGE"],
      [{ end_time: undefined, start_time: "2026-01-01T00:00:00Z" }, "start_time", "OUT_OF_RANGE"],
      [{ keywords: "a,b,c,d,e,f", negative_keywords: "g,h,i,j,k" }, "keywords", "TOO_MANY_ITEMS"],
      [{ granularity: "WEEK" }, "granularity", "INVALID_PARAMETER"],
      [{ keywords: undefined }, "keywords", "MISSING_PARAMETER"],
      [{ location: "us" }, "location", "INVALID_PARAMETER"],
      [{ location: "USA" }, "location", "INVALID_PARAMETER"],
      [{ location: "XX" }, "location", "INVALID_PARAMETER"],
      [{ location: "96683cc9126741d2" }, "location", "INVALID_PARAMETER"],
      [{ location: "96683CC9126741D1" }, "location", "INVALID_PARAMETER"],
    ];
    for (const [query, parameter, code] of cases) {
      const response = await search(query);
      expect(response.status, `${JSON.stringify(query)}: ${response.text}`).toBe(400);
      expect(parametersOf(response)).toContain(parameter);
      expect(errorOf(response).code).toBe(code);
    }
  });

  it("takes user context only", async () => {
    const unsigned = await fetch(
      `${server.urls.ads}${PATH}?granularity=DAY&keywords=a&start_time=${WEEK.start_time}`,
    );
    expect(unsigned.status).toBe(401);
    const app = await server.ctx.prisma.app.findUniqueOrThrow({ where: { id: user.appId } });
    const bearer = await getOrCreateBearerToken(server.ctx, app);
    const withBearer = await fetch(
      `${server.urls.ads}${PATH}?granularity=DAY&keywords=a&start_time=${WEEK.start_time}&end_time=${WEEK.end_time}`,
      { headers: { authorization: `Bearer ${bearer}` } },
    );
    expect(withBearer.status).toBe(403);
    expect(((await withBearer.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(220);
  });
});
