import { LIMITS, getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { createFundingInstrumentRow } from "../src/services/funding-instruments.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, cursorOf, errorOf, idOf, idsOf, itemsOf } from "./support/bodies.js";
import type { Query } from "./support/signed-fetch.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const lineItemList = getEndpoint("line_items.list").response.schema;

/** line_items.list (beyond the spec): filters, spec §4.2 list parameters, roles. */
describe.each(HTTP_TEST_ENGINES)("listing line items on %s", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let path: string;
  /** Campaign → its line items, in creation order. */
  const made: Record<"usd" | "eur", string[]> = { usd: [], eur: [] };
  let campaigns: Record<"usd" | "eur", string>;
  let fundings: Record<"usd" | "eur", string>;
  let deletedId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    let usdFunding: string;
    ({ accountId, fundingInstrumentId: usdFunding } = await createAccountFor(
      server.ctx,
      admin.userId,
    ));
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
    fundings = { usd: usdFunding, eur: euro.id };
    const base = `/12/accounts/${accountId}`;
    path = `${base}/line_items`;
    const campaign = async (key: "usd" | "eur") =>
      idOf(
        await admin.client.post(`${base}/campaigns`, {
          query: { name: key, funding_instrument_id: fundings[key] },
        }),
      );
    campaigns = { usd: await campaign("usd"), eur: await campaign("eur") };
    const names: ["usd" | "eur", string][] = [
      ["usd", "Alpha"],
      ["usd", "alpine"],
      ["eur", "Beta"],
      ["eur", "100%_sure"],
      ["usd", "Gamma"],
    ];
    for (const [key, name] of names) {
      const response = await admin.client.post(path, {
        query: {
          campaign_id: campaigns[key],
          name,
          objective: "REACH",
          product_type: "PROMOTED_POSTS",
          placements: "TWITTER_TIMELINE",
        },
      });
      made[key].push(idOf(response));
    }
    deletedId = made.usd[2] ?? "";
    await admin.client.delete(`${path}/${deletedId}`);
  });
  afterAll(() => server.close());

  const list = (query: Query = {}) => admin.client.get(path, query);
  const live = () => [...made.usd.slice(0, 2), ...made.eur];

  it("lists the account's live line items in creation order, parsed by the catalog's schema", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const body = lineItemList.parse(bodyOf(response));
    expect(body.data.map((item) => item.id).sort()).toEqual(live().sort());
    expect(body.data.map((item) => item.name)).toEqual(["Alpha", "alpine", "Beta", "100%_sure"]);
    expect(body.data.map((item) => item.currency)).toEqual(["USD", "USD", "EUR", "EUR"]);
    expect(body.next_cursor).toBeNull();
    expect(bodyOf(response).data_type).toBe("line_item");
  });

  it("filters by line_item_ids, campaign_ids and funding_instrument_ids (the campaign's)", async () => {
    expect(
      idsOf(await list({ line_item_ids: `${made.eur[1] ?? ""},${made.usd[0] ?? ""}` })),
    ).toEqual([made.usd[0], made.eur[1]]);
    expect(idsOf(await list({ campaign_ids: campaigns.eur }))).toEqual(made.eur);
    expect(idsOf(await list({ funding_instrument_ids: fundings.usd }))).toEqual(
      made.usd.slice(0, 2),
    );
    expect(
      idsOf(await list({ funding_instrument_ids: `${fundings.usd},${fundings.eur}` })),
    ).toHaveLength(4);
    expect(idsOf(await list({ campaign_ids: "nosuch1" }))).toEqual([]);
  });

  it("matches q as a case-insensitive prefix of the name, % and _ taken literally", async () => {
    expect(idsOf(await list({ q: "ALP" }))).toEqual(made.usd.slice(0, 2));
    expect(idsOf(await list({ q: "100%_" }))).toEqual([made.eur[1]]);
    expect(idsOf(await list({ q: "1%" }))).toEqual([]);
    const long = await list({ q: "q".repeat(LIMITS.queryLength.max + 1) });
    expect(errorOf(long).parameter).toBe("q");
  });

  it("omits deleted line items unless with_deleted=true", async () => {
    expect(idsOf(await list())).not.toContain(deletedId);
    const all = itemsOf(await list({ with_deleted: true }));
    expect(all.find((item) => item.id === deletedId)?.deleted).toBe(true);
    expect(idsOf(await list({ line_item_ids: deletedId }))).toEqual([]);
  });

  it("pages with count and cursor, sorts by sort_by and counts with with_total_count", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({
        count: 1,
        sort_by: "name-asc",
        ...(cursor === undefined ? {} : { cursor }),
      });
      expect(page.status, page.text).toBe(200);
      seen.push(...idsOf(page));
      cursor = cursorOf(page);
    } while (cursor !== undefined);
    // Names compare without case, as q matches them (issue 33): Alpha < alpine < Beta.
    expect(seen).toEqual([made.eur[1], made.usd[0], made.usd[1], made.eur[0]]);
    const desc = itemsOf(await list({ sort_by: "name-desc" })).map((item) => item.name);
    expect(desc).toEqual(["Beta", "alpine", "Alpha", "100%_sure"]);
    const total = await list({ with_total_count: true, count: 2 });
    expect(bodyOf(total)).toMatchObject({ total_count: 4 });
    expect(itemsOf(total)).toHaveLength(2);
    for (const query of [
      { sort_by: "salary-asc" },
      { sort_by: "name" },
      { count: 0 },
      { count: LIMITS.listCount.max + 1 },
      { cursor: "forged-cursor-of-no-one" },
      { with_total_count: true, cursor: "x" },
    ] satisfies Query[]) {
      const response = await list(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
    expect(errorOf(await list({ sort_by: "salary-asc" })).message).toContain("objective");
  });

  it("takes at most 200 ids in each id list", async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, index) => `li${index}`).join(",");
    expect((await list({ line_item_ids: ids(LIMITS.idsPerList) })).status).toBe(200);
    for (const name of ["line_item_ids", "campaign_ids", "funding_instrument_ids"]) {
      const response = await list({ [name]: ids(LIMITS.idsPerList + 1) });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ parameter: name, code: "TOO_MANY_IDS" });
    }
  });

  it("sees a write at once (the list cache follows the account's data version)", async () => {
    const first = itemsOf(await list({ line_item_ids: made.usd[0] ?? "" }));
    expect(first[0]?.name).toBe("Alpha");
    await server.ctx.prisma.lineItem.update({
      where: { id: made.usd[0] ?? "" },
      data: { name: "Alpha (renamed in SQL)" },
    });
    const again = itemsOf(await list({ line_item_ids: made.usd[0] ?? "" }));
    expect(again[0]?.name).toBe("Alpha (renamed in SQL)");
  });

  it("shows nothing of another account, and answers by the caller's role", async () => {
    const stranger = await createActor(server.ctx);
    const refused = await stranger.client.get(path);
    expect(refused.status).toBe(403);
    const analyst = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, analyst.userId, ["CAMPAIGN_ANALYST"]);
    expect(idsOf(await analyst.client.get(path))).toHaveLength(4);
    expect((await analyst.client.get(`${path}/${made.usd[0] ?? ""}`)).status).toBe(200);
    const write = await analyst.client.post(path, {
      query: {
        campaign_id: campaigns.usd,
        name: "Not mine",
        objective: "REACH",
        product_type: "PROMOTED_POSTS",
        placements: "TWITTER_TIMELINE",
      },
    });
    expect(write.status).toBe(403);
    expect((await analyst.client.delete(`${path}/${made.usd[0] ?? ""}`)).status).toBe(403);
    const creative = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, creative.userId, ["CREATIVE_MANAGER"]);
    expect((await creative.client.get(path)).status).toBe(403);
    // Another account's line item is not found through this one.
    const other = await createAccountFor(server.ctx, admin.userId);
    const foreign = await admin.client.get(
      `/12/accounts/${other.accountId}/line_items/${made.usd[0] ?? ""}`,
    );
    expect(foreign.status).toBe(404);
  });
});
