import { DEMO } from "@adsgraph/ads-api";
import { getEndpoint } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { getOperationAST, getVariableValues, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planOperation } from "../src/cost/query-plan.js";
import type { QueryPlan } from "../src/cost/query-plan.js";
import { schema } from "../src/schema/index.js";
import { startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// The plan made before a query runs holds what the query then really sends: per family, the
// requests ads-api served lie within the planned bounds, and equal them where the plan is
// exact. Snapshots are off here (measureUpstream), as the plan is told.

const ACCOUNT = "qpl300";

describe("the query plan against the requests really sent", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true });
    await stack.adsApi.seedBench({
      accountId: ACCOUNT,
      campaigns: 300,
      fundingInstruments: 250,
      cards: 30,
      seed: 11,
    });
  });
  afterAll(() => stack.close());

  /** Plans the query, runs it, and checks ads-api's own count per family against the plan. */
  async function runPlanned(query: string, variables: Record<string, unknown> = {}) {
    // The plan is made from the variables as the executor coerces them (enum values, ...).
    const document = parse(query);
    const coerced = getVariableValues(
      schema,
      getOperationAST(document)?.variableDefinitions ?? [],
      variables,
    );
    if (coerced.errors) throw new Error(coerced.errors.map((e) => e.message).join("; "));
    const plan = planOperation({
      schema,
      document,
      variables: coerced.coerced,
      knowledge: {
        snapshotFreshMs: () => 0,
        // What the facade knows of the caller's access, as its own plan is told.
        accessKnown: (accountId) =>
          stack.facade.services.snapshots.access.holds(DEMO.user.id, accountId),
      },
    });
    await stack.adsApi.requests.reset();
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const served = (await stack.adsApi.requests.counts()).byEndpoint;
    expect(body.extensions?.upstream?.byEndpoint).toEqual(served);
    const byFamily = new Map<string, number>();
    for (const [id, count] of Object.entries(served)) {
      const { family } = getEndpoint(id as EndpointId);
      byFamily.set(family, (byFamily.get(family) ?? 0) + count);
    }
    const total = [...byFamily.values()].reduce((a, b) => a + b, 0);
    within(plan, "total", plan.total, total);
    for (const window of plan.windows.filter((w) => w.accountId === null))
      within(plan, window.family, window.requests, byFamily.get(window.family) ?? 0);
    // Every family sent to was planned.
    for (const family of byFamily.keys())
      expect(plan.windows.map((w) => w.family)).toContain(family);
    within(
      plan,
      "withTotalCount",
      plan.withTotalCount,
      body.extensions?.upstream?.withTotalCount ?? 0,
    );
    return { plan, data: body.data as Record<string, unknown>, total };
  }

  function within(
    plan: QueryPlan,
    what: string,
    bounds: { lower: number; upper: number | null },
    actual: number,
  ) {
    const said = `${what}: ${actual} sent, planned ${JSON.stringify(bounds)}`;
    expect(actual, said).toBeGreaterThanOrEqual(bounds.lower);
    if (bounds.upper !== null) expect(actual, said).toBeLessThanOrEqual(bounds.upper);
    if (plan.exact) expect(actual, said).toBe(bounds.lower);
  }

  it("campaigns with their funding instruments: within the plan", async () => {
    await runPlanned(
      `query ($id: String!) { account(rawId: $id) {
      campaigns(first: 1000) { edges { node { rawId fundingInstrument { rawId } } } }
    } }`,
      { id: ACCOUNT },
    );
  });

  it("funding instruments with their campaigns, fragments and @skip: within the plan", async () => {
    await runPlanned(
      `query ($skip: Boolean!) { account(rawId: "${ACCOUNT}") {
        fundingInstruments(first: 250) { nodes { ...Fi } }
      } }
      fragment Fi on FundingInstrument { rawId campaigns @skip(if: $skip) { nodes { rawId } } }`,
      { skip: false },
    );
    const skipped = await runPlanned(
      `query ($skip: Boolean!) { account(rawId: "${ACCOUNT}") {
        fundingInstruments(first: 250) { nodes { ...Fi } }
      } }
      fragment Fi on FundingInstrument { rawId campaigns @skip(if: $skip) { nodes { rawId } } }`,
      { skip: true },
    );
    expect(skipped.plan.exact).toBe(true);
  });

  it("aliases, a total after a cursor and nodes by id: exact", async () => {
    const first = await runPlanned(`{ account(rawId: "${ACCOUNT}") {
      a: campaigns(first: 3) { totalCount pageInfo { endCursor } nodes { id } }
      b: campaigns(first: 2) { nodes { rawId } }
    } }`);
    expect(first.plan.exact).toBe(true);
    const account = first.data.account as {
      a: { pageInfo: { endCursor: string }; nodes: { id: string }[] };
    };
    const later = await runPlanned(
      `query ($after: String) { account(rawId: "${ACCOUNT}") {
        campaigns(first: 3, after: $after) { totalCount nodes { rawId } }
      } }`,
      { after: account.a.pageInfo.endCursor },
    );
    expect(later.plan.exact).toBe(true);
    // The page and its total; no accounts.get: access is known from the query before.
    expect(later.total).toBe(2);
    const nodes = await runPlanned(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: account.a.nodes.map((node) => node.id),
    });
    expect(nodes.plan.exact).toBe(true);
    expect(nodes.total).toBe(1);
  });

  it("cards and the caller's accounts with their line items: within the plan", async () => {
    const cards = await runPlanned(`{ account(rawId: "${ACCOUNT}") {
      cards(first: 30) { nodes { rawId } }
      industryType authenticatedUserAccess { permissions }
    } }`);
    expect(cards.plan.exact).toBe(true);
    await runPlanned(`{ viewer { accounts(first: 5) { nodes { rawId industryType
      lineItems(first: 3) { nodes { rawId campaign { rawId } } }
    } } } }`);
  });

  it("mutations: a create with its payload's account, and an audience users upload", async () => {
    const account = encodeGlobalID("Account", ACCOUNT);
    const { data } = await runPlanned(`{ account(rawId: "${ACCOUNT}") {
      fundingInstruments(first: 1) { nodes { id } }
    } }`);
    const instrument = (data.account as { fundingInstruments: { nodes: { id: string }[] } })
      .fundingInstruments.nodes[0]?.id;
    const created = await runPlanned(
      `mutation ($a: ID!, $f: ID!) {
        createCampaign(input: { accountId: $a, name: "Planned", fundingInstrumentId: $f }) {
          __typename ... on CreateCampaignPayload { campaign { rawId } account { name } }
        }
        createCustomAudience(input: { accountId: $a, name: "Planned audience" }) {
          __typename ... on CreateCustomAudiencePayload { customAudience { id } }
        }
      }`,
      { a: account, f: instrument },
    );
    expect(created.data.createCampaign).toMatchObject({ __typename: "CreateCampaignPayload" });
    // Two writes and the account read for the payload.
    expect(created.total).toBe(3);
    const audience = (created.data.createCustomAudience as { customAudience: { id: string } })
      .customAudience.id;
    const users = Array.from({ length: 40 }, (_, i) => ({ email: [`p${String(i)}@example.com`] }));
    const uploaded = await runPlanned(
      `mutation ($id: ID!, $users: [AudienceUserInput!]!) {
        addCustomAudienceUsers(input: { customAudienceId: $id, users: $users }) {
          __typename ... on CustomAudienceUsersPayload { usersSent }
        }
      }`,
      { id: audience, users },
    );
    expect(uploaded.data.addCustomAudienceUsers).toMatchObject({ usersSent: 40 });
    expect(uploaded.plan.exact).toBe(true);
    expect(uploaded.total).toBe(1);
  });

  it("the account's own lists and single reads: within the plan", async () => {
    const reads = await runPlanned(`{ account(rawId: "${ACCOUNT}") {
      drafts(first: 5) { nodes { rawId account { rawId } } }
      scheduledPosts(first: 5) { nodes { rawId } }
      apps(first: 3) { nodes { __typename } }
      promotableUsers(first: 3) { nodes { __typename account { rawId } } }
      userSettings { __typename }
      campaigns(first: 3) { nodes { rawId account { rawId } } }
    } }`);
    expect(reads.plan.unplanned).toEqual([]);
  });
});
