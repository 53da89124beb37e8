import { DEMO } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { createRestClient, type RetryEvent } from "@adsgraph/rest-client";
import {
  connectRedis,
  createSecretBox,
  deletePrefixed,
  generateKeyText,
  parseKeyring,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SharedState } from "../src/shared/shared-state.js";
import { sharedUpstream } from "../src/shared/shared-upstream.js";
import { createUpstreamClients, type UpstreamClients } from "../src/upstream/clients.js";
import { postGraphQL, signIn, STACK_ENGINE, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

const consumer = { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret };
const userToken = { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret };
const ACCOUNT = DEMO.accounts[0].id;
/** The replicas' shared key (SESSION_ENCRYPTION_KEYS): every replica opens what another sealed. */
const box = createSecretBox(parseKeyring(generateKeyText()));

/** One facade replica's upstream clients, sharing through its own Redis connection. */
interface Replica {
  upstream: UpstreamClients;
  fellBack: string[];
  close(): Promise<void>;
}

async function startReplica(adsApi: StartedAdsApi, prefix: string): Promise<Replica> {
  const redis: SharedRedis = await connectRedis({ url: TEST_REDIS_URL, prefix });
  const fellBack: string[] = [];
  const shared: SharedState = {
    redis,
    replicaId: `test-${prefix}`,
    mode: "shared",
    fallbacks: new Map(),
    fellBack: (part) => fellBack.push(part),
    close: () => redis.close(),
  };
  const upstream = createUpstreamClients({
    hosts: adsApi.urls,
    consumer,
    timeoutMs: 30_000,
    rateLimitWaitMs: 5 * 60_000,
    ...sharedUpstream(shared, box),
  });
  return {
    upstream,
    fellBack,
    close: async () => {
      await upstream.close();
      await redis.close();
    },
  };
}

describe("replicas sharing upstream state through Redis (issue 19)", () => {
  let adsApi: StartedAdsApi;
  let replicas: Replica[] = [];
  let prefix: string;

  beforeAll(async () => {
    // 50 per token and family and 50 per account and family, in 2-second windows.
    adsApi = await startAdsApi({
      engine: STACK_ENGINE,
      limits: { userRate: 50, accountRate: 50, rateWindowMs: 2000 },
    });
  });

  afterAll(async () => {
    await adsApi.close();
  });

  afterEach(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    replicas = [];
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  async function twoReplicas(label: string): Promise<[Replica, Replica]> {
    prefix = testRedisPrefix(label);
    const [a, b] = await Promise.all([startReplica(adsApi, prefix), startReplica(adsApi, prefix)]);
    replicas = [a, b];
    await adsApi.requests.reset();
    return [a, b];
  }

  it("keeps 200 concurrent reads of two replicas within ads-api's windows: no 429, all answered", async () => {
    const [a, b] = await twoReplicas("budget-two-replicas");
    const retries: RetryEvent[] = [];
    const read = (replica: Replica) =>
      replica.upstream.forToken(userToken).request(
        "campaigns.list",
        { account_id: ACCOUNT, count: 1 },
        {
          hooks: { onRetry: (event) => retries.push(event) },
        },
      );
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => read(index % 2 === 0 ? a : b)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const log = await adsApi.requests.entries("campaigns.list");
    // Each call sent once, none refused: ads-api counted at most 50 per window for the token
    // and for the account (it answers 429 past that).
    expect(log).toHaveLength(200);
    expect(log.filter((entry) => entry.status === 429)).toEqual([]);
    expect(retries.filter((event) => event.status === 429)).toEqual([]);
    // The budget made them wait for the windows to turn (200 calls need four of them).
    expect(retries.some((event) => event.reason === "rate_limit")).toBe(true);
    expect([...a.fellBack, ...b.fellBack]).toEqual([]);
  });

  it("fetches the app's bearer token once for both replicas, and once more after it is revoked upstream", async () => {
    const [a, b] = await twoReplicas("bearer-two-replicas");
    const readReference = () =>
      Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? a : b).upstream.app.call("content_categories.list"),
        ),
      );
    await readReference();
    const fetches = async () => await adsApi.requests.entries("oauth2.token");
    expect(await fetches()).toHaveLength(1);

    // The app's owner revokes the token elsewhere (another tool, not through the replicas).
    const owner = createRestClient({
      hosts: adsApi.urls,
      auth: { consumer, token: userToken },
    });
    const { access_token: current } = await owner.call("oauth2.token", {
      grant_type: "client_credentials",
    });
    await owner.call("oauth2.invalidate_token", { access_token: current });
    await owner.close();
    await adsApi.requests.reset();

    // Both replicas are refused the old token (401), and share one new one.
    await readReference();
    const log = await adsApi.requests.entries();
    expect(await fetches()).toHaveLength(1);
    expect(log.filter((entry) => entry.status === 401).length).toBeGreaterThan(0);
    expect([...a.fellBack, ...b.fellBack]).toEqual([]);
  });

  it("wires both into the facade when REDIS_URL is set: two facades fetch the token once", async () => {
    prefix = testRedisPrefix("facades");
    const env = {
      ...adsApi.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
    };
    const facades: RunningFacade[] = await Promise.all([
      startFacade({ env }),
      startFacade({ env }),
    ]);
    try {
      await adsApi.requests.reset();
      const queries = facades.map(async (facade) => {
        const headers = { authorization: `Bearer ${await signIn(facade)}` };
        return Promise.all(
          Array.from({ length: 5 }, () =>
            postGraphQL(facade.url, "{ contentCategories { nodes { __typename } } }", { headers }),
          ),
        );
      });
      const answers = (await Promise.all(queries)).flat();
      expect(answers.every((answer) => answer.body.errors === undefined)).toBe(true);
      const log = await adsApi.requests.entries();
      expect(log.filter((entry) => entry.endpointId === "oauth2.token")).toHaveLength(1);
      for (const facade of facades) {
        const health = (await (await fetch(`${facade.origin}/health`)).json()) as unknown;
        expect(health).toMatchObject({ status: "ok", redis: "up", fallbacks: {} });
      }
    } finally {
      await Promise.all(facades.map((facade) => facade.close()));
    }
  });
});
