import { request } from "node:http";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import {
  deletePrefixed,
  generateKeyText,
  TEST_REDIS_URL,
  testRedisPrefix,
} from "@adsgraph/storage";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, STACK_ENGINE, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";
import { collectActivity, connectActivity, type Collected } from "./support/activity-clients.js";

// Issue 34: a user's activity subscriptions and WebSocket connections stop exactly at
// ACTIVITY_SUBSCRIPTIONS_PER_USER, and an address's sign-ins at SIGN_IN_LIMIT, under 50
// concurrent attempts, on one facade and across two replicas sharing Redis.

const PER_USER = 5;
const CONCURRENT = 50;
/** Sign-ins one client address may start per window (SIGN_IN_LIMIT). */
const SIGN_IN_LIMIT = 4;
/** The close code of a connection past its user's cap (graphql-ws-route.ts). */
const TOO_MANY_CONNECTIONS = 4429;

let adsApi: StartedAdsApi;
beforeAll(async () => {
  adsApi = await startAdsApi({ engine: STACK_ENGINE, activityAdmin: true });
});
afterAll(() => adsApi.close());

/** POST /auth/pin/start from a given loopback address (the whole of 127/8 is this machine). */
function startPin(origin: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(`${origin}/auth/pin/start`, { method: "POST", localAddress }, (res) => {
      res.resume();
      res.on("end", () => {
        resolve(res.statusCode ?? 0);
      });
    });
    call.on("error", reject);
    call.end();
  });
}

let addresses = 10;
let users = 0;
/** A user of its own per test (its session on the first facade, good on every replica). */
async function freshUser(facade: RunningFacade): Promise<string> {
  users += 1;
  const user = { id: `14000000000034${String(1000 + users)}`, screenName: `caps_${users}` };
  return signIn(facade, user);
}

const refusedSubscription = (collected: Collected) =>
  collected.errors.some(
    (error) =>
      (error as { extensions?: { code?: unknown } }).extensions?.code ===
      "SUBSCRIPTION_LIMIT_EXCEEDED",
  );

/** The per-user caps, against facades (one, or replicas of one service). */
function capCases(facades: () => readonly RunningFacade[]) {
  const clients: Client[] = [];
  afterAll(async () => {
    for (const client of clients.splice(0)) await client.dispose();
  });
  const connect = (facade: RunningFacade, token: string) => {
    const client = connectActivity(facade.url, { authorization: `Bearer ${token}` });
    clients.push(client);
    return client;
  };

  it(`lets ${PER_USER} of ${CONCURRENT} concurrent subscriptions of one user go live and refuses the rest`, async () => {
    const servers = facades();
    const token = await freshUser(servers[0] as RunningFacade);
    // One connection per facade, the subscriptions spread over them.
    const connections = servers.map((facade) => connect(facade, token));
    const subscriptions = Array.from({ length: CONCURRENT }, (_, index) =>
      collectActivity(connections[index % connections.length] as Client),
    );
    let live = 0;
    for (const subscription of subscriptions) void subscription.live.then(() => (live += 1));
    await expect
      .poll(() => live + subscriptions.filter(refusedSubscription).length, { timeout: 20_000 })
      .toBe(CONCURRENT);
    expect(live).toBe(PER_USER);
    expect(subscriptions.filter(refusedSubscription)).toHaveLength(CONCURRENT - PER_USER);
    for (const connection of connections) await connection.dispose();
    // Every place is given back: the user may subscribe again.
    await expect
      .poll(() =>
        servers.reduce((sum, facade) => sum + facade.services.activity.stats().subscribers, 0),
      )
      .toBe(0);
    const again = collectActivity(connect(servers[servers.length - 1] as RunningFacade, token));
    await again.live;
  });

  it(`accepts ${PER_USER} of ${CONCURRENT} concurrent connections of one user and closes the rest with ${TOO_MANY_CONNECTIONS}`, async () => {
    const servers = facades();
    const token = await freshUser(servers[0] as RunningFacade);
    // A connection is made (and counted) at its first subscription.
    const subscriptions = Array.from({ length: CONCURRENT }, (_, index) =>
      collectActivity(connect(servers[index % servers.length] as RunningFacade, token)),
    );
    let live = 0;
    for (const subscription of subscriptions) void subscription.live.then(() => (live += 1));
    const refused = () =>
      subscriptions.filter((subscription) => subscription.closed?.code === TOO_MANY_CONNECTIONS);
    await expect.poll(() => live + refused().length, { timeout: 20_000 }).toBe(CONCURRENT);
    expect(live).toBe(PER_USER);
    expect(refused()).toHaveLength(CONCURRENT - PER_USER);
    expect(refused()[0]?.closed?.reason).toBe(`A user may hold at most ${PER_USER} connections`);
  });

  it(`starts ${SIGN_IN_LIMIT} of ${CONCURRENT} concurrent sign-ins from one address and answers the rest 429`, async () => {
    const servers = facades();
    addresses += 1;
    const address = `127.0.34.${String(addresses)}`;
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) =>
        startPin((servers[index % servers.length] as RunningFacade).origin, address),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(SIGN_IN_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CONCURRENT - SIGN_IN_LIMIT);
  });
}

describe("per-user caps of one facade under concurrency (issue 34)", () => {
  let facade: RunningFacade;
  beforeAll(async () => {
    facade = await startFacade({
      env: {
        ...adsApi.env,
        ACTIVITY_STREAM_BACKOFF_MS: "20",
        ACTIVITY_SUBSCRIPTIONS_PER_USER: String(PER_USER),
        SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
      },
    });
  });
  afterAll(() => facade.close());

  capCases(() => [facade]);
});

describe("per-user caps across two replicas sharing Redis (issue 34)", () => {
  const prefix = testRedisPrefix("graphql-user-caps");
  let first: RunningFacade;
  let second: RunningFacade;
  beforeAll(async () => {
    const env = {
      ...adsApi.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ACTIVITY_STREAM_BACKOFF_MS: "20",
      ACTIVITY_SUBSCRIPTIONS_PER_USER: String(PER_USER),
      SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
    };
    first = await startFacade({ env });
    // The second replica on the same database (sessions made on one are good on the other).
    second = await startFacade({ db: first.db, env });
  });
  afterAll(async () => {
    // The first replica owns the database: the second closes first.
    await second.close();
    await first.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  capCases(() => [first, second]);
});
