import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import {
  createTestTarget,
  deletePrefixed,
  generateKeyText,
  TEST_REDIS_URL,
  testRedisPrefix,
} from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CostReport } from "../src/cost/cost-plugin-report.js";
import { postGraphQL, signIn, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

// Issue 35 across replicas: two facades sharing Redis hold each query's requests in the same
// windows, so together they never send more than the window grants.

const USER_RATE = 4;
const WINDOW_MS = 2000;
const QUERIES = 12;

const accounts = (first: number) =>
  `query Accounts${first} { viewer { accounts(first: ${first}) { edges { node { rawId } } } } }`;

describe("two facade replicas sharing Redis hold budgets exactly (issue 35)", () => {
  const prefix = testRedisPrefix("graphql-cost-replicas");
  let adsApi: StartedAdsApi;
  let database: TestTarget;
  let replicas: RunningFacade[] = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    adsApi = await startAdsApi({
      engine: "postgresql",
      limits: { userRate: USER_RATE, accountRate: 100, rateWindowMs: WINDOW_MS },
    });
    database = await createTestTarget("postgresql", "cost_replicas");
    const env = {
      ...adsApi.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
      SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
      // A query that passed the check while the window was unknown waits no reset.
      UPSTREAM_RATE_LIMIT_WAIT_MS: "0",
    };
    // One after the other: the first migrates the shared database.
    replicas = [await startFacade({ database: database.target, env })];
    replicas.push(await startFacade({ database: database.target, env }));
    headers = { authorization: `Bearer ${await signIn(replicas[0] as RunningFacade)}` };
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await database.drop();
    await adsApi.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("answers or refuses every query, sending at most the window's budget and never drawing a 429", async () => {
    // The first answer tells both replicas the window.
    const first = await postGraphQL(replicas[0]?.url ?? "", accounts(1), { headers });
    expect(first.body.errors).toBeUndefined();
    await adsApi.requests.reset();
    const answers = await Promise.all(
      Array.from({ length: QUERIES }, (_, index) =>
        postGraphQL(replicas[index % 2]?.url ?? "", accounts(index + 2), { headers }),
      ),
    );
    const answered = answers.filter(({ body }) => body.errors === undefined);
    const refused = answers.filter(({ body }) =>
      body.errors?.every((error) => error.extensions?.code === "RATE_LIMITED"),
    );
    expect(answered.length + refused.length).toBe(QUERIES);
    for (const { body } of refused) {
      const cost = (body as { extensions?: { cost?: CostReport } }).extensions?.cost;
      expect(cost).toMatchObject({ mode: "refused", actual: 0 });
    }
    const sent = await adsApi.requests.entries("accounts.list");
    expect(sent.map((entry) => entry.status)).not.toContain(429);
    // Each answered query sent its one request; the refused ones none.
    expect(sent).toHaveLength(answered.length);
    // More queries than one window holds: some were refused, and no 429 says that together
    // the replicas never sent past the window (ads-api answers 429 to the request past it).
    expect(refused.length).toBeGreaterThan(0);
  });
});
