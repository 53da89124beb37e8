import { encodeGlobalID } from "@pothos/plugin-relay";
import { getOperationAST, getVariableValues, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../schema/index.js";
import { KnownTotalsBook } from "./known-totals.js";
import type { PlanKnowledge } from "./plan-knowledge.js";
import { learnTotals, planOperation } from "./query-plan.js";
import type { Bounds, QueryPlan } from "./query-plan.js";

// Snapshots off (as the request-count tests run): every read goes upstream.
const NO_SNAPSHOTS: PlanKnowledge = { snapshotFreshMs: () => 0 };

function plan(
  query: string,
  variables: Record<string, unknown> = {},
  knowledge: PlanKnowledge = NO_SNAPSHOTS,
): QueryPlan {
  return planOperation({ schema, document: parse(query), variables, knowledge });
}

/** The user windows of a plan, by family. */
function families(p: QueryPlan): Record<string, Bounds> {
  return Object.fromEntries(
    p.windows.filter((w) => w.accountId === null).map((w) => [w.family, w.requests]),
  );
}

/** One account's windows, by family. */
function accountWindows(p: QueryPlan, accountId: string): Record<string, Bounds> {
  return Object.fromEntries(
    p.windows.filter((w) => w.accountId === accountId).map((w) => [w.family, w.requests]),
  );
}

// The bench's reference queries (bench/src/queries.ts; the bench depends on this app, not
// the reverse, so the documents are copied here).
const REFERENCE: Record<string, string> = {
  "campaigns-with-funding-instrument": `query CampaignsWithFunding($id: String!, $after: String) {
  account(rawId: $id) {
    campaigns(first: 1000, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name dailyBudget { micros currency } fundingInstrument { rawId type currency } } }
    }
  }
}`,
  "funding-instruments-with-campaigns": `query FundingWithCampaigns($id: String!, $after: String) {
  account(rawId: $id) {
    fundingInstruments(first: 500, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId currency campaigns { rawId name } } }
    }
  }
}`,
  "cards-with-media": `query CardsWithMedia($id: String!, $after: String) {
  account(rawId: $id) {
    cards(first: 200, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name cardType media { mediaKey mediaType mediaUrl } } }
    }
  }
}`,
  "campaigns-line-items-attachments": `query CampaignsLineItemsAttachments($id: String!, $after: String) {
  account(rawId: $id) {
    campaigns(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId lineItems(first: 2) {
        pageInfo { hasNextPage }
        edges { node {
          rawId productType
          mediaCreatives { nodes { rawId accountMediaId } }
          promotedAccounts { nodes { rawId userId } }
          promotedPosts { nodes { rawId postId } }
          trackingTags { nodes { rawId trackingTagUrl } }
        } }
      } } }
    }
  }
}`,
};

const reference = (name: string) => {
  const found = REFERENCE[name];
  if (found === undefined) throw new Error(`no reference query ${name}`);
  return found;
};

describe("the plan of the bench's reference queries", () => {
  const variables = { id: "a1", after: null };

  it("campaigns with their funding instrument: the page exact, ≤200 instruments per lookup", () => {
    const p = plan(reference("campaigns-with-funding-instrument"), variables);
    expect(families(p)).toEqual({
      accounts: { lower: 1, upper: 1 },
      campaigns: { lower: 1, upper: 1 },
      // 1,000 campaigns name at most 1,000 instruments: 5 lookups of 200, or none (primed, empty).
      funding_instruments: { lower: 0, upper: 5 },
    });
    expect(accountWindows(p, "a1")).toEqual(families(p));
    expect(p.total).toEqual({ lower: 2, upper: 7 });
    expect(p.withTotalCount).toEqual({ lower: 0, upper: 0 });
    expect(p.unplanned).toEqual([]);
  });

  it("funding instruments with all their campaigns: children read whole have no upper bound", () => {
    const p = plan(reference("funding-instruments-with-campaigns"), variables);
    expect(families(p)).toEqual({
      accounts: { lower: 1, upper: 1 },
      funding_instruments: { lower: 1, upper: 1 },
      campaigns: { lower: 0, upper: null },
    });
    expect(p.total).toEqual({ lower: 2, upper: null });
  });

  it("cards with media: exact (media come with each card)", () => {
    const p = plan(reference("cards-with-media"), variables);
    expect(p.exact).toBe(true);
    expect(families(p)).toEqual({
      accounts: { lower: 1, upper: 1 },
      cards: { lower: 1, upper: 1 },
    });
  });

  it("campaigns, line items and attachments: a lower and no upper bound", () => {
    const p = plan(reference("campaigns-line-items-attachments"), variables);
    expect(p.total).toEqual({ lower: 2, upper: null });
    expect(families(p).tracking_tags).toEqual({ lower: 0, upper: null });
  });
});

describe("the plan of a selection", () => {
  const CAMPAIGNS = `query ($skip: Boolean!) {
    account(rawId: "a1") { campaigns(first: 5) { edges { node { rawId ...Funding } } } }
  }
  fragment Funding on Campaign { fundingInstrument @skip(if: $skip) { rawId } }`;

  it("leaves out what @skip drops, through a fragment", () => {
    expect(plan(CAMPAIGNS, { skip: true })).toMatchObject({
      total: { lower: 2, upper: 2 },
      exact: true,
    });
    expect(families(plan(CAMPAIGNS, { skip: false })).funding_instruments).toEqual({
      lower: 0,
      upper: 1,
    });
  });

  it("counts two aliases of a list as two pages, one response key once", () => {
    const twice = plan(`{ account(rawId: "a1") {
      a: campaigns(first: 5) { nodes { rawId } }
      b: campaigns(first: 5) { nodes { name } }
    } }`);
    expect(families(twice).campaigns).toEqual({ lower: 2, upper: 2 });
    const merged = plan(`{ account(rawId: "a1") {
      campaigns(first: 5) { nodes { rawId } }
      campaigns(first: 5) { nodes { name } }
    } }`);
    expect(families(merged).campaigns).toEqual({ lower: 1, upper: 1 });
  });

  it("reads an account named twice once (the loader keeps it)", () => {
    const p = plan(`{ a: account(rawId: "a1") { rawId } b: account(rawId: "a1") { name } }`);
    expect(p.total).toEqual({ lower: 1, upper: 1 });
  });

  it("asks with_total_count on the first page, and by a request of its own after a cursor", () => {
    const first = plan(`{ account(rawId: "a1") { campaigns(first: 5) { totalCount } } }`);
    expect(families(first).campaigns).toEqual({ lower: 1, upper: 1 });
    expect(first.withTotalCount).toEqual({ lower: 1, upper: 1 });
    const later = plan(
      `{ account(rawId: "a1") { campaigns(first: 5, after: "c") { totalCount } } }`,
    );
    expect(families(later).campaigns).toEqual({ lower: 2, upper: 2 });
    expect(later.withTotalCount).toEqual({ lower: 1, upper: 1 });
  });

  it("reads nodes by id: ≤200 per lookup per account, exact", () => {
    const ids = [
      encodeGlobalID("Campaign", "a1/c1"),
      encodeGlobalID("Campaign", "a1/c2"),
      encodeGlobalID("Campaign", "a2/c3"),
    ];
    const p = plan(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(families(p)).toEqual({ campaigns: { lower: 2, upper: 2 } });
    expect(accountWindows(p, "a1")).toEqual({ campaigns: { lower: 1, upper: 1 } });
    expect(accountWindows(p, "a2")).toEqual({ campaigns: { lower: 1, upper: 1 } });
  });

  it("plans the lists of each of the caller's accounts without an account window", () => {
    const query = `{ viewer { accounts(first: 10) { nodes { campaigns(first: 5) { nodes { rawId } } } } } }`;
    const p = plan(query);
    expect(families(p)).toEqual({
      accounts: { lower: 1, upper: 1 },
      campaigns: { lower: 0, upper: 10 },
    });
    expect(p.windows.every((w) => w.accountId === null)).toBe(true);
  });

  it("is exact once this user's answers showed the list's size", () => {
    const query = `{ viewer { accounts(first: 10) { pageInfo { hasNextPage } nodes { campaigns(first: 5) { nodes { rawId } } } } } }`;
    const book = new KnownTotalsBook();
    const before = plan(query);
    learnTotals(
      before,
      { viewer: { accounts: { pageInfo: { hasNextPage: false }, nodes: [{}, {}, {}] } } },
      {
        remember: (key, total) => {
          book.remember("u1", key, total);
        },
      },
    );
    const after = plan(query, {}, { ...NO_SNAPSHOTS, totals: book.forUser("u1") });
    expect(families(after).campaigns).toEqual({ lower: 3, upper: 3 });
    expect(after.exact).toBe(true);
    // Another user's plan knows nothing of it.
    const other = plan(query, {}, { ...NO_SNAPSHOTS, totals: book.forUser("u2") });
    expect(families(other).campaigns).toEqual({ lower: 0, upper: 10 });
  });

  it("counts a read a fresh snapshot may answer 0 in the lower bound, and its access check", () => {
    const p = plan(`{ account(rawId: "a1") { rawId } }`, {}, {});
    expect(families(p)).toEqual({
      accounts: { lower: 0, upper: 1 },
      authenticated_user_access: { lower: 0, upper: 1 },
    });
    const known = plan(`{ account(rawId: "a1") { rawId } }`, {}, { knownFresh: () => true });
    expect(known.total).toEqual({ lower: 0, upper: 0 });
  });

  it("lists a field read by no rule as unplanned, and leaves the total unbounded", () => {
    const p = plan(`{ posts(rawIds: ["1"]) { rawId } }`);
    expect(p.unplanned).toEqual(["Query.posts"]);
    expect(p.total.upper).toBeNull();
    expect(p.exact).toBe(false);
  });

  it("plans nothing for a field refused before any read (bad first)", () => {
    const p = plan(`{ account(rawId: "a1") { campaigns(first: 0) { nodes { rawId } } } }`);
    expect(p.total).toEqual({ lower: 1, upper: 1 });
  });
});

describe("the plan of a mutation", () => {
  const ACCOUNT = encodeGlobalID("Account", "a1");
  const INSTRUMENT = encodeGlobalID("FundingInstrument", "a1/f1");
  const LINE_ITEM = encodeGlobalID("LineItem", "a1/l1");
  const AUDIENCE = encodeGlobalID("CustomAudience", "a1/ca1");

  /** Plans a mutation with its variables coerced as the executor hands them on. */
  function planMutation(query: string, raw: Record<string, unknown> = {}): QueryPlan {
    const document = parse(query);
    const operation = getOperationAST(document);
    if (!operation) throw new Error("no operation");
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], raw);
    if (coerced.errors) throw new Error(coerced.errors.map((e) => e.message).join("; "));
    return planOperation({ schema, document, variables: coerced.coerced, knowledge: NO_SNAPSHOTS });
  }

  it("sends one create, and no account window (only GETs of account paths spend one)", () => {
    const p = planMutation(
      `mutation ($a: ID!, $f: ID!) {
      createCampaign(input: { accountId: $a, name: "Spring", fundingInstrumentId: $f }) {
        ... on CreateCampaignPayload { campaign { rawId name } }
      }
    }`,
      { a: ACCOUNT, f: INSTRUMENT },
    );
    expect(p.windows).toEqual([
      { family: "campaigns", accountId: null, requests: { lower: 1, upper: 1 } },
    ]);
    expect(p.exact).toBe(true);
    expect(p.unplanned).toEqual([]);
  });

  it("plans nothing for a mutation refused before it sends (another type's id)", () => {
    const p = planMutation(
      `mutation ($a: ID!) {
      createCampaign(input: { accountId: $a, name: "Spring", fundingInstrumentId: $a }) {
        __typename
      }
    }`,
      { a: ACCOUNT },
    );
    expect(p.total).toEqual({ lower: 0, upper: 0 });
  });

  it("counts a value the catalog refuses as possibly nothing sent", () => {
    const p = planMutation(
      `mutation ($a: ID!, $f: ID!) {
      createCampaign(input: { accountId: $a, name: "", fundingInstrumentId: $f }) { __typename }
    }`,
      { a: ACCOUNT, f: INSTRUMENT },
    );
    expect(families(p)).toEqual({ campaigns: { lower: 0, upper: 1 } });
  });

  it("sends a batch of operations as one request", () => {
    const operations = Array.from({ length: 3 }, (_, i) => ({
      type: "CREATE",
      name: `C${String(i)}`,
      fundingInstrumentId: INSTRUMENT,
    }));
    const p = planMutation(
      `mutation ($a: ID!, $ops: [CampaignBatchOperation!]!) {
      batchCampaigns(input: { accountId: $a, operations: $ops }) {
        ... on BatchCampaignsPayload { campaigns { rawId } }
      }
    }`,
      { a: ACCOUNT, ops: operations },
    );
    expect(p.windows).toEqual([
      { family: "campaigns", accountId: null, requests: { lower: 1, upper: 1 } },
    ]);
    expect(p.exact).toBe(true);
  });

  it("uploads N audience users in one users batch; the audience read again when selected", () => {
    const users = Array.from({ length: 700 }, (_, i) => ({ email: [`u${String(i)}@example.com`] }));
    const query = `mutation ($id: ID!, $users: [AudienceUserInput!]!) {
      addCustomAudienceUsers(input: { customAudienceId: $id, users: $users }) {
        ... on CustomAudienceUsersPayload { usersSent SELECTED }
      }
    }`;
    const bare = planMutation(query.replace("SELECTED", ""), { id: AUDIENCE, users });
    expect(bare.windows).toEqual([
      { family: "custom_audiences", accountId: null, requests: { lower: 1, upper: 1 } },
    ]);
    expect(bare.exact).toBe(true);
    const read = planMutation(query.replace("SELECTED", "customAudience { name }"), {
      id: AUDIENCE,
      users,
    });
    expect(families(read)).toEqual({ custom_audiences: { lower: 1, upper: 2 } });
    // The read again is a GET of the account's path: its account window too.
    expect(accountWindows(read, "a1")).toEqual({ custom_audiences: { lower: 0, upper: 1 } });
    // No users: refused before anything is sent.
    const none = planMutation(query.replace("SELECTED", ""), { id: AUDIENCE, users: [] });
    expect(none.total).toEqual({ lower: 0, upper: 0 });
  });

  it("reads the do-not-reach list before its users batch, and again for the payload", () => {
    const p = planMutation(
      `mutation ($a: ID!) {
      addDoNotReachUsers(input: { accountId: $a, emails: ["a@example.com"], expiresAt: "2027-06-01T00:00:00Z" }) {
        ... on DoNotReachUsersPayload { usersSent doNotReachList { id } }
      }
    }`,
      { a: ACCOUNT },
    );
    // The read (exactly one), the write (none when the account has no list), the payload's read.
    expect(families(p)).toEqual({ do_not_reach_lists: { lower: 1, upper: 3 } });
    expect(accountWindows(p, "a1")).toEqual({ do_not_reach_lists: { lower: 1, upper: 2 } });
  });

  it("reads a create's account and line item by id when its payload selects them", () => {
    const p = planMutation(
      `mutation ($a: ID!, $l: ID!, $f: ID!) {
      createTrackingTag(input: { accountId: $a, lineItemId: $l, trackingTagType: CLICK_TRACKER,
                                 trackingTagUrl: "https://t.example.com/c" }) {
        ... on CreateTrackingTagPayload { trackingTag { rawId } lineItem { name } }
      }
      createCampaign(input: { accountId: $a, name: "Spring", fundingInstrumentId: $f }) {
        ... on CreateCampaignPayload { campaign { rawId } account { name } }
      }
    }`,
      { a: ACCOUNT, l: LINE_ITEM, f: INSTRUMENT },
    );
    expect(families(p)).toEqual({
      tracking_tags: { lower: 1, upper: 1 },
      line_items: { lower: 0, upper: 1 },
      campaigns: { lower: 1, upper: 1 },
      accounts: { lower: 0, upper: 1 },
    });
    expect(accountWindows(p, "a1")).toEqual({ line_items: { lower: 0, upper: 1 } });
    expect(p.total).toEqual({ lower: 2, upper: 4 });
    expect(p.unplanned).toEqual([]);
  });
});

describe("the account's own reads, references, histories and reference data", () => {
  it("plans a call per resolution and the account reference exactly", () => {
    const p = plan(`{ account(rawId: "a1") { taxSettings { account { rawId } } } }`);
    expect(accountWindows(p, "a1")).toEqual({
      accounts: { lower: 1, upper: 1 },
      tax_settings: { lower: 1, upper: 1 },
    });
    expect(p.exact).toBe(true);
  });

  it("plans an account's features once, whether features, featuresRaw or both are asked", () => {
    const p = plan(`{ account(rawId: "a1") { features featuresRaw } }`);
    expect(accountWindows(p, "a1")).toEqual({
      accounts: { lower: 1, upper: 1 },
      features: { lower: 1, upper: 1 },
    });
    expect(p.exact).toBe(true);
  });

  it("plans per-account reads once, and a list read whole without an upper bound", () => {
    const p = plan(`{ account(rawId: "a1") {
      apps(first: 5) { nodes { appStoreIdentifier } }
      userSettings { account { rawId } }
      again: userSettings { rawId: account { rawId } }
      doNotReachList { account { rawId } }
    } }`);
    expect(accountWindows(p, "a1")).toEqual({
      accounts: { lower: 1, upper: 1 },
      account_apps: { lower: 1, upper: null },
      do_not_reach_lists: { lower: 1, upper: 1 },
      user_settings: { lower: 1, upper: 1 },
    });
    expect(p.unplanned).toEqual([]);
  });

  it("plans a drafts page exactly, its items' account already read", () => {
    const p = plan(
      `{ account(rawId: "a1") { drafts(first: 7) { nodes { rawId account { rawId } } } } }`,
    );
    expect(p.total).toEqual({ lower: 2, upper: 2 });
    expect(families(p).draft_posts).toEqual({ lower: 1, upper: 1 });
  });

  it("plans a history as at most one access check per account, sent from the database", () => {
    const p = plan(
      `{ account(rawId: "a1") { campaigns(first: 3) { nodes { history(first: 2) { totalCount } } } } }`,
    );
    expect(accountWindows(p, "a1").authenticated_user_access).toEqual({ lower: 0, upper: 1 });
    expect(p.total).toEqual({ lower: 2, upper: 3 });
    expect(p.unplanned).toEqual([]);
  });

  it("plans reference data one call each, and a total count on its own", () => {
    const p = plan(`{
      biddingRules(first: 2) { nodes { currency } }
      placements { nodes { productType } }
      iabCategories(first: 5) { totalCount nodes { name } }
    }`);
    expect(families(p)).toEqual({
      bidding_rules: { lower: 1, upper: 1 },
      iab_categories: { lower: 1, upper: 1 },
      placements: { lower: 1, upper: 1 },
    });
    expect(p.withTotalCount).toEqual({ lower: 1, upper: 1 });
    expect(p.exact).toBe(true);
  });

  it("plans nothing for a by-id argument of another account (refused first)", () => {
    const other = encodeGlobalID("PromotableUser", "a2/u1");
    const p = plan(
      `query ($id: ID!) { account(rawId: "a1") { promotableUser(id: $id) { rawId } } }`,
      {
        id: other,
      },
    );
    expect(families(p).promotable_users).toBeUndefined();
  });
});

describe("known totals", () => {
  const key = "campaigns.list|a1|{}";

  it("stand only while a snapshot of the list would", () => {
    let now = 1_000_000;
    const book = new KnownTotalsBook({
      policy: { freshForMs: () => 30_000 },
      now: () => now,
    });
    book.remember("u1", key, 3, now);
    expect(book.forUser("u1").get(key)).toBe(3);
    now += 29_999;
    expect(book.forUser("u1").get(key)).toBe(3);
    now += 1;
    expect(book.forUser("u1").get(key)).toBeUndefined();
  });

  it("are forgotten once the facade sees a write to their account, on or after the plan", () => {
    const now = 1_000_000;
    const writes = new Map<string, number>();
    const book = new KnownTotalsBook({ accountWrites: writes, now: () => now });
    book.remember("u1", key, 3, now - 10);
    book.remember("u1", "campaigns.list|a2|{}", 4, now - 10);
    writes.set("a1", now - 10); // while the query that learned it ran
    expect(book.forUser("u1").get(key)).toBeUndefined();
    expect(book.forUser("u1").get("campaigns.list|a2|{}")).toBe(4);
  });

  it("are never used for a list whose snapshots are never fresh", () => {
    const book = new KnownTotalsBook({ policy: { freshForMs: () => 0 } });
    book.remember("u1", key, 3);
    expect(book.forUser("u1").get(key)).toBeUndefined();
  });
});
