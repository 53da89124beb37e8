import { DEMO } from "@adsgraph/ads-api";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId } from "../../testing/index.js";
import {
  expectCleanLogs,
  expectMutationRefused,
  expectNoFault,
  expectQueryRefused,
  upstreamDigest,
} from "./support/answers.js";
import {
  A,
  DOCUMENTS,
  GLOBAL_IDS,
  GLOBAL_ID_ARG_QUERIES,
  GLOBAL_ID_MUTATIONS,
  GLOBAL_ID_QUERIES,
  RAW_IDS,
  RAW_ID_MUTATIONS,
  RAW_ID_QUERIES,
  VARIABLES,
  cross,
} from "./support/facade-inputs.js";
import {
  startHostileStack,
  type GraphQLAnswer,
  type HostileStack,
} from "./support/hostile-stack.js";

// Issue 12, items 1, 4 and 8, the facade: ids, variables and documents no client should send.
// Each is a typed GraphQL error (BAD_USER_INPUT, NOT_FOUND, a limit) or a mutation's typed
// ValidationError / NotFoundError — never INTERNAL_SERVER_ERROR or UPSTREAM_ERROR — with no
// request to ads-api for input the facade can judge itself, and nothing changed upstream.

describe.each(TEST_ENGINES)("hostile facade input on %s", (engine) => {
  let stack: HostileStack;
  let before: string;

  beforeAll(async () => {
    stack = await startHostileStack(engine);
    before = await upstreamDigest(stack.adsApi);
  });
  afterAll(() => stack.close());

  /** Runs an operation; `served` counts the ads-api requests it made, but for `allowed` ones. */
  async function run(
    query: string,
    variables: Record<string, unknown>,
    allowed: readonly string[] = [],
  ): Promise<{ answer: GraphQLAnswer; served: number }> {
    await stack.adsApi.requests.reset();
    const answer = await stack.query(query, variables);
    const { byEndpoint } = await stack.adsApi.requests.counts();
    const served = Object.entries(byEndpoint)
      .filter(([endpointId]) => !allowed.includes(endpointId))
      .reduce((sum, [, count]) => sum + count, 0);
    return { answer, served };
  }

  async function expectHealthy(): Promise<void> {
    const health = await stack.post({ query: "{ health }" });
    expect(health.body.data).toEqual({ health: "ok" });
  }

  describe("plain ids in queries", () => {
    it.each(cross(RAW_ID_QUERIES, RAW_IDS))("$title", async ({ query, value, local, allowed }) => {
      const { answer, served } = await run(query, { id: value }, allowed);
      if (local) {
        expectQueryRefused(answer);
        expect(served, "asked ads-api about input it could judge itself").toBe(0);
      } else {
        expectNoFault(answer);
      }
      await expectHealthy();
    });
  });

  describe("global ids in arguments naming an entity", () => {
    it.each(cross(GLOBAL_ID_ARG_QUERIES, GLOBAL_IDS))(
      "$title",
      async ({ query, value, local, allowed }) => {
        const { answer, served } = await run(query, { id: value }, allowed);
        expectQueryRefused(answer);
        if (local) expect(served, "asked ads-api about input it could judge itself").toBe(0);
        await expectHealthy();
      },
    );
  });

  describe("global ids in node and nodes", () => {
    it.each(cross(GLOBAL_ID_QUERIES, GLOBAL_IDS))("$title", async ({ query, value, local }) => {
      const { answer, served } = await run(query, { id: value });
      expectQueryRefused(answer);
      if (local) expect(served, "asked ads-api about input it could judge itself").toBe(0);
      await expectHealthy();
    });
  });

  describe("global ids in mutations: a typed ValidationError or NotFoundError", () => {
    it.each(cross(GLOBAL_ID_MUTATIONS, GLOBAL_IDS))("$title", async ({ query, value, local }) => {
      const { answer, served } = await run(query, { id: value });
      expectMutationRefused(answer);
      if (local) expect(served, "asked ads-api about input it could judge itself").toBe(0);
    });
  });

  describe("plain ids in mutations: a typed ValidationError or NotFoundError", () => {
    it.each(cross(RAW_ID_MUTATIONS, RAW_IDS))("$title", async ({ query, value, local }) => {
      const { answer, served } = await run(query, { id: value });
      expectMutationRefused(answer);
      if (local) expect(served, "asked ads-api about input it could judge itself").toBe(0);
    });
  });

  describe("variables of the wrong type or out of range", () => {
    it.each(VARIABLES)("$label", async ({ query, variables, allowed }) => {
      const { answer, served } = await run(query, variables, allowed);
      if (query.startsWith("mutation")) expectMutationRefused(answer);
      else expectQueryRefused(answer);
      expect(served, "asked ads-api about input it could judge itself").toBe(0);
    });
  });

  describe("documents and request bodies", () => {
    it.each(DOCUMENTS)("$label", async ({ body, mayAnswer }) => {
      await stack.adsApi.requests.reset();
      const answer = await stack.post(body, { authorization: `Bearer ${stack.sessionToken}` });
      if (mayAnswer === true) expectNoFault(answer);
      else expectQueryRefused(answer);
      expect(
        (await stack.adsApi.requests.counts()).total,
        "asked ads-api about a document it could judge itself",
      ).toBe(0);
      await expectHealthy();
    });

    it("refuses a mutation sent with GET, and runs nothing", async () => {
      await stack.adsApi.requests.reset();
      const query = `mutation { deleteSandboxAccount(input: { accountId: "${globalId("Account", A)}" }) { __typename } }`;
      const response = await fetch(`${stack.facade.url}?query=${encodeURIComponent(query)}`, {
        headers: {
          authorization: `Bearer ${stack.sessionToken}`,
          "apollo-require-preflight": "true",
        },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await stack.adsApi.requests.counts()).total).toBe(0);
    });
  });

  describe("a 1,000,000-character id: its size rule (TOO_LONG) answers before any other work", () => {
    const huge = { raw: "a".repeat(1_000_000), global: "A".repeat(1_000_000) };
    it.each([
      {
        name: "account(rawId:)",
        query: "query ($id: String!) { account(rawId: $id) { id } }",
        id: huge.raw,
      },
      { name: "node(id:)", query: "query ($id: ID!) { node(id: $id) { id } }", id: huge.global },
      {
        name: "deleteCampaign(input: { id })",
        query: `mutation ($id: ID!) { deleteCampaign(input: { id: $id }) { ... on ValidationError { violations { code } } } }`,
        id: huge.global,
      },
    ])("$name", async ({ query, id }) => {
      const { answer, served } = await run(query, { id });
      expect(answer.status).toBeLessThan(500);
      expect(JSON.stringify(answer.body)).toContain('"code":"TOO_LONG"');
      expect(served).toBe(0);
    });
  });

  it("changed nothing upstream", async () => {
    expect(await upstreamDigest(stack.adsApi)).toBe(before);
  });

  it("logged no stack trace, no 500 and no credential, in either server", () => {
    const secrets = [
      DEMO.accessToken.token,
      DEMO.accessToken.secret,
      DEMO.app.consumerSecret,
      stack.sessionToken,
    ];
    expectCleanLogs(stack.facadeLogs(), secrets);
    expectCleanLogs(stack.adsApiLogs(), secrets);
  });
});
