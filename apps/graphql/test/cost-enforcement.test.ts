import { DEMO } from "@adsgraph/ads-api";
import { deletePrefixed, TEST_REDIS_URL, testRedisPrefix } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CostReport } from "../src/cost/cost-plugin-report.js";
import { postGraphQL, startStack } from "../testing/index.js";
import type { GraphQLBody, Stack } from "../testing/index.js";

// Issue 35 against the real ads-api: a small budget per token and family in short windows,
// the facade in shared mode (budgets in Redis). ads-api's own request log says what was sent.

/** Requests per user token and family per window (ads-api). */
const USER_RATE = 3;
const WINDOW_MS = 2000;
const ACCOUNT = DEMO.accounts[0].id;

/** The user's accounts: one `accounts` request (`first` varies so that no answer is reused). */
const accounts = (first: number, directive = "") =>
  `query Accounts${first} ${directive} { viewer { accounts(first: ${first}) { edges { node { rawId } } } } }`;
/** Every account's first campaign: an unknown number of `campaigns` requests (one per account). */
const PARTIAL = `query Partial { viewer { accounts(first: 3) { edges { node { rawId
  campaigns(first: 1) { edges { node { rawId } } } } } } } }`;
const ONE_ACCOUNT_CAMPAIGNS = `query OneAccountCampaigns { account(rawId: "${ACCOUNT}") {
  campaigns(first: 1) { edges { node { rawId } } } } }`;

type Answer = GraphQLBody & { extensions?: { cost?: CostReport } };

describe("refused, waited for, partial and explained by the rate-limit budget (issue 35)", () => {
  const prefix = testRedisPrefix("graphql-cost");
  let stack: Stack;
  /** The latest reset any answer reported (epoch ms). */
  let latestReset = 0;

  const run = async (query: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const { body } = await postGraphQL(stack.facade.url, query, {
      headers: { ...stack.headers, ...headers },
    });
    const answer = body as Answer;
    for (const window of answer.extensions?.cost?.windows ?? []) {
      const resetAt = window.budget?.resetAt;
      if (resetAt) latestReset = Math.max(latestReset, Date.parse(resetAt));
    }
    return answer;
  };
  /** Waits out every window seen so far (ads-api's reset is whole seconds; 1 s pad). */
  const freshWindows = async () => {
    const wait = latestReset + 1200 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const statuses = async () =>
    (await stack.adsApi.requests.entries()).map((entry) => entry.status);

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      adsApi: {
        limits: { userRate: USER_RATE, accountRate: 100, rateWindowMs: WINDOW_MS },
      },
      facade: { env: { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } },
    });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("answers what fits and a RATE_LIMITED error at the path of each field that does not (partial), never drawing a 429", async () => {
    await stack.adsApi.requests.reset();
    // One of the window's 3 `campaigns` requests spent: the next query may need up to 3.
    expect((await run(ONE_ACCOUNT_CAMPAIGNS)).errors).toBeUndefined();
    const partial = await run(PARTIAL);
    const nodes = (
      partial.data as {
        viewer: { accounts: { edges: Array<{ node: { campaigns: unknown } | null }> } };
      }
    ).viewer.accounts.edges;
    expect(nodes.length).toBe(3);
    const limited = partial.errors ?? [];
    expect(limited).toHaveLength(1);
    expect(limited[0]?.path).toEqual(expect.arrayContaining(["viewer", "accounts", "campaigns"]));
    expect(limited[0]?.extensions).toMatchObject({
      code: "RATE_LIMITED",
      family: "campaigns",
      retryAfter: expect.any(Number) as number,
    });
    // The others answered.
    expect(nodes.filter((edge) => edge.node?.campaigns != null)).toHaveLength(2);
    expect(partial.extensions?.cost?.mode).toBe("run");
    expect(await statuses()).not.toContain(429);
  });

  it("refuses a query whose lower bound the budget cannot cover before sending anything, and runs it after the reset", async () => {
    await freshWindows();
    await stack.adsApi.requests.reset();
    for (let first = 1; first <= USER_RATE; first += 1) {
      const answer = await run(accounts(first));
      expect(answer.errors).toBeUndefined();
      expect(answer.extensions?.cost).toMatchObject({ mode: "run", actual: 1 });
    }
    const refused = await run(accounts(USER_RATE + 1));
    expect(refused.data).toBeNull();
    expect(refused.errors).toHaveLength(1);
    const extensions = refused.errors?.[0]?.extensions ?? {};
    expect(extensions).toMatchObject({
      code: "RATE_LIMITED",
      family: "accounts",
      accountId: null,
      planned: 1,
      remaining: 0,
    });
    expect(extensions.retryAfter).toBeGreaterThanOrEqual(0);
    expect(extensions.retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000 + 1);
    expect(refused.extensions?.cost).toMatchObject({ mode: "refused", actual: 0 });
    // ads-api saw the three that ran, nothing of the refused one.
    expect(await stack.adsApi.requests.entries("accounts.list")).toHaveLength(USER_RATE);

    await new Promise((resolve) =>
      setTimeout(resolve, Date.parse(String(extensions.resetAt)) + 1200 - Date.now()),
    );
    const after = await run(accounts(USER_RATE + 1));
    expect(after.errors).toBeUndefined();
    expect(after.extensions?.cost).toMatchObject({ mode: "run", actual: 1 });
    expect(await statuses()).not.toContain(429);
  });

  it("waits for the reset when the caller opts in, then answers without a 429", async () => {
    await stack.adsApi.requests.reset();
    // Spend what the window has left (refused once it is spent).
    for (let first = 10; first < 10 + USER_RATE; first += 1) {
      const answer = await run(accounts(first));
      if (answer.errors !== undefined) {
        expect(answer.errors[0]?.extensions?.code).toBe("RATE_LIMITED");
        break;
      }
    }
    const waited = await run(accounts(USER_RATE + 1), { "x-adsgraph-cost-wait": "10" });
    expect(waited.errors).toBeUndefined();
    expect(waited.extensions?.cost?.mode).toBe("waited");
    expect(waited.extensions?.cost?.waitedMs).toBeGreaterThan(0);
    // The directive asks the same.
    const directive = await run(accounts(USER_RATE + 2, "@cost(waitSeconds: 10)"));
    expect(directive.errors).toBeUndefined();
    expect(await statuses()).not.toContain(429);
  });

  it("explains a query without sending anything upstream", async () => {
    await stack.adsApi.requests.reset();
    const byHeader = await run(accounts(7), { "x-adsgraph-explain": "true" });
    const byDirective = await run(accounts(8, "@cost(explain: true)"));
    for (const answer of [byHeader, byDirective]) {
      expect(answer.data).toBeNull();
      expect(answer.errors).toBeUndefined();
      expect(answer.extensions?.cost).toMatchObject({
        mode: "explain",
        actual: 0,
        planned: { lower: 1, upper: 1, exact: true },
        windows: [{ family: "accounts", accountId: null, planned: { lower: 1, upper: 1 } }],
      });
    }
    expect((await stack.adsApi.requests.counts()).total).toBe(0);
  });

  it("reports the caller's budgets in Query.rateLimit without spending any", async () => {
    await stack.adsApi.requests.reset();
    const answer = await run(
      `query RateLimit { rateLimit { windows { family accountRawId limit remaining used resetAt }
        plan { requests { lower upper } exact } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const { rateLimit } = answer.data as {
      rateLimit: {
        windows: Array<{ family: string; accountRawId: string | null; limit: number | null }>;
        plan: { requests: { lower: number; upper: number | null } };
      };
    };
    expect(rateLimit.windows).toContainEqual(
      expect.objectContaining({ family: "accounts", accountRawId: null, limit: USER_RATE }),
    );
    expect(rateLimit.plan.requests.lower).toBe(0);
    expect((await stack.adsApi.requests.counts()).total).toBe(0);
  });
});

describe("refused by the per-token book in the embedded mode (issue 35)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      adsApi: { limits: { userRate: USER_RATE, accountRate: 100, rateWindowMs: WINDOW_MS } },
    });
  });
  afterAll(() => stack.close());

  it("refuses once the window is spent, with nothing sent", async () => {
    for (let first = 1; first <= USER_RATE; first += 1)
      expect((await stack.query(accounts(first))).errors).toBeUndefined();
    const refused = (await stack.query(accounts(USER_RATE + 1))) as Answer;
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: "RATE_LIMITED",
      family: "accounts",
      remaining: 0,
    });
    expect(refused.extensions?.cost).toMatchObject({ mode: "refused", actual: 0 });
    expect(await stack.adsApi.requests.entries("accounts.list")).toHaveLength(USER_RATE);
  });
});
