import { encodeGlobalID } from "@pothos/plugin-relay";
import { parse } from "graphql";
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
    const p = plan(`{ account(rawId: "a1") { taxSettings { account { rawId } } } }`);
    expect(p.unplanned).toEqual(["Account.taxSettings"]);
    expect(p.total.upper).toBeNull();
    expect(p.exact).toBe(false);
  });

  it("plans nothing for a field refused before any read (bad first)", () => {
    const p = plan(`{ account(rawId: "a1") { campaigns(first: 0) { nodes { rawId } } } }`);
    expect(p.total).toEqual({ lower: 1, upper: 1 });
  });
});
