import { DEMO } from "@adsgraph/ads-api";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Line items (beyond the spec, issue 15) in the graph, against the real ads-api and its demo
// line items, on both engines.

const A = DEMO.accounts[0].id;

interface LineItemNode {
  id: string;
  rawId: string;
  name: string | null;
  campaignId: string;
  campaign: { rawId: string; currency: string } | null;
  objective: string | null;
  productType: string | null;
  placements: string[];
  bid: { micros: string; currency: string } | null;
  bidStrategy: string | null;
  payBy: string | null;
  entityStatus: string | null;
  advertiserDomain: string | null;
  deleted: boolean;
}

interface Connection<T> {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: T }[];
}

const LINE_ITEM_FIELDS = `id rawId name campaignId campaign { rawId currency } objective
  productType placements bid { micros currency } bidStrategy payBy entityStatus advertiserDomain
  deleted`;

/** An answer's data in the query's shape, and its upstream requests by endpoint. */
interface Counted<T> {
  data: T;
  byEndpoint: Record<string, number>;
}

const nodes = <T>(connection: { edges: { node: T }[] }) => connection.edges.map((e) => e.node);

describe.each(HTTP_TEST_ENGINES)("line items in the graph on %s", (engine) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true });
  });
  afterAll(() => stack.close());

  const ok = async <T>(query: string, variables?: Record<string, unknown>): Promise<Counted<T>> => {
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return { data: body.data as T, byEndpoint: body.extensions?.upstream?.byEndpoint ?? {} };
  };

  /** Every line item of the account (deleted ones too), from its own list. */
  const accountLineItems = async () =>
    nodes(
      (
        await ok<{ account: { lineItems: Connection<LineItemNode> } }>(
          `{ account(rawId: "${A}") { lineItems(first: 100, withDeleted: true, sort: { field: ID }) {
            edges { node { ${LINE_ITEM_FIELDS} } } } } }`,
        )
      ).data.account.lineItems,
    );

  it("reads every campaign's line items with one line_items request, each with its campaign", async () => {
    const all = await accountLineItems();
    expect(all.length).toBeGreaterThan(3);
    const { data, byEndpoint } = await ok<{
      account: {
        campaigns: Connection<{ rawId: string; lineItems: Connection<LineItemNode> }>;
      };
    }>(`{ account(rawId: "${A}") { campaigns(first: 10, withDraft: true) { edges { node {
      rawId lineItems(first: 20, sort: { field: ID }) { totalCount edges { node { ${LINE_ITEM_FIELDS} } } }
    } } } } }`);
    const campaigns = nodes(data.account.campaigns);
    for (const campaign of campaigns) {
      const items = nodes(campaign.lineItems);
      expect(campaign.lineItems.totalCount).toBe(items.length);
      // The campaign's own line items, as the account's list has them (deleted ones left out).
      expect(items).toEqual(all.filter((li) => li.campaignId === campaign.rawId && !li.deleted));
      for (const li of items) expect(li.campaign?.rawId).toBe(campaign.rawId);
    }
    expect(campaigns.filter((c) => c.lineItems.totalCount > 1).length).toBeGreaterThan(0);
    // The campaigns page, then all their line items at once; each line item's campaign is free.
    // No accounts.get: the read before confirmed access (ACCESS_CHECK_TTL_SECONDS).
    expect(byEndpoint).toEqual({ "campaigns.list": 1, "line_items.list": 1 });
  });

  it("shows a line item's fields: enums, money in the campaign's currency, placements", async () => {
    const all = await accountLineItems();
    const site = present(
      all.find((li) => li.name === "Spring launch: site visits"),
      "demo line item",
    );
    expect(site).toMatchObject({
      objective: "WEBSITE_CLICKS",
      productType: "PROMOTED_POSTS",
      placements: ["ALL_ON_TWITTER"],
      bid: { micros: "1500000", currency: site.campaign?.currency },
      bidStrategy: "MAX",
      payBy: "LINK_CLICK",
      entityStatus: "ACTIVE",
      advertiserDomain: "example.com",
      deleted: false,
    });
    expect(all.some((li) => li.deleted)).toBe(true);
  });

  it("pages, sorts and filters a campaign's line items as the other lists do", async () => {
    const all = (await accountLineItems()).filter((li) => !li.deleted);
    const counts = new Map<string, number>();
    for (const li of all) counts.set(li.campaignId, (counts.get(li.campaignId) ?? 0) + 1);
    const [campaignId] = present(
      [...counts].find(([, count]) => count > 1),
      "a campaign with two line items",
    );
    const names = all
      .filter((li) => li.campaignId === campaignId)
      .map((li) => li.name ?? "")
      .sort()
      .reverse();
    const query = `query ($after: String, $q: String) { account(rawId: "${A}") { campaign(id: "${globalId("Campaign", campaignId, A)}") {
      lineItems(first: 1, after: $after, q: $q, sort: { field: NAME, direction: DESC }) {
        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { name } }
    } } } }`;
    type Page = { account: { campaign: { lineItems: Connection<{ name: string }> } } };
    const first = (await ok<Page>(query)).data.account.campaign.lineItems;
    expect(first.totalCount).toBe(names.length);
    expect(nodes(first).map((n) => n.name)).toEqual([names[0]]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = (await ok<Page>(query, { after: first.pageInfo.endCursor })).data.account
      .campaign.lineItems;
    expect(nodes(second).map((n) => n.name)).toEqual([names[1]]);
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const prefix = present(names[1]).slice(0, 4).toLowerCase();
    const filtered = (await ok<Page>(query, { q: prefix })).data.account.campaign.lineItems;
    expect(filtered.totalCount).toBe(
      names.filter((n) => n.toLowerCase().startsWith(prefix)).length,
    );

    const foreign = await stack.query(query, { after: "upstream-cursor" });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const tooMany = await stack.query(
      `{ account(rawId: "${A}") { campaign(id: "${globalId("Campaign", campaignId, A)}") { lineItems(first: 1001) { totalCount } } } }`,
    );
    expect(tooMany.errors?.[0]).toMatchObject({
      message: "first must be between 1 and 1000 (got 1001).",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("resolves line items by global id through node and nodes; a missing one is null with NOT_FOUND", async () => {
    const live = (await accountLineItems()).filter((li) => !li.deleted);
    const [one, two] = live;
    const { data, byEndpoint } = await ok<{
      node: { rawId: string; campaign: { rawId: string } };
      nodes: { rawId: string }[];
    }>(
      `query ($id: ID!, $ids: [ID!]!) {
        node(id: $id) { ... on LineItem { rawId campaign { rawId } } }
        nodes(ids: $ids) { ... on LineItem { rawId } }
      }`,
      { id: present(one).id, ids: live.map((li) => li.id) },
    );
    expect(data.node).toEqual({
      rawId: present(one).rawId,
      campaign: { rawId: present(one).campaignId },
    });
    expect(data.nodes.map((n) => n.rawId)).toEqual(live.map((li) => li.rawId));
    // One lookup by line_item_ids for node and nodes together, then their campaigns.
    expect(byEndpoint).toEqual({ "line_items.list": 1, "campaigns.list": 1 });

    const missing = await stack.query(`{ account(rawId: "${A}") {
      found: lineItem(id: "${present(two).id}") { rawId } missing: lineItem(id: "${globalId("LineItem", "nope", A)}") { rawId }
    } }`);
    expect(missing.data).toEqual({
      account: { found: { rawId: present(two).rawId }, missing: null },
    });
    expect(missing.errors?.[0]).toMatchObject({
      path: ["account", "missing"],
      extensions: { code: "NOT_FOUND" },
    });
  });

  it("keeps a version of a line item per change in its history, none for reads that changed nothing", async () => {
    const li = present((await accountLineItems()).find((item) => !item.deleted));
    const read = async () => {
      const { data } = await ok<{
        account: {
          lineItem: {
            name: string;
            history: Connection<{ version: number; changedFields: string[]; snapshot: string }>;
          };
        };
      }>(`{ account(rawId: "${A}") { lineItem(id: "${li.id}") { name
        history(first: 10) { edges { node { version changedFields snapshot } } } } } }`);
      await stack.facade.services.snapshots.writer.flush();
      return data.account.lineItem;
    };
    await read();
    const before = nodes((await read()).history);
    expect(before.length).toBeGreaterThan(0);
    expect(nodes((await read()).history)).toEqual(before);

    // A change made upstream (not through the facade) shows on the next read.
    const upstream = stack.facade.services.upstream.forToken({
      token: DEMO.accessToken.token,
      tokenSecret: DEMO.accessToken.secret,
    });
    await upstream.call("line_items.update", {
      account_id: A,
      line_item_id: li.rawId,
      name: "Renamed upstream",
    });
    const changed = await read();
    expect(changed.name).toBe("Renamed upstream");
    const after = nodes((await read()).history);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.version).toBe((before[0]?.version ?? 0) + 1);
    expect(after[0]?.changedFields).toContain("name");
    expect(JSON.parse(present(after[0]).snapshot)).toMatchObject({
      id: li.rawId,
      name: "Renamed upstream",
    });
  });
});
