import { createHash } from "node:crypto";
import { DEMO, issueAccessToken } from "@adsgraph/ads-api";
import { simulateActivity, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import {
  createTestTarget,
  deletePrefixed,
  generateKeyText,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestTarget,
} from "@adsgraph/storage";
import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { postGraphQL, signIn, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

const ACCOUNT = DEMO.accounts[0].id;
const VIEWER = "query Viewer { viewer { userId screenName } }";
const CAMPAIGNS = `query Campaigns($id: String!) { account(rawId: $id) {
  campaigns(first: 5) { edges { node { id name } } } } }`;
const SUBSCRIPTION = `subscription Activity { activityEvents { __typename ... on ActivityEvent { id type forUserId } } }`;

type Campaigns = { account: { campaigns: { edges: { node: { id: string; name: string } }[] } } };
type Headers = Record<string, string>;

interface Answer {
  status: number;
  body: {
    data?: unknown;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
    extensions?: { upstream?: { requests: number } };
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** POSTs any GraphQL body (persisted queries carry `extensions`, maybe no `query`). */
async function post(url: string, body: Record<string, unknown>, headers: Headers = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const persisted = (query: string) => ({
  persistedQuery: { version: 1, sha256Hash: sha256(query) },
});

function connect(facade: RunningFacade, token: string): Client {
  return createClient({
    url: facade.url.replace(/^http/, "ws"),
    retryAttempts: 0,
    lazy: false,
    // A refused or closed connection is what some tests wait for, not a failure to print.
    onNonLazyError: () => undefined,
    connectionParams: { authorization: `Bearer ${token}` },
    webSocketImpl: WebSocket,
  });
}

/**
 * Two facade replicas (issue 19): one ads-api, one PostgreSQL database and one Redis prefix.
 * Session and snapshot caches are set long, so anything seen at once on the other replica came
 * through Redis, not from the database.
 */
describe("two facade replicas sharing Redis", () => {
  const prefix = testRedisPrefix("graphql-replicas");
  let adsApi: StartedAdsApi;
  let database: TestTarget;
  let a: RunningFacade;
  let b: RunningFacade;
  let demo: Headers;

  /** A fresh access token of the demo user (a sign-out invalidates its token upstream). */
  const sessionFor = async (facade: RunningFacade) => {
    const { prisma, box } = adsApi.server.ctx;
    const app = await prisma.app.findFirstOrThrow({ where: { name: DEMO.app.name } });
    const token = await issueAccessToken(
      prisma,
      { box },
      { appId: app.id, userId: DEMO.user.id, accessType: "write" },
    );
    const session = await signIn(facade, DEMO.user, token);
    return { token: session, headers: { authorization: `Bearer ${session}` } };
  };

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: "postgresql", activityAdmin: true });
    database = await createTestTarget("postgresql", "replicas");
    const env = {
      ...adsApi.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      SESSION_CACHE_SECONDS: "600",
      SNAPSHOT_FRESH_SECONDS_ENTITY: "600",
      ACCESS_CHECK_TTL_SECONDS: "600",
      ACTIVITY_SESSION_CHECK_SECONDS: "3600",
      ACTIVITY_STREAM_BACKOFF_MS: "20",
      UPSTREAM_STATS: "true",
    };
    // One after the other: the first migrates the shared database.
    a = await startFacade({ database: database.target, env });
    b = await startFacade({ database: database.target, env });
    demo = (await sessionFor(a)).headers;
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await database.drop();
    await adsApi.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("serves through B a persisted query registered through A", async () => {
    const query = `${VIEWER} # registered ${Date.now()}`;
    const unknown = await post(b.url, { extensions: persisted(query) }, demo);
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe("PERSISTED_QUERY_NOT_FOUND");

    const registered = await post(a.url, { query, extensions: persisted(query) }, demo);
    const viewer = { viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName } };
    expect(registered.body).toMatchObject({ data: viewer });
    // Apollo stores the document behind the answer: B finds it once it is there.
    const byHash = await vi.waitFor(
      async () => {
        const answer = await post(b.url, { extensions: persisted(query) }, demo);
        expect(answer.body.errors).toBeUndefined();
        return answer;
      },
      { timeout: 60_000, interval: 20 },
    );
    expect(byHash.status).toBe(200);
    expect(byHash.body.data).toEqual(viewer);
  });

  it("refuses a hash that is not its query's as a client error with a code, on either replica", async () => {
    for (const facade of [a, b]) {
      for (const sha256Hash of ["0".repeat(64), "not a hash"]) {
        const refused = await post(
          facade.url,
          { query: VIEWER, extensions: { persistedQuery: { version: 1, sha256Hash } } },
          demo,
        );
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([
          {
            message: expect.stringContaining("sha256Hash") as unknown,
            extensions: { code: "PERSISTED_QUERY_HASH_MISMATCH" },
          },
        ]);
      }
    }
  });

  it("refuses at once on B a session signed out through A, and closes its WebSockets on B", async () => {
    const session = await sessionFor(a);
    // B has looked the session up (cached for SESSION_CACHE_SECONDS) and holds a WebSocket.
    expect((await postGraphQL(b.url, VIEWER, { headers: session.headers })).body.data).toEqual({
      viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName },
    });
    const client = connect(b, session.token);
    let connected = false;
    let closed: { code: number; reason: string } | undefined;
    client.on("connected", () => {
      connected = true;
    });
    client.on("closed", (event) => {
      closed ??= event as { code: number; reason: string };
    });
    await expect.poll(() => connected).toBe(true);

    const out = await fetch(`${a.origin}/auth/logout`, {
      method: "POST",
      headers: { ...session.headers, "content-type": "application/json" },
      body: "{}",
    });
    expect(await out.json()).toEqual({ signed_out: true });

    const after = await postGraphQL(b.url, VIEWER, { headers: session.headers });
    expect(after.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    await expect.poll(() => closed).toBeDefined();
    expect(closed?.code).toBe(4401);
    await client.dispose();
  });

  it("answers on B a write through A at once, not from B's response cache or snapshots", async () => {
    const ask = async (facade: RunningFacade) => {
      const answer = await post(facade.url, { query: CAMPAIGNS, variables: { id: ACCOUNT } }, demo);
      await facade.services.snapshots.writer.flush();
      return answer;
    };
    // B answers from its response cache.
    let cached = false;
    for (let i = 0; i < 20 && !cached; i += 1) {
      const before = b.services.responseCache.stats().hits;
      expect((await ask(b)).body.errors).toBeUndefined();
      cached = b.services.responseCache.stats().hits > before;
    }
    expect(cached).toBe(true);
    const before = (await ask(b)).body.data as Campaigns;
    const node = before.account.campaigns.edges[0]?.node;
    expect(node).toBeDefined();

    const renamed = `Renamed on A ${Date.now()}`;
    const write = await postGraphQL(
      a.url,
      `mutation ($id: ID!, $name: String!) { updateCampaign(input: { id: $id, name: $name }) { __typename } }`,
      { variables: { id: node?.id, name: renamed }, headers: demo },
    );
    expect(write.body.errors).toBeUndefined();

    const hitsBefore = b.services.responseCache.stats().hits;
    const after = await ask(b);
    expect((after.body.data as Campaigns).account.campaigns.edges[0]?.node.name).toBe(renamed);
    expect(b.services.responseCache.stats().hits).toBe(hitsBefore);
    expect(after.body.extensions?.upstream?.requests).toBeGreaterThan(0);
  });

  it("keeps graphql-ws subscriptions working in the shared mode, a persisted-query extension included", async () => {
    const session = await sessionFor(b);
    const client = connect(b, session.token);
    const events: { forUserId: string }[] = [];
    const dispose = client.subscribe<{
      activityEvents:
        { __typename: "ActivityEvent"; forUserId: string } | { __typename: "ActivityFeedLive" };
    }>(
      { query: SUBSCRIPTION, extensions: persisted(SUBSCRIPTION) },
      {
        next: (result) => {
          const message = result.data?.activityEvents;
          // The first message says the subscription is live; events follow.
          if (message?.__typename === "ActivityEvent") events.push(message);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    await expect.poll(() => b.services.activity.stats().live).toBe(1);
    await simulateActivity(adsApi.urls.base, {
      event_type: "profile.update.bio",
      user_id: DEMO.user.id,
      bio: "b",
    });
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]?.forUserId).toBe(DEMO.user.id);
    dispose();
    await client.dispose();
  });
});

describe("a facade whose Redis is down", () => {
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  let demo: Headers;

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: "postgresql" });
    facade = await startFacade({
      engine: "postgresql",
      // Nothing listens there: every Redis command fails at once.
      env: { ...adsApi.env, REDIS_URL: "redis://127.0.0.1:1", SNAPSHOT_FRESH_SECONDS_ENTITY: "60" },
    });
    demo = { authorization: `Bearer ${await signIn(facade)}` };
  });
  afterAll(async () => {
    await facade.close();
    await adsApi.close();
  });

  it("still answers: queries, persisted queries as not found, then sent whole, and writes", async () => {
    const health = (await (await fetch(`${facade.origin}/health`)).json()) as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ status: "degraded", redis: "down" });

    for (let i = 0; i < 3; i += 1) {
      const answer = await post(facade.url, { query: CAMPAIGNS, variables: { id: ACCOUNT } }, demo);
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      await facade.services.snapshots.writer.flush();
    }

    const byHash = await post(facade.url, { extensions: persisted(VIEWER) }, demo);
    expect(byHash.status).toBe(200);
    expect(byHash.body.errors?.[0]?.extensions?.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const whole = await post(facade.url, { query: VIEWER, extensions: persisted(VIEWER) }, demo);
    expect(whole.status).toBe(200);
    expect(whole.body.data).toEqual({
      viewer: { userId: DEMO.user.id, screenName: DEMO.user.screenName },
    });

    const campaigns = (
      await post(facade.url, { query: CAMPAIGNS, variables: { id: ACCOUNT } }, demo)
    ).body.data as Campaigns;
    const write = await postGraphQL(
      facade.url,
      `mutation ($id: ID!, $name: String!) { updateCampaign(input: { id: $id, name: $name }) { __typename } }`,
      {
        variables: { id: campaigns.account.campaigns.edges[0]?.node.id, name: "Degraded rename" },
        headers: demo,
      },
    );
    expect(write.body.errors).toBeUndefined();

    const after = (await (await fetch(`${facade.origin}/health`)).json()) as {
      fallbacks: Record<string, number>;
    };
    for (const part of ["persisted queries", "access checks", "account writes"])
      expect(after.fallbacks[part]).toBeGreaterThan(0);
  });
});
