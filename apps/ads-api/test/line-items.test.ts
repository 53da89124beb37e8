import { LIMITS, getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFundingInstrumentRow } from "../src/services/funding-instruments.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idOf, itemsOf, parametersOf } from "./support/bodies.js";
import type { Query } from "./support/signed-fetch.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const lineItemRead = getEndpoint("line_items.get").response.schema;

/** Line items (beyond the spec; catalog/line-items.ts): create, read, update, delete and rules. */
describe.each(HTTP_TEST_ENGINES)("line items on %s", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let base: string;
  let campaignId: string;
  /** A campaign funded in EUR with a total budget of 100 units. */
  let euroCampaignId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    let fundingId: string;
    ({ accountId, fundingInstrumentId: fundingId } = await createAccountFor(
      server.ctx,
      admin.userId,
    ));
    base = `/12/accounts/${accountId}`;
    const euro = await createFundingInstrumentRow(
      server.ctx.prisma,
      accountId,
      {
        type: "CREDIT_LINE",
        currency: "EUR",
        start_time: "2026-01-01T00:00:00Z",
        credit_limit_local_micro: 1_000_000_000,
      },
      new Date(),
    );
    const campaign = async (query: Query) =>
      idOf(await admin.client.post(`${base}/campaigns`, { query }));
    campaignId = await campaign({ name: "USD", funding_instrument_id: fundingId });
    euroCampaignId = await campaign({
      name: "EUR",
      funding_instrument_id: euro.id,
      total_budget_amount_local_micro: 100_000_000,
    });
  });
  afterAll(() => server.close());

  const engagements = (query: Query = {}): Query => ({
    campaign_id: campaignId,
    name: "Engagements",
    objective: "ENGAGEMENTS",
    product_type: "PROMOTED_POSTS",
    placements: "ALL_ON_TWITTER",
    ...query,
  });
  const create = (query: Query) => admin.client.post(`${base}/line_items`, { query });
  const count = () => server.ctx.prisma.lineItem.count({ where: { accountId } });

  it("creates, reads, updates and deletes a line item; a second delete is 404", async () => {
    const created = await create(
      engagements({
        campaign_id: euroCampaignId,
        name: "Launch",
        placements: "TWITTER_TIMELINE,PUBLISHER_NETWORK",
        bid_amount_local_micro: 1_500_000,
        advertiser_domain: "shop.example.com",
        entity_status: "PAUSED",
      }),
    );
    expect(created.status, created.text).toBe(200);
    const item = lineItemRead.parse(bodyOf(created)).data;
    // Currency from the campaign's funding instrument; an amount without a strategy bids MAX;
    // placements in the order GET line_items/placements lists them.
    expect(item).toMatchObject({
      account_id: accountId,
      campaign_id: euroCampaignId,
      name: "Launch",
      objective: "ENGAGEMENTS",
      product_type: "PROMOTED_POSTS",
      placements: ["PUBLISHER_NETWORK", "TWITTER_TIMELINE"],
      bid_strategy: "MAX",
      bid_amount_local_micro: 1_500_000,
      pay_by: "ENGAGEMENT",
      advertiser_domain: "shop.example.com",
      categories: [],
      total_budget_amount_local_micro: null,
      entity_status: "PAUSED",
      currency: "EUR",
      deleted: false,
    });
    expect(bodyOf(created).data_type).toBe("line_item");
    const path = `${base}/line_items/${item.id}`;
    expect(dataOf(await admin.client.get(path))).toEqual(item);

    const updated = await admin.client.put(path, {
      query: { name: "Launch 2", entity_status: "ACTIVE", bid_strategy: "AUTO" },
    });
    expect(updated.status, updated.text).toBe(200);
    // AUTO bids no amount: the stored one is dropped.
    expect(dataOf(updated)).toMatchObject({
      name: "Launch 2",
      entity_status: "ACTIVE",
      bid_strategy: "AUTO",
      bid_amount_local_micro: null,
    });

    const deleted = await admin.client.delete(path);
    expect(dataOf(deleted).deleted).toBe(true);
    expect((await admin.client.delete(path)).status).toBe(404);
    expect((await admin.client.get(path)).status).toBe(404);
    expect(dataOf(await admin.client.get(path, { with_deleted: true })).deleted).toBe(true);
    const afterDelete = await admin.client.put(path, { query: { name: "x" } });
    expect(afterDelete.status).toBe(404);
    expect(errorOf(afterDelete).parameter).toBe("line_item_id");
  });

  it("takes the vendor's PROMOTED_TWEETS as PROMOTED_POSTS, in creates, batches and placements, storing the spec's word", async () => {
    // The Python SDK's LineItem.save() with PRODUCT.PROMOTED_TWEETS, names mapped, values not
    const created = await create(
      engagements({ name: "SDK", product_type: "PROMOTED_TWEETS", bid_amount_local_micro: 10_000 }),
    );
    expect(created.status, created.text).toBe(200);
    expect(dataOf(created).product_type).toBe("PROMOTED_POSTS");
    const stored = await server.ctx.prisma.lineItem.findUniqueOrThrow({
      where: { id: idOf(created) },
    });
    expect(stored.productType).toBe("PROMOTED_POSTS");
    // Sent back on an update it is the stored value, on PUT and batch Update alike
    const path = `${base}/line_items/${idOf(created)}`;
    const put = await admin.client.put(path, {
      query: { product_type: "PROMOTED_TWEETS", name: "SDK 2" },
    });
    expect(put.status, put.text).toBe(200);
    expect(dataOf(put)).toMatchObject({ name: "SDK 2", product_type: "PROMOTED_POSTS" });
    const batchUpdate = await admin.client.post(`/12/batch/accounts/${accountId}/line_items`, {
      json: [
        {
          operation_type: "Update",
          params: { line_item_id: idOf(created), product_type: "PROMOTED_TWEETS", name: "SDK 3" },
        },
      ],
    });
    expect(batchUpdate.status, batchUpdate.text).toBe(200);
    const changed = await admin.client.put(path, { query: { product_type: "MEDIA" } });
    expect(changed.status).toBe(400);
    expect(errorOf(changed)).toMatchObject({
      code: "READ_ONLY_PARAMETER",
      parameter: "product_type",
    });
    // LineItem.batch_save sends the same params as JSON
    const batch = await admin.client.post(`/12/batch/accounts/${accountId}/line_items`, {
      json: [
        {
          operation_type: "Create",
          params: {
            campaign_id: campaignId,
            name: "SDK batch",
            objective: "ENGAGEMENTS",
            product_type: "PROMOTED_TWEETS",
            placements: ["ALL_ON_TWITTER"],
          },
        },
      ],
    });
    expect(batch.status, batch.text).toBe(200);
    expect(itemsOf(batch)[0]?.product_type).toBe("PROMOTED_POSTS");
    // LineItemPlacements.all(product_type=PROMOTED_TWEETS) answers the PROMOTED_POSTS entries
    const placements = await admin.client.get("/12/line_items/placements", {
      product_type: "PROMOTED_TWEETS",
    });
    expect(placements.status, placements.text).toBe(200);
    expect(itemsOf(placements).map((entry) => entry.product_type)).toEqual(["PROMOTED_POSTS"]);
  });

  it("records creates, updates and deletes in account_history as LINE_ITEM entries", async () => {
    const id = idOf(await create(engagements({ name: "Tracked" })));
    await admin.client.put(`${base}/line_items/${id}`, { query: { name: "Tracked 2" } });
    await admin.client.delete(`${base}/line_items/${id}`);
    const hour = 3_600_000;
    const start = new Date(Math.floor(Date.now() / hour) * hour - hour);
    const end = new Date(start.getTime() + 3 * hour);
    const history = await admin.client.get(`${base}/account_history`, {
      entity_type: "LINE_ITEM",
      entity_id: id,
      start_time: start.toISOString().replace(/\.\d{3}Z$/, "Z"),
      end_time: end.toISOString().replace(/\.\d{3}Z$/, "Z"),
    });
    expect(history.status, history.text).toBe(200);
    const entries = itemsOf(history);
    expect(entries.map((entry) => entry.change_type)).toEqual(["CREATE", "UPDATE", "DELETE"]);
    expect(entries[1]?.changes).toEqual({
      name: { old_value: "Tracked", new_value: "Tracked 2" },
    });
    expect(entries.every((entry) => entry.user_id === admin.userId)).toBe(true);
  });

  it("names every missing create parameter and writes nothing", async () => {
    const before = await count();
    const response = await create({});
    expect(response.status).toBe(400);
    expect(parametersOf(response)).toEqual([
      "campaign_id",
      "name",
      "objective",
      "placements",
      "product_type",
    ]);
    expect(errorOf(response).code).toBe("MISSING_PARAMETER");
    expect(await count()).toBe(before);
  });

  it.each<[string, Query, string, string]>([
    ["a name over 255", { name: "n".repeat(LIMITS.lineItemName + 1) }, "name", "TOO_LONG"],
    ["an unknown objective", { objective: "SALES" }, "objective", "INVALID_PARAMETER"],
    [
      "an unknown product type",
      { product_type: "PROMOTED_TRENDS" },
      "product_type",
      "INVALID_PARAMETER",
    ],
    ["an unknown placement", { placements: "EVERYWHERE" }, "placements[0]", "INVALID_PARAMETER"],
    [
      "a placement twice",
      { placements: "ALL_ON_TWITTER,ALL_ON_TWITTER" },
      "placements",
      "INVALID_PARAMETER",
    ],
    [
      "MAX without an amount",
      { bid_strategy: "MAX" },
      "bid_amount_local_micro",
      "MISSING_PARAMETER",
    ],
    [
      "AUTO with an amount",
      { bid_strategy: "AUTO", bid_amount_local_micro: 5 },
      "bid_amount_local_micro",
      "CONFLICTING_PARAMETERS",
    ],
    ["a negative amount", { bid_amount_local_micro: -1 }, "bid_amount_local_micro", "OUT_OF_RANGE"],
    ["categories off PREROLL_VIEWS", { categories: "1" }, "categories", "CONFLICTING_PARAMETERS"],
    [
      "PREROLL_VIEWS without categories",
      { objective: "PREROLL_VIEWS", product_type: "MEDIA" },
      "categories",
      "MISSING_PARAMETER",
    ],
    [
      "three categories",
      { objective: "PREROLL_VIEWS", categories: "1,2,3" },
      "categories",
      "TOO_MANY_IDS",
    ],
    [
      "a category twice",
      { objective: "PREROLL_VIEWS", categories: "1,1" },
      "categories",
      "INVALID_PARAMETER",
    ],
    [
      "a URL as domain",
      { advertiser_domain: "https://example.com/x" },
      "advertiser_domain",
      "INVALID_PARAMETER",
    ],
    [
      "a paused-or-running status",
      { entity_status: "RUNNING" },
      "entity_status",
      "INVALID_PARAMETER",
    ],
  ])("refuses %s before anything is written", async (_label, query, parameter, code) => {
    const before = await count();
    const response = await create(engagements(query));
    expect(response.status, response.text).toBe(400);
    expect(errorOf(response)).toMatchObject({ parameter, code });
    expect(errorOf(response).message).toContain(parameter);
    expect(await count()).toBe(before);
  });

  it.each<[string, () => Query, string, string]>([
    [
      "another account's campaign",
      () => ({ campaign_id: "nosuch1" }),
      "campaign_id",
      "does not exist",
    ],
    [
      "placements the product type does not offer",
      () => ({ placements: "TAP_BANNER" }),
      "placements",
      "PROMOTED_POSTS",
    ],
    [
      "an unknown business category",
      () => ({ objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: "999" }),
      "categories",
      "999",
    ],
    [
      "a budget over the campaign's",
      () => ({ campaign_id: euroCampaignId, total_budget_amount_local_micro: 100_000_001 }),
      "total_budget_amount_local_micro",
      "campaign",
    ],
  ])(
    "refuses %s (what stored records say), writing nothing",
    async (_label, query, parameter, says) => {
      const before = await count();
      const response = await create(engagements(query()));
      expect(response.status, response.text).toBe(400);
      expect(errorOf(response).parameter).toBe(parameter);
      expect(errorOf(response).message).toContain(says);
      expect(await count()).toBe(before);
    },
  );

  it("creates nothing under a deleted campaign", async () => {
    const doomed = idOf(
      await admin.client.post(`${base}/campaigns`, {
        query: {
          name: "Doomed",
          funding_instrument_id: (
            await server.ctx.prisma.campaign.findUniqueOrThrow({ where: { id: campaignId } })
          ).fundingInstrumentId,
        },
      }),
    );
    await admin.client.delete(`${base}/campaigns/${doomed}`);
    const response = await create(engagements({ campaign_id: doomed }));
    expect(response.status).toBe(400);
    expect(errorOf(response).parameter).toBe("campaign_id");
  });

  it("creates a PREROLL_VIEWS line item with one or two categories and checks updates against it", async () => {
    const created = await create(
      engagements({
        objective: "PREROLL_VIEWS",
        product_type: "MEDIA",
        placements: "PUBLISHER_NETWORK,ALL_ON_TWITTER",
        categories: "1,2",
        bid_strategy: "TARGET",
        bid_amount_local_micro: 40_000,
      }),
    );
    expect(created.status, created.text).toBe(200);
    expect(dataOf(created)).toMatchObject({
      categories: ["1", "2"],
      pay_by: "IMPRESSION",
      placements: ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"],
    });
    const path = `${base}/line_items/${idOf(created)}`;
    const changed = await admin.client.put(path, { query: { categories: "3" } });
    expect(dataOf(changed).categories).toEqual(["3"]);
    // The stored TARGET bid keeps its amount when only the strategy changes.
    expect(dataOf(await admin.client.put(path, { query: { bid_strategy: "MAX" } }))).toMatchObject({
      bid_strategy: "MAX",
      bid_amount_local_micro: 40_000,
    });

    const plain = `${base}/line_items/${idOf(await create(engagements()))}`;
    const categories = await admin.client.put(plain, { query: { categories: "1" } });
    expect(categories.status).toBe(400);
    expect(errorOf(categories)).toMatchObject({
      parameter: "categories",
      code: "CONFLICTING_PARAMETERS",
    });
    // AUTO by default: an amount alone, or MAX alone, contradicts the stored strategy.
    const amount = await admin.client.put(plain, { query: { bid_amount_local_micro: 5 } });
    expect(errorOf(amount)).toMatchObject({ parameter: "bid_amount_local_micro" });
    const max = await admin.client.put(plain, { query: { bid_strategy: "MAX" } });
    expect(errorOf(max)).toMatchObject({
      parameter: "bid_amount_local_micro",
      code: "MISSING_PARAMETER",
    });
    // What fixes a line item's kind is read-only: only its stored value passes (issue 33).
    const kind = await admin.client.put(plain, { query: { objective: "REACH" } });
    expect(errorOf(kind)).toMatchObject({ parameter: "objective", code: "READ_ONLY_PARAMETER" });
    expect(dataOf(await admin.client.get(plain))).toMatchObject({
      objective: "ENGAGEMENTS",
      bid_strategy: "AUTO",
    });
  });

  it("answers hostile values with a 400 naming the parameter, never a 500", async () => {
    const before = await count();
    for (const query of [
      { name: "x".repeat(5_000) },
      { name: "tab\there" },
      { name: "\u0000" },
      { bid_amount_local_micro: "1e6" },
      { bid_amount_local_micro: "99999999999999999999" },
      { total_budget_amount_local_micro: "abc" },
      { placements: "" },
      { placements: "ALL_ON_TWITTER,".repeat(300) },
      { categories: Array.from({ length: 250 }, (_, index) => index).join(",") },
      { campaign_id: "../../campaigns" },
      { campaign_id: "c".repeat(10_000) },
      { advertiser_domain: "a".repeat(300) },
      { objective: "'; DROP TABLE line_item; --" },
    ] satisfies Query[]) {
      const response = await create(engagements(query));
      expect(
        response.status,
        `${JSON.stringify(query).slice(0, 80)} ${response.text.slice(0, 200)}`,
      ).toBe(400);
      // The parameter, or an item of it (`placements[3]`).
      const parameter = errorOf(response).parameter ?? "";
      expect(parameter.replace(/\[\d+\]$/, "")).toBe(Object.keys(query)[0]);
    }
    // Past what an HTTP server takes in a request line: refused before any handler runs.
    const huge = await create(engagements({ name: "x".repeat(100_000) }));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const json = await admin.client.post(`${base}/line_items`, { json: { name: 5 } });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    const badId = await admin.client.get(`${base}/line_items/${"%00".repeat(5)}`);
    expect(badId.status).toBe(400);
    expect(await count()).toBe(before);
  });
});
