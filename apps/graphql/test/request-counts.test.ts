import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// The reference queries make exactly the minimum number of upstream requests: per level
// ceil(distinct ids / 200) plus the list pages, counted by the rest-client hook (the
// response's extensions) and cross-checked against what ads-api served. Each stack reads its
// account once first: with access known (ACCESS_CHECK_TTL_SECONDS, long here) a query selecting
// only the account's lists reads no accounts.get (test/account-read-skip.test.ts).

/** Settings of these stacks: access, once confirmed, stays known for the whole file. */
const KNOWN_ACCESS = { ACCESS_CHECK_TTL_SECONDS: "3600" };

/** Reads the account once, so that upstream's word on access is known. */
async function knowAccess(stack: Stack, accountId: string): Promise<void> {
  const body = await stack.query(`{ account(rawId: "${accountId}") { rawId name } }`);
  expect(body.errors).toBeUndefined();
}

const ACCOUNT = "cnt450";
const CAMPAIGNS = 450;
const FUNDING_INSTRUMENTS = 300;
const CARDS = 250;
const ceil200 = (n: number) => Math.ceil(n / 200);

interface Edges<T> {
  edges: { node: T }[];
}

/** A counted answer, its data in the query's shape. */
interface Counted<T> {
  data: T;
  byEndpoint: Record<string, number>;
}

describe("upstream requests per GraphQL request", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true, facade: { env: KNOWN_ACCESS } });
    await stack.adsApi.seedBench({
      accountId: ACCOUNT,
      campaigns: CAMPAIGNS,
      fundingInstruments: FUNDING_INSTRUMENTS,
      cards: CARDS,
      seed: 7,
    });
    await knowAccess(stack, ACCOUNT);
  });
  afterAll(() => stack.close());

  /** Runs a query and checks the hook's count against ads-api's own request log. */
  async function counted(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data: unknown; byEndpoint: Record<string, number> }> {
    await stack.adsApi.requests.reset();
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const upstream = body.extensions?.upstream;
    expect(upstream?.requests).toBe((await stack.adsApi.requests.counts()).total);
    expect(upstream?.byEndpoint).toEqual((await stack.adsApi.requests.counts()).byEndpoint);
    return { data: body.data, byEndpoint: upstream?.byEndpoint ?? {} };
  }

  it("reads 450 campaigns' funding instruments (300 exist) in ceil(distinct / 200) requests", async () => {
    const { data, byEndpoint } = (await counted(`{
      account(rawId: "${ACCOUNT}") {
        campaigns(first: 1000) { edges { node { fundingInstrumentId fundingInstrument { rawId } } } }
      }
    }`)) as Counted<{
      account: {
        campaigns: Edges<{ fundingInstrumentId: string; fundingInstrument: { rawId: string } }>;
      };
    }>;
    const edges = data.account.campaigns.edges;
    expect(edges).toHaveLength(CAMPAIGNS);
    for (const { node } of edges)
      expect(node.fundingInstrument.rawId).toBe(node.fundingInstrumentId);
    const distinct = new Set(edges.map(({ node }) => node.fundingInstrumentId)).size;
    expect(distinct).toBeGreaterThan(200);
    expect(byEndpoint).toEqual({
      "campaigns.list": 1,
      "funding_instruments.list": ceil200(distinct),
    });
    expect(ceil200(distinct)).toBe(2);
  });

  it("reads no funding instrument for a page whose query skips them, through a fragment too", async () => {
    const { data, byEndpoint } = (await counted(
      `
      query ($skip: Boolean!) {
        account(rawId: "${ACCOUNT}") {
          campaigns(first: 5) { edges { node { rawId ...Funding } } }
        }
      }
      fragment Funding on Campaign { fundingInstrument @skip(if: $skip) { rawId } }
    `,
      { skip: true },
    )) as Counted<{ account: { campaigns: Edges<{ rawId: string }> } }>;
    expect(data.account.campaigns.edges).toHaveLength(5);
    expect(byEndpoint).toEqual({ "campaigns.list": 1 });
  });

  it("reads the campaigns of 300 funding instruments in 2 requests (funding_instrument_ids), grouped", async () => {
    const { data, byEndpoint } = (await counted(`{
      account(rawId: "${ACCOUNT}") {
        fundingInstruments(first: 300) {
          edges { node { rawId campaigns { nodes { fundingInstrumentId fundingInstrument { rawId } } } } }
        }
      }
    }`)) as Counted<{
      account: {
        fundingInstruments: Edges<{
          rawId: string;
          campaigns: {
            nodes: { fundingInstrumentId: string; fundingInstrument: { rawId: string } }[];
          };
        }>;
      };
    }>;
    const edges = data.account.fundingInstruments.edges;
    expect(edges).toHaveLength(FUNDING_INSTRUMENTS);
    let campaigns = 0;
    for (const { node } of edges) {
      for (const campaign of node.campaigns.nodes) {
        expect(campaign.fundingInstrumentId).toBe(node.rawId);
        expect(campaign.fundingInstrument.rawId).toBe(node.rawId);
      }
      campaigns += node.campaigns.nodes.length;
    }
    expect(campaigns).toBe(CAMPAIGNS);
    // The funding instrument list primed the by-id loader: campaigns' fundingInstrument is free.
    expect(byEndpoint).toEqual({
      "funding_instruments.list": 1,
      "campaigns.list": ceil200(FUNDING_INSTRUMENTS),
    });
  });

  it("answers from what a list already read: asking again costs nothing", async () => {
    const first = (await counted(
      `{ account(rawId: "${ACCOUNT}") { campaigns(first: 3) { edges { node { id rawId } } } } }`,
    )) as Counted<{ account: { campaigns: Edges<{ id: string; rawId: string }> } }>;
    const ids = first.data.account.campaigns.edges.map(({ node }) => node.rawId);
    const globalIds = first.data.account.campaigns.edges.map(({ node }) => node.id);
    const { data, byEndpoint } = (await counted(
      `query ($id: ID!) { account(rawId: "${ACCOUNT}") {
        campaigns(first: 3) { edges { node { account { campaign(id: $id) { rawId } } } } }
      } }`,
      { id: globalIds[2] },
    )) as Counted<{
      account: { campaigns: Edges<{ account: { campaign: { rawId: string } } }> };
    }>;
    expect(data.account.campaigns.edges.map(({ node }) => node.account.campaign.rawId)).toEqual([
      ids[2],
      ids[2],
      ids[2],
    ]);
    // The campaigns' account is the account read: selected below the list, it is read first.
    expect(byEndpoint).toEqual({ "accounts.get": 1, "campaigns.list": 1 });
  });

  it("resolves 250 cards by global id through the Node interface in 2 requests (card_id)", async () => {
    const list = (await counted(
      `{ account(rawId: "${ACCOUNT}") { cards(first: 200) { pageInfo { endCursor } edges { node { id } } } } }`,
    )) as Counted<{
      account: { cards: { pageInfo: { endCursor: string }; edges: { node: { id: string } }[] } };
    }>;
    const more = (await counted(
      `query ($after: String) { account(rawId: "${ACCOUNT}") { cards(first: 200, after: $after) { edges { node { id } } } } }`,
      { after: list.data.account.cards.pageInfo.endCursor },
    )) as Counted<{ account: { cards: Edges<{ id: string }> } }>;
    const ids = [...list.data.account.cards.edges, ...more.data.account.cards.edges].map(
      ({ node }) => node.id,
    );
    expect(ids).toHaveLength(CARDS);
    const { data, byEndpoint } = (await counted(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Card { rawId } } }`,
      {
        ids,
      },
    )) as Counted<{ nodes: { id: string; rawId: string }[] }>;
    expect(data.nodes.map((node) => node.id)).toEqual(ids);
    expect(byEndpoint).toEqual({ "cards.list": ceil200(CARDS) });
  });

  it("asks with_total_count only when totalCount is selected", async () => {
    const without = await stack.query(
      `{ account(rawId: "${ACCOUNT}") { campaigns(first: 2) { edges { node { rawId } } } } }`,
    );
    expect(without.extensions?.upstream?.withTotalCount).toBe(0);
    const withTotal = await stack.query(
      `{ account(rawId: "${ACCOUNT}") { campaigns(first: 2) { totalCount edges { node { rawId } } } } }`,
    );
    expect(withTotal.data).toMatchObject({ account: { campaigns: { totalCount: CAMPAIGNS } } });
    expect(withTotal.extensions?.upstream).toMatchObject({
      withTotalCount: 1,
      byEndpoint: { "campaigns.list": 1 },
    });
  });
});

// Line items (issue 15): 450 campaigns with 6 line items each. Campaigns' line items are read
// through campaign_ids, ≤200 campaigns per request, each request paged by 1,000 line items.
const LI_ACCOUNT = "cntli1";
const LI_CAMPAIGNS = 450;
const LINE_ITEMS_PER_CAMPAIGN = 6;

describe.each(HTTP_TEST_ENGINES)("upstream requests for line items on %s", (engine) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true, facade: { env: KNOWN_ACCESS } });
    await stack.adsApi.seedBench({
      accountId: LI_ACCOUNT,
      campaigns: LI_CAMPAIGNS,
      fundingInstruments: 10,
      cards: 0,
      lineItemsPerCampaign: LINE_ITEMS_PER_CAMPAIGN,
      seed: 7,
    });
    await knowAccess(stack, LI_ACCOUNT);
  });
  afterAll(() => stack.close());

  async function counted<T>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<Counted<T>> {
    await stack.adsApi.requests.reset();
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const upstream = body.extensions?.upstream;
    expect(upstream?.requests).toBe((await stack.adsApi.requests.counts()).total);
    expect(upstream?.byEndpoint).toEqual((await stack.adsApi.requests.counts()).byEndpoint);
    return { data: body.data as T, byEndpoint: upstream?.byEndpoint ?? {} };
  }

  it("reads the line items of 450 campaigns (2,700) in ceil(450 / 200) chunks, paged by 1,000", async () => {
    const { data, byEndpoint } = await counted<{
      account: {
        campaigns: Edges<{
          rawId: string;
          lineItems: { totalCount: number } & Edges<{
            campaignId: string;
            campaign: { rawId: string };
          }>;
        }>;
      };
    }>(`{ account(rawId: "${LI_ACCOUNT}") { campaigns(first: ${LI_CAMPAIGNS}) { edges { node { rawId
      lineItems(first: ${LINE_ITEMS_PER_CAMPAIGN}) { totalCount edges { node { campaignId campaign { rawId } } } }
    } } } } }`);
    const campaigns = data.account.campaigns.edges;
    expect(campaigns).toHaveLength(LI_CAMPAIGNS);
    let lineItems = 0;
    for (const { node } of campaigns) {
      expect(node.lineItems.totalCount).toBe(LINE_ITEMS_PER_CAMPAIGN);
      for (const { node: li } of node.lineItems.edges) {
        expect(li.campaignId).toBe(node.rawId);
        expect(li.campaign.rawId).toBe(node.rawId);
      }
      lineItems += node.lineItems.edges.length;
    }
    expect(lineItems).toBe(LI_CAMPAIGNS * LINE_ITEMS_PER_CAMPAIGN);
    // Chunks of 200, 200 and 50 campaigns hold 1,200, 1,200 and 300 line items: 2 + 2 + 1
    // pages. Each line item's campaign came with the campaigns page.
    const pages = [200, 200, 50].map((n) => Math.ceil((n * LINE_ITEMS_PER_CAMPAIGN) / 1000));
    expect(byEndpoint).toEqual({
      "campaigns.list": 1,
      "line_items.list": pages.reduce((a, b) => a + b, 0),
    });
    expect(byEndpoint["line_items.list"]).toBe(5);
  });

  it("reads the campaigns of 1,000 line items in ceil(distinct / 200) requests", async () => {
    const { data, byEndpoint } = await counted<{
      account: { lineItems: Edges<{ campaignId: string; campaign: { rawId: string } }> };
    }>(`{ account(rawId: "${LI_ACCOUNT}") { lineItems(first: 1000) {
      edges { node { campaignId campaign { rawId } } } } } }`);
    const edges = data.account.lineItems.edges;
    expect(edges).toHaveLength(1000);
    for (const { node } of edges) expect(node.campaign.rawId).toBe(node.campaignId);
    const distinct = new Set(edges.map(({ node }) => node.campaignId)).size;
    expect(distinct).toBeGreaterThan(1);
    expect(byEndpoint).toEqual({
      "line_items.list": 1,
      "campaigns.list": ceil200(distinct),
    });
  });

  it("resolves 250 line items by global id in 2 requests (line_item_ids)", async () => {
    const list = await counted<{ account: { lineItems: Edges<{ id: string }> } }>(
      `{ account(rawId: "${LI_ACCOUNT}") { lineItems(first: 250) { edges { node { id } } } } }`,
    );
    const ids = list.data.account.lineItems.edges.map(({ node }) => node.id);
    expect(ids).toHaveLength(250);
    const { data, byEndpoint } = await counted<{ nodes: { id: string }[] }>(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on LineItem { rawId } } }`,
      { ids },
    );
    expect(data.nodes.map((node) => node.id)).toEqual(ids);
    expect(byEndpoint).toEqual({ "line_items.list": ceil200(ids.length) });
  });

  // Issue 17: an audience's grants and targeting list are one request each per audience (their
  // paths name one audience); the campaigns and line items they name go out together.
  it("reads N audiences by id in one list request, their grants and targeting in N each, what they name in one", async () => {
    const audiences = 24;
    const created = await stack.query(
      `mutation { ${Array.from(
        { length: audiences },
        (_, i) =>
          `a${i}: createCustomAudience(input: { accountId: "${globalId("Account", "dmo1ab")}", name: "Counted ${i}" }) {
            ... on CreateCustomAudiencePayload { customAudience { id } } }`,
      ).join(" ")} }`,
    );
    expect(created.errors).toBeUndefined();
    const made = Object.values(created.data as Record<string, { customAudience: { id: string } }>);
    const shared = Buffer.from("CustomAudience:dmo1ab/dmo1abca1").toString("base64");
    const ids = [shared, ...made.map((result) => result.customAudience.id)];
    const { data, byEndpoint } = await counted<{
      nodes: {
        rawId: string;
        permissions: { totalCount: number };
        targetedBy: {
          edges: {
            node: { campaign: { rawId: string }; lineItems: { lineItem: { rawId: string } }[] };
          }[];
        };
      }[];
    }>(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on CustomAudience { rawId
        permissions(first: 5) { totalCount }
        targetedBy(first: 5, withActive: false) { edges { node { campaign { rawId }
          lineItems { lineItem { rawId } } } } } } } }`,
      { ids },
    );
    expect(data.nodes).toHaveLength(audiences + 1);
    expect(data.nodes[0]?.permissions.totalCount).toBe(1);
    expect(data.nodes[0]?.targetedBy.edges.length).toBeGreaterThan(0);
    expect(byEndpoint).toEqual({
      "custom_audiences.list": 1,
      "custom_audiences.permissions.list": audiences + 1,
      "custom_audiences.targeted.list": audiences + 1,
      "campaigns.list": 1,
      "line_items.list": 1,
    });
  });
});

describe("upstream requests with the loaders switched off (UPSTREAM_BATCHING=false)", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      facade: { env: { UPSTREAM_BATCHING: "false", ...KNOWN_ACCESS } },
    });
    await stack.adsApi.seedBench({
      accountId: ACCOUNT,
      campaigns: 60,
      fundingInstruments: 20,
      cards: 0,
      seed: 7,
    });
    await knowAccess(stack, ACCOUNT);
  });
  afterAll(() => stack.close());

  it("reads every campaign's funding instrument with a request of its own", async () => {
    const body = await stack.query(`{
      account(rawId: "${ACCOUNT}") {
        campaigns(first: 1000) { edges { node { fundingInstrument { rawId } } } }
      }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.extensions?.upstream?.byEndpoint).toEqual({
      "campaigns.list": 1,
      "funding_instruments.get": 60,
    });
  });
});

// Line item attachments (issue 15, spec §4.6): 1,050 line items with 2 attachments of each kind
// they can hold. Every attachment edge of a response is read through its list's line_item_ids,
// ≤200 line items per request (a page of 1,000 line items: 5 requests per list, not 1,000);
// promoted accounts only for the line items that can hold them.
const ATT_ACCOUNT = "cntatt";
const ATT_CAMPAIGNS = 150;
const ATT_LINE_ITEMS_PER_CAMPAIGN = 7;
const ATT_PER_LINE_ITEM = 2;

interface AttachedLineItem {
  rawId: string;
  productType: string;
  mediaCreatives: { nodes: { lineItemId: string }[] };
  promotedAccounts: { nodes: { lineItemId: string }[] };
  promotedPosts: { nodes: { lineItemId: string }[] };
  trackingTags: { nodes: { lineItemId: string }[] };
}

const ATTACHMENT_FIELDS = `rawId productType mediaCreatives { nodes { lineItemId } }
  promotedAccounts { nodes { lineItemId } } promotedPosts { nodes { lineItemId } }
  trackingTags { nodes { lineItemId } }`;

/** Each line item holds exactly its own attachments: 2 of each kind it can hold. */
function expectOwnAttachments(lineItems: AttachedLineItem[]): number {
  let holders = 0;
  for (const li of lineItems) {
    const accounts = li.productType === "PROMOTED_ACCOUNT";
    if (accounts) holders += 1;
    expect(li.mediaCreatives.nodes).toEqual([]);
    expect(li.trackingTags.nodes).toHaveLength(ATT_PER_LINE_ITEM);
    expect(li.promotedAccounts.nodes).toHaveLength(accounts ? ATT_PER_LINE_ITEM : 0);
    expect(li.promotedPosts.nodes).toHaveLength(accounts ? 0 : ATT_PER_LINE_ITEM);
    const attachments = [li.trackingTags, li.promotedAccounts, li.promotedPosts];
    for (const attachment of attachments.flatMap((list) => list.nodes))
      expect(attachment.lineItemId).toBe(li.rawId);
  }
  return holders;
}

describe.each(HTTP_TEST_ENGINES)("upstream requests for line item attachments on %s", (engine) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true, facade: { env: KNOWN_ACCESS } });
    await stack.adsApi.seedBench({
      accountId: ATT_ACCOUNT,
      campaigns: ATT_CAMPAIGNS,
      fundingInstruments: 5,
      cards: 0,
      lineItemsPerCampaign: ATT_LINE_ITEMS_PER_CAMPAIGN,
      attachmentsPerLineItem: ATT_PER_LINE_ITEM,
      seed: 7,
    });
    await knowAccess(stack, ATT_ACCOUNT);
  });
  afterAll(() => stack.close());

  async function counted<T>(query: string): Promise<Counted<T>> {
    await stack.adsApi.requests.reset();
    const body = await stack.query(query);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const upstream = body.extensions?.upstream;
    expect(upstream?.requests).toBe((await stack.adsApi.requests.counts()).total);
    expect(upstream?.byEndpoint).toEqual((await stack.adsApi.requests.counts()).byEndpoint);
    return { data: body.data as T, byEndpoint: upstream?.byEndpoint ?? {} };
  }

  it("reads every attachment of a page of 1,000 line items in 5 requests per list", async () => {
    const { data, byEndpoint } = await counted<{
      account: { lineItems: Edges<AttachedLineItem> };
    }>(
      `{ account(rawId: "${ATT_ACCOUNT}") { lineItems(first: 1000) { edges { node { ${ATTACHMENT_FIELDS} } } } } }`,
    );
    const lineItems = data.account.lineItems.edges.map(({ node }) => node);
    expect(lineItems).toHaveLength(1000);
    const holders = expectOwnAttachments(lineItems);
    expect(holders).toBeGreaterThan(200);
    expect(byEndpoint).toEqual({
      "line_items.list": 1,
      "media_creatives.list": 5,
      "promoted_posts.list": 5,
      "tracking_tags.list": 5,
      "promoted_accounts.list": ceil200(holders),
    });
    expect(byEndpoint["promoted_accounts.list"]).toBe(2);
  });

  it("batches the attachments of every campaign's line items together (campaigns → line items → attachments)", async () => {
    const { data, byEndpoint } = await counted<{
      account: { campaigns: Edges<{ lineItems: Edges<AttachedLineItem> }> };
    }>(`{ account(rawId: "${ATT_ACCOUNT}") { campaigns(first: ${ATT_CAMPAIGNS}) { edges { node {
      lineItems(first: ${ATT_LINE_ITEMS_PER_CAMPAIGN}) { edges { node { ${ATTACHMENT_FIELDS} } } } } } } } }`);
    const lineItems = data.account.campaigns.edges.flatMap(({ node }) =>
      node.lineItems.edges.map((edge) => edge.node),
    );
    const total = ATT_CAMPAIGNS * ATT_LINE_ITEMS_PER_CAMPAIGN;
    expect(lineItems).toHaveLength(total);
    const holders = expectOwnAttachments(lineItems);
    expect(byEndpoint).toEqual({
      "campaigns.list": 1,
      // 150 campaigns in one campaign_ids chunk holding 1,050 line items: 2 pages of 1,000.
      "line_items.list": 2,
      "media_creatives.list": ceil200(total),
      "promoted_posts.list": ceil200(total),
      "tracking_tags.list": ceil200(total),
      "promoted_accounts.list": ceil200(holders),
    });
    expect(byEndpoint["tracking_tags.list"]).toBe(6);
  });
});
