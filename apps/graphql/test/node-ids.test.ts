import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// One id system: every Node's `id` is what `node(id:)` and every argument naming it take.

const A = DEMO.accounts[0].id;

const FIRST = (field: string, select = "") =>
  `${field} { edges { node { __typename id ${select} } } }`;

/** One object of every kind the demo data holds, each read where a screen would find it. */
const GATHER = `{
  viewer { __typename id }
  iabCategories(first: 1) { edges { node { __typename id } } }
  contentCategories(first: 1) { nodes { __typename id } }
  businessCategories(first: 1) { nodes { __typename id } }
  biddingRules(first: 1) { nodes { __typename id } }
  placements(first: 1) { nodes { __typename id } }
  account(rawId: "${A}") {
    __typename id
    ${FIRST("fundingInstruments(first: 1)")}
    ${FIRST("campaigns(first: 1)")}
    lineItems(first: 100) { edges { node { __typename id
      mediaCreatives { nodes { __typename id } } promotedAccounts { nodes { __typename id } }
      promotedPosts { nodes { __typename id } } trackingTags { nodes { __typename id } }
      targetingCriteria(first: 1) { nodes { __typename id } } } } }
    ${FIRST("media(first: 1)")}
    ${FIRST("mediaLibrary(first: 1)")}
    ${FIRST("cards(first: 1)")}
    ${FIRST("pollCards(first: 1)")}
    ${FIRST("videoConversationCards(first: 1)")}
    ${FIRST("imageConversationCards(first: 1)")}
    ${FIRST("customAudiences(first: 1)")}
    ${FIRST("promotableUsers(first: 1)")}
    doNotReachList { __typename id }
    drafts: posts(type: DRAFT, first: 1) { edges { node { __typename id } } }
    scheduled: posts(type: SCHEDULED, first: 1) { edges { node { __typename id } } }
    published: posts(type: PUBLISHED, first: 1) { edges { node { __typename id ... on Post { author { __typename id } } } } }
  }
}`;

interface Found {
  readonly typename: string;
  readonly id: string;
}

/** Every `{__typename, id}` in an answer. */
function gather(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) gather(item, into);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const record = Object.fromEntries(Object.entries(value));
  const { __typename: typename, id } = record;
  if (typeof typename === "string" && typeof id === "string" && !into.has(typename)) {
    into.set(typename, id);
  }
  for (const child of Object.values(record)) gather(child, into);
}

describe("global ids", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    // What the demo data has none of, made here through inputs that take global ids.
    const media = await stack.query(
      `{ account(rawId: "${A}") { media(first: 50) { edges { node { id creativeType } } } } }`,
    );
    const image = (
      media.data as {
        account: { media: { edges: { node: { id: string; creativeType: string } }[] } };
      }
    ).account.media.edges.find((edge) => edge.node.creativeType !== "PREROLL")?.node.id;
    const account = globalId("Account", A);
    const lineItem = (n: number) => globalId("LineItem", `${A}l${n}`, A);
    const made = await stack.query(
      `mutation ($a: ID!, $l1: ID!, $l2: ID!, $m: ID!, $u: ID!) {
        t: createTrackingTag(input: { accountId: $a, lineItemId: $l2, trackingTagType: IMPRESSION_TAG, trackingTagUrl: "https://track.example.com/i" }) { __typename }
        p: createPromotedAccount(input: { accountId: $a, lineItemId: $l2, userId: $u }) { __typename }
        c: createMediaCreative(input: { accountId: $a, lineItemId: $l1, accountMediaId: $m, landingUrl: "https://example.com/shop" }) { __typename }
        d: createDoNotReachList(input: { accountId: $a }) { __typename }
      }`,
      { a: account, l1: lineItem(1), l2: lineItem(2), m: image, u: globalId("User", DEMO.user.id) },
    );
    expect(made.data).toEqual({
      t: { __typename: "CreateTrackingTagPayload" },
      p: { __typename: "CreatePromotedAccountPayload" },
      c: { __typename: "CreateMediaCreativePayload" },
      // The demo account may hold its one list already.
      d: {
        __typename: expect.stringMatching(
          /^(CreateDoNotReachListPayload|DoNotReachListExistsError)$/,
        ) as unknown,
      },
    });
  });
  afterAll(() => stack.close());

  it("round-trips an id of every Node type through node(id:) and nodes(ids:)", async () => {
    const types = await stack.query(`{ __type(name: "Node") { possibleTypes { name } } }`);
    const nodeTypes = (
      types.data as { __type: { possibleTypes: { name: string }[] } }
    ).__type.possibleTypes.map((type) => type.name);
    const answer = await stack.query(GATHER);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    const ids = new Map<string, string>();
    gather(answer.data, ids);
    const found: Found[] = nodeTypes.flatMap((typename) => {
      const id = ids.get(typename);
      return id === undefined ? [] : [{ typename, id }];
    });
    // Every Node type the schema has is in the demo data (a new one is added to GATHER).
    expect(found.map((f) => f.typename).sort()).toEqual([...nodeTypes].sort());
    for (const { typename, id } of found) {
      const one = await stack.query(`query ($id: ID!) { node(id: $id) { __typename id } }`, { id });
      expect(one.errors, `${typename}: ${JSON.stringify(one.errors)}`).toBeUndefined();
      expect(one.data).toEqual({ node: { __typename: typename, id } });
    }
    const all = await stack.query(`query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, {
      ids: found.map((f) => f.id),
    });
    expect(all.data).toEqual({ nodes: found.map((f) => ({ __typename: f.typename, id: f.id })) });
  });

  it("gives two viewers two ids, so a client cache keeps them apart", async () => {
    const answer = await stack.query(`{ viewer { id userId } }`);
    expect(answer.data).toEqual({
      viewer: { id: globalId("Viewer", DEMO.user.id), userId: DEMO.user.id },
    });
  });

  it("takes an entity's global id where an argument names it, and its wire id as rawId", async () => {
    const campaigns = await stack.query(
      `{ account(rawId: "${A}") { id campaigns(first: 1) { edges { node { id rawId fundingInstrument { id } } } } } }`,
    );
    const account = (
      campaigns.data as {
        account: {
          id: string;
          campaigns: {
            edges: { node: { id: string; rawId: string; fundingInstrument: { id: string } } }[];
          };
        };
      }
    ).account;
    const [edge] = account.campaigns.edges;
    if (edge === undefined) throw new Error("no campaign");
    const byId = await stack.query(
      `query ($a: ID!, $c: ID!, $f: [ID!]) { account(id: $a) { campaign(id: $c) { rawId } campaigns(fundingInstrumentIds: $f, first: 1) { totalCount } } }`,
      { a: account.id, c: edge.node.id, f: [edge.node.fundingInstrument.id] },
    );
    expect(byId.errors).toBeUndefined();
    expect(byId.data).toMatchObject({ account: { campaign: { rawId: edge.node.rawId } } });
  });

  it("refuses another type's id and another account's entity, naming the argument", async () => {
    const other = DEMO.accounts[1].id;
    const wrongType = await stack.query(
      `query ($c: ID!) { account(rawId: "${A}") { campaign(id: $c) { rawId } } }`,
      { c: globalId("FundingInstrument", "x", A) },
    );
    expect(wrongType.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(wrongType.errors)).toContain('"id"');
    const wrongAccount = await stack.query(
      `query ($c: ID!) { account(rawId: "${A}") { campaign(id: $c) { rawId } } }`,
      { c: globalId("Campaign", "x", other) },
    );
    expect(wrongAccount.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(wrongAccount.errors?.[0]?.message).toContain(`of account ${A}`);
    const both = await stack.query(
      `{ account(id: "${globalId("Account", A)}", rawId: "${A}") { rawId } }`,
    );
    expect(both.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(both.errors?.[0]?.message).toContain("rawId");
    const neither = await stack.query(`{ account { rawId } }`);
    expect(neither.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});
