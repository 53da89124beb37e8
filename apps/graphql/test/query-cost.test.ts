import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUERY_LIMITS } from "../src/query-limits.js";
import { startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// Complexity (with `first` as the multiplier of a connection), depth and breadth are checked
// before any resolver runs: a refused operation costs no upstream request. (Aliases: see
// query-limits.test.ts.)

const A = DEMO.accounts[0].id;

describe("query cost limits", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ measureUpstream: true });
  });
  afterAll(() => stack.close());

  const campaigns = (first: number) =>
    `{ account(rawId: "${A}") { campaigns(first: ${first}) { edges { node { rawId name currency } } } } }`;

  it("counts a connection's `first` as the multiplier of what each item selects", async () => {
    // account 1 + campaigns 1 + first × (edges 1 + node 1 + 3 fields)
    const cost = (first: number) => 2 + first * 5;
    const accepted = await stack.query(campaigns(1000));
    expect(accepted.errors).toBeUndefined();
    expect(cost(1000)).toBeLessThanOrEqual(QUERY_LIMITS.complexity);

    await stack.adsApi.requests.reset();
    const first = 4001;
    const refused = await stack.query(campaigns(first));
    expect(refused.data).toEqual({ account: null });
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: `Query exceeds the complexity limit of ${QUERY_LIMITS.complexity} (this query: ${cost(first)}). Ask for fewer items (\`first\`) or fewer fields.`,
        extensions: {
          code: "QUERY_LIMIT_EXCEEDED",
          limit: "complexity",
          max: QUERY_LIMITS.complexity,
          actual: cost(first),
        },
      }),
    ]);
    expect(refused.extensions?.upstream?.requests).toBe(0);
    expect((await stack.adsApi.requests.counts()).total).toBe(0);
  });

  it("refuses nesting beyond the depth limit, naming it", async () => {
    let selection = "rawId";
    // Each round nests two levels: fundingInstrument → campaigns → fundingInstrument ...
    for (let i = 0; i < 5; i += 1)
      selection = `fundingInstrument { campaigns { nodes { ${selection} } } }`;
    const refused = await stack.query(
      `{ account(rawId: "${A}") { campaigns(first: 1) { edges { node { ${selection} } } } } }`,
    );
    expect(refused.errors?.[0]?.message).toMatch(
      new RegExp(
        `^Query exceeds the depth limit of ${QUERY_LIMITS.depth} \\(this query: \\d+\\)\\. Nest fewer levels\\.$`,
      ),
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: "QUERY_LIMIT_EXCEEDED",
      limit: "depth",
    });
    expect(refused.extensions?.upstream?.requests).toBe(0);
  });

  it("refuses more fields than the breadth limit, naming it", async () => {
    const refused = await stack.query(
      `{ viewer { ${"screenName ".repeat(QUERY_LIMITS.breadth)} } }`,
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: `Query exceeds the breadth limit of ${QUERY_LIMITS.breadth} (this query: ${QUERY_LIMITS.breadth + 1}). Select fewer fields.`,
      extensions: { code: "QUERY_LIMIT_EXCEEDED", limit: "breadth" },
    });
  });

  it("counts a nodes() lookup by the number of ids", async () => {
    // 1 + 7000 × (id + name + currency) > 20000
    const ids = Array.from({ length: 7000 }, (_, i) =>
      Buffer.from(`Campaign:${A}/c${i}`).toString("base64"),
    );
    const refused = await stack.query(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Campaign { name currency } } }`,
      { ids },
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: "QUERY_LIMIT_EXCEEDED",
      limit: "complexity",
    });
    expect(refused.extensions?.upstream?.requests).toBe(0);
  });
});
