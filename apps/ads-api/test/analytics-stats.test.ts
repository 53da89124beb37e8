import { getEndpoint } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statsAnswer } from "../src/analytics/simulation/index.js";
import { loadDeliveryWorld } from "../src/analytics/world-loader.js";
import { worldScopeOf } from "../src/analytics/world-scope.js";
import { grantAccess } from "../src/credentials/grants.js";
import { createActor } from "./support/actors.js";
import {
  HOUR_MS,
  DAY_MS,
  deliveringAccount,
  iso,
  pinnedClock,
  statsQuery,
} from "./support/analytics-world.js";
import type { DeliveringAccount } from "./support/analytics-world.js";
import { errorOf, idOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse, Query } from "./support/signed-fetch.js";

// Issue 36: stats.get and stats.active_entities.list over real HTTP. The service clock is
// pinned (the kit's `clock`): hours close when the test moves it, so "a pause stops delivery
// from that hour" is checked through the API, on each engine.

const statsSchema = getEndpoint("stats.get").response.schema;
const activeSchema = getEndpoint("stats.active_entities.list").response.schema;
const STATS_RATE = 30;

/** One metric's series of the first entity (null: zero in every bucket). */
function series(response: ApiResponse, metric: string, entry = 0): number[] | null {
  expect(response.status, response.text).toBe(200);
  const answer = statsSchema.parse(response.body);
  const value = answer.data[entry]?.id_data[0]?.metrics[metric];
  if (value === undefined) throw new Error(`no ${metric} in the answer`);
  if (value !== null && !Array.isArray(value)) throw new Error(`${metric} is not a series`);
  return value === null ? null : value.map((point) => point ?? 0);
}

const sum = (values: readonly number[] | null) => (values ?? []).reduce((a, b) => a + b, 0);

describe.each(TEST_ENGINES)("analytics: stats and active entities on %s (issue 36)", (engine) => {
  const clock = pinnedClock();
  const h = (hours: number) => clock.start + hours * HOUR_MS;
  let server: TestServer;
  let world: DeliveringAccount;
  let stats: (
    more?: Query,
    ids?: string | readonly string[],
    from?: number,
    to?: number,
  ) => Promise<ApiResponse>;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now, limits: { statsRate: STATS_RATE } });
    world = await deliveringAccount(server.ctx);
    stats = (more = {}, ids = world.lineItemId, from = h(0), to = h(5)) =>
      world.admin.client.get(
        `/12/stats/accounts/${world.accountId}`,
        statsQuery(ids, from, to, more),
      );
  });
  afterAll(() => server.close());

  it("delivers from the line item's first hour; a pause (via the API) stops delivery from that hour, closed hours never change", async () => {
    clock.set(h(5) + 20 * 60_000);
    const before = series(await stats(), "impressions");
    expect(before).toHaveLength(5);
    expect(before?.slice(1).every((value) => value > 0)).toBe(true);

    const paused = await world.admin.client.put(`${world.base}/line_items/${world.lineItemId}`, {
      query: { entity_status: "PAUSED" },
    });
    expect(paused.status, paused.text).toBe(200);

    clock.set(h(9));
    const after = series(await stats({}, world.lineItemId, h(0), h(9)), "impressions");
    expect(after?.slice(0, 5)).toEqual(before);
    // The hour of the pause (h5) and every later one: nothing.
    expect(after?.slice(5)).toEqual([0, 0, 0, 0]);
    const spend = series(
      await stats({}, world.lineItemId, h(0), h(9)),
      "billed_charge_local_micro",
    );
    expect(spend?.slice(5)).toEqual([0, 0, 0, 0]);
  });

  it("answers every bucket granularity with the same totals, and the campaign as the sum of its line items", async () => {
    const hourly = series(await stats({}, world.lineItemId, h(0), h(9)), "impressions");
    const total = await stats({ granularity: "TOTAL" }, world.lineItemId, h(0), h(9));
    expect(statsSchema.parse(total.body).time_series_length).toBe(1);
    expect(series(total, "impressions")).toEqual([sum(hourly)]);
    const campaign = await stats(
      { entity: "CAMPAIGN", granularity: "TOTAL" },
      world.campaignId,
      h(0),
      h(9),
    );
    expect(series(campaign, "impressions")).toEqual([sum(hourly)]);
    const daily = await stats({ granularity: "DAY" }, world.lineItemId, h(0), h(48));
    expect(statsSchema.parse(daily.body).time_series_length).toBe(2);
    expect(sum(series(daily, "impressions"))).toBe(sum(hourly));
  });

  it("answers one entry per id in request order, each validating against the catalog", async () => {
    const response = await stats({ entity: "CAMPAIGN" }, [world.campaignId], h(0), h(9));
    const answer = statsSchema.parse(response.body);
    expect(answer.data.map((entry) => entry.id)).toEqual([world.campaignId]);
    expect(answer.request.params).toMatchObject({
      account_id: world.accountId,
      entity: "CAMPAIGN",
    });
    const account = await stats(
      { entity: "ACCOUNT", metric_groups: "ENGAGEMENT" },
      world.accountId,
      h(0),
      h(9),
    );
    expect(sum(series(account, "impressions"))).toBeGreaterThan(0);
  });

  it("refuses unknown entity ids of the account with 400 naming entity_ids and the ids", async () => {
    const response = await stats({}, [world.lineItemId, "nosuch1"]);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ parameter: "entity_ids" });
    expect(errorOf(response).message).toContain("nosuch1");
    expect(errorOf(response).message).not.toContain(world.lineItemId);
    // A campaign id is not a line item id.
    const wrongType = await stats({}, world.campaignId);
    expect(errorOf(wrongType)).toMatchObject({ parameter: "entity_ids" });
  });

  it("loads only the campaigns a query needs, with the numbers the whole account gives", async () => {
    const { admin, base, fundingInstrumentId, accountId } = world;
    const other = idOf(
      await admin.client.post(`${base}/campaigns`, {
        query: {
          name: "Other",
          funding_instrument_id: fundingInstrumentId,
          daily_budget_amount_local_micro: 900_000_000,
          entity_status: "ACTIVE",
        },
      }),
    );
    const otherItem = idOf(
      await admin.client.post(`${base}/line_items`, {
        query: {
          campaign_id: other,
          name: "Other engagements",
          objective: "ENGAGEMENTS",
          product_type: "PROMOTED_POSTS",
          placements: "ALL_ON_TWITTER",
          bid_amount_local_micro: 3_000_000,
          entity_status: "ACTIVE",
        },
      }),
    );
    const prisma = server.ctx.prisma;
    const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId } });
    const now = new Date(h(30));
    for (const [entity, ids] of [
      ["CAMPAIGN", [world.campaignId]],
      ["LINE_ITEM", [world.lineItemId]],
      ["PROMOTED_POST", [`${world.lineItemId}pp`]],
    ] as const) {
      const scope = await worldScopeOf(prisma, accountId, entity, ids);
      expect(scope).toEqual({ campaignIds: [world.campaignId] });
      const query = {
        entity,
        entity_ids: [...ids],
        start_time: iso(h(0)),
        end_time: iso(h(24)),
        granularity: "HOUR" as const,
        metric_groups: ["ENGAGEMENT" as const, "BILLING" as const],
        placement: "ALL_ON_TWITTER" as const,
      };
      const scoped = await loadDeliveryWorld(prisma, account, now, scope);
      const whole = await loadDeliveryWorld(prisma, account, now);
      expect(scoped.lineItems.map((item) => item.id)).toEqual([world.lineItemId]);
      expect(whole.lineItems.map((item) => item.id)).toContain(otherItem);
      expect(statsAnswer(scoped, query)).toEqual(statsAnswer(whole, query));
    }
  });

  it("answers a draft campaign as one that never delivered (null metrics), beside a delivering one", async () => {
    const campaign = await server.ctx.prisma.campaign.findUniqueOrThrow({
      where: { id: world.campaignId },
    });
    await server.ctx.prisma.campaign.create({
      data: {
        id: "statsdraft1",
        accountId: world.accountId,
        fundingInstrumentId: campaign.fundingInstrumentId,
        name: "Draft",
        entityStatus: "PAUSED",
        currency: campaign.currency,
        draft: true,
      },
    });
    const response = await stats({ entity: "CAMPAIGN" }, [world.campaignId, "statsdraft1"]);
    expect(sum(series(response, "impressions", 0))).toBeGreaterThan(0);
    expect(series(response, "impressions", 1)).toBeNull();
  });

  it.each([
    ["start_time", { start_time: iso(clock.start + 60_000) }],
    ["end_time", { end_time: iso(clock.start + 8 * DAY_MS) }],
    ["end_time", { end_time: iso(clock.start) }],
    ["entity_ids", { entity_ids: Array.from({ length: 21 }, (_, i) => `x${i}`).join(",") }],
    ["metric_groups", { metric_groups: "ENGAGEMENT,NOPE" }],
    ["metric_groups", { entity: "ACCOUNT", metric_groups: "BILLING" }],
    ["granularity", { granularity: "WEEK" }],
    ["placement", { placement: "EVERYWHERE" }],
  ] as const)("refuses a bad %s with 400 naming it", async (parameter, more) => {
    const response = await stats(more);
    expect(response.status, response.text).toBe(400);
    // a list item is named with its index (metric_groups[1])
    expect(errorOf(response).parameter).toMatch(new RegExp(`^${parameter}(\\[\\d+\\])?$`));
  });

  it("lists the entities that delivered in a range, not the ones that did not", async () => {
    const response = await world.admin.client.get(
      `/12/stats/accounts/${world.accountId}/active_entities`,
      { entity: "LINE_ITEM", start_time: iso(h(0)), end_time: iso(h(9)) },
    );
    expect(response.status, response.text).toBe(200);
    const answer = activeSchema.parse(response.body);
    expect(answer.data.map((entry) => entry.entity_id)).toEqual([world.lineItemId]);
    const later = await world.admin.client.get(
      `/12/stats/accounts/${world.accountId}/active_entities`,
      { entity: "LINE_ITEM", start_time: iso(h(6)), end_time: iso(h(9)) },
    );
    expect(itemsOf(later)).toEqual([]);
    const unknown = await world.admin.client.get(
      `/12/stats/accounts/${world.accountId}/active_entities`,
      { entity: "CAMPAIGN", start_time: iso(h(0)), end_time: iso(h(9)), campaign_ids: "nosuch1" },
    );
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ parameter: "campaign_ids" });
  });

  it(`counts stats.get per user token at its own limit (${STATS_RATE}), apart from other families`, async () => {
    const reader = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, world.accountId, reader.userId, ["CAMPAIGN_ANALYST"]);
    const path = `/12/stats/accounts/${world.accountId}`;
    const query = statsQuery(world.lineItemId, h(0), h(1));
    for (let index = 0; index < STATS_RATE; index += 1) {
      const response = await reader.client.get(path, query);
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get("x-rate-limit-limit")).toBe(String(STATS_RATE));
    }
    const refused = await reader.client.get(path, query);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-rate-limit-remaining")).toBe("0");
    expect((await reader.client.get(`${world.base}/campaigns`)).status).toBe(200);
  });
});
