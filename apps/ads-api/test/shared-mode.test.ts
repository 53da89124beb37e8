import { buildBasicAuthorization, signRequest } from "@adsgraph/oauth";
import { deletePrefixed, TEST_REDIS_URL, testRedisPrefix } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NONCES_UNAVAILABLE } from "../src/credentials/redis-nonces.js";
import { ERROR_CODES } from "../src/errors.js";
import { COUNTERS_UNAVAILABLE } from "../src/rate-limits/redis-rate-counters.js";
import { simulateActivity, startAdsApi, startTcpBalancer } from "../testing/index.js";
import type { StartedAdsApi, TcpBalancer } from "../testing/index.js";
import { StreamReader } from "./support/activity.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf, itemsOf } from "./support/bodies.js";
import { startTestReplicas } from "./support/server.js";
import type { TestReplicas } from "./support/server.js";
import { AdsClient, sentTo, withQuery } from "./support/signed-fetch.js";
import type { ApiResponse } from "./support/signed-fetch.js";

// Issue 19: replicas over one PostgreSQL database with REDIS_URL set behave as one service —
// one nonce store, one set of rate-limit counters, one activity stream per app wherever it is
// held — and refuse (503, never 500) what they cannot protect while Redis is unreachable.

/** Requests per token (and app) and endpoint family per window, counted across replicas. */
const RATE = 6;

async function answerOf(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json") && text !== "";
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: json ? (JSON.parse(text) as unknown) : undefined,
  };
}

/** The actor's client sending to one replica's own addresses, signing for the public URLs. */
const on = (replica: StartedAdsApi, actor: Actor) =>
  new AdsClient(replica.urls, actor.credentials, replica.listenUrls);

/** `POST /oauth2/token` with the actor's API key, at one replica. */
async function bearerAt(replica: StartedAdsApi, actor: Actor): Promise<ApiResponse> {
  return answerOf(
    await fetch(`${replica.listenUrls.base}/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: buildBasicAuthorization(actor.consumerKey, actor.consumerSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }),
  );
}

async function bearerOf(replica: StartedAdsApi, actor: Actor): Promise<string> {
  const answer = await bearerAt(replica, actor);
  const token = (answer.body as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== "string") throw new Error(`no bearer token: ${answer.text}`);
  return `Bearer ${token}`;
}

/** Where a replica's base role listens, for the activity helpers. */
const baseOf = (replica: StartedAdsApi) => ({ urls: { base: replica.listenUrls.base } });

const bio = (userId: string, text: string) => ({
  event_type: "profile.update.bio",
  user_id: userId,
  bio: text,
});

describe("two ads-api replicas on one database and one Redis (issue 19, shared mode)", () => {
  const prefix = testRedisPrefix("ads-api-shared");
  let service: TestReplicas;
  let a: StartedAdsApi;
  let b: StartedAdsApi;

  beforeAll(async () => {
    service = await startTestReplicas({
      redis: { url: TEST_REDIS_URL, prefix },
      activityAdmin: true,
      // Keep-alive ticks (which also read the store) far apart: an event arriving on the
      // other replica's stream shows the wake-up crossed replicas, not a tick.
      limits: { userRate: RATE, streamKeepAliveMs: 600_000 },
    });
    const [first, second] = service.replicas;
    if (first === undefined || second === undefined) throw new Error("two replicas");
    [a, b] = [first, second];
  });
  afterAll(async () => {
    await service.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("shares public URLs and listens apart; /health reports Redis up on each", async () => {
    expect(a.urls).toEqual(service.urls);
    expect(b.urls).toEqual(service.urls);
    expect(a.listenUrls.ads).not.toBe(b.listenUrls.ads);
    expect(a.listenUrls.ads).not.toBe(service.urls.ads);
    for (const replica of [a, b]) {
      const health = await answerOf(await fetch(`${replica.listenUrls.base}/health`));
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: "ok", role: "base", redis: "up" });
    }
    // Through the balancer, like any client.
    const actor = await createActor(a.ctx);
    expect((await actor.client.get("/12/accounts")).status).toBe(200);
  });

  it("refuses a signed request's exact replay sent to the other replica (401, code 32)", async () => {
    const actor = await createActor(a.ctx);
    const url = withQuery(service.urls.ads, "/12/accounts");
    const { authorization } = signRequest({
      method: "GET",
      url,
      consumer: actor.credentials.consumer,
      token: actor.credentials.token,
    });
    const first = await answerOf(
      await fetch(sentTo(url, a.listenUrls.ads), { headers: { authorization } }),
    );
    expect(first.status, first.text).toBe(200);
    const replay = await answerOf(
      await fetch(sentTo(url, b.listenUrls.ads), { headers: { authorization } }),
    );
    expect(replay.status).toBe(401);
    expect(errorOf(replay)).toMatchObject({ code: ERROR_CODES.COULD_NOT_AUTHENTICATE });
    // and back on the first replica too
    const again = await answerOf(
      await fetch(sentTo(url, a.listenUrls.ads), { headers: { authorization } }),
    );
    expect(again.status).toBe(401);
  });

  it("counts one rate limit across both replicas: the (N+1)th request on either is 429", async () => {
    const actor = await createActor(a.ctx);
    const resets = new Set<string | null>();
    for (let call = 0; call < RATE; call += 1) {
      const replica = call % 2 === 0 ? a : b;
      const answer = await on(replica, actor).get("/12/accounts");
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get("x-rate-limit-limit")).toBe(String(RATE));
      expect(answer.headers.get("x-rate-limit-remaining")).toBe(String(RATE - 1 - call));
      resets.add(answer.headers.get("x-rate-limit-reset"));
    }
    // One window, started by the first request wherever it came in.
    expect(resets.size).toBe(1);
    const [reset] = [...resets];
    expect(Number(reset)).toBeGreaterThan(Date.now() / 1000);
    for (const replica of [a, b]) {
      const limited = await on(replica, actor).get("/12/accounts");
      expect(limited.status).toBe(429);
      expect(errorOf(limited).code).toBe(ERROR_CODES.RATE_LIMIT_EXCEEDED);
      expect(limited.headers.get("x-rate-limit-limit")).toBe(String(RATE));
      expect(limited.headers.get("x-rate-limit-remaining")).toBe("0");
      expect(limited.headers.get("x-rate-limit-reset")).toBe(reset);
    }
  });

  it("never answers a list on one replica from a cache older than a write on the other", async () => {
    const actor = await createActor(a.ctx);
    const { accountId, fundingInstrumentId } = await createAccountFor(a.ctx, actor.userId);
    const path = `/12/accounts/${accountId}/campaigns`;
    const before = await on(b, actor).get(path);
    expect(before.status, before.text).toBe(200);
    expect(itemsOf(before)).toEqual([]);
    const created = await on(a, actor).post(path, {
      query: {
        funding_instrument_id: fundingInstrumentId,
        name: "Written on A",
        entity_status: "ACTIVE",
        daily_budget_amount_local_micro: 5_000_000,
      },
    });
    expect(created.status, created.text).toBe(200);
    const after = await on(b, actor).get(path);
    expect(itemsOf(after).map((item) => item.name)).toEqual(["Written on A"]);
  });

  it("streams on one replica an event written on the other", async () => {
    const actor = await createActor(a.ctx);
    const bearer = await bearerOf(b, actor);
    const subscribed = await answerOf(
      await fetch(`${a.listenUrls.base}/2/activity/subscriptions`, {
        method: "POST",
        headers: { authorization: bearer, "content-type": "application/json" },
        body: JSON.stringify({ filter: { user_id: "7001" } }),
      }),
    );
    expect(subscribed.status, subscribed.text).toBe(201);
    const stream = await StreamReader.open(baseOf(b), bearer);
    try {
      expect(stream.status).toBe(200);
      await simulateActivity(a.listenUrls.base, bio("7001", "written on A"));
      expect(await stream.event()).toMatchObject({ payload: { bio: "written on A" } });
    } finally {
      stream.close();
    }
  });

  it("closes an app's stream on one replica when the app claims a new one on the other", async () => {
    const actor = await createActor(a.ctx);
    const bearer = await bearerOf(a, actor);
    const subscribed = await answerOf(
      await fetch(`${a.listenUrls.base}/2/activity/subscriptions`, {
        method: "POST",
        headers: { authorization: bearer, "content-type": "application/json" },
        body: JSON.stringify({ filter: { user_id: "7002" } }),
      }),
    );
    expect(subscribed.status, subscribed.text).toBe(201);
    const first = await StreamReader.open(baseOf(a), bearer);
    const second = await StreamReader.open(baseOf(b), bearer);
    try {
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      // ended by replica A once B's claim reached it
      await first.ended();
      await simulateActivity(a.listenUrls.base, bio("7002", "after the switch"));
      expect(await second.event()).toMatchObject({ payload: { bio: "after the switch" } });
    } finally {
      first.close();
      second.close();
    }
  });

  describe("while Redis cannot be reached", () => {
    let link: TcpBalancer;
    let cut = false;
    let replica: StartedAdsApi;
    let actor: Actor;

    beforeAll(async () => {
      // A third replica of the same service whose link to Redis the test cuts.
      link = await startTcpBalancer(() => (cut ? [] : [TEST_REDIS_URL]));
      replica = await startAdsApi({
        database: service.database,
        secretKey: service.secretKey,
        seed: "none",
        redis: { url: link.url.replace(/^http:/, "redis:"), prefix },
        hosts: service.urls,
        listen: { base: "127.0.0.1:0", ads: "127.0.0.1:0", "ads-sandbox": "127.0.0.1:0" },
        limits: { userRate: RATE },
      });
      actor = await createActor(a.ctx);
    });
    afterAll(async () => {
      await replica.close();
      await link.close();
    });

    async function health(): Promise<ApiResponse> {
      return answerOf(await fetch(`${replica.listenUrls.ads}/health`));
    }

    /** The first /health answer with `status`. */
    function waitForHealth(status: number): Promise<ApiResponse> {
      return vi.waitFor(
        async () => {
          const answer = await health();
          expect(answer.status).toBe(status);
          return answer;
        },
        { timeout: 60_000, interval: 50 },
      );
    }

    it("refuses signed and rate-limited requests with 503 and a clear message, /health 503, never a 500; serves again once Redis is back", async () => {
      expect((await on(replica, actor).get("/12/accounts")).status).toBe(200);
      const bearer = await bearerOf(replica, actor);

      cut = true;
      link.cut();
      const down = await waitForHealth(503);
      expect(down.body).toMatchObject({ status: "unavailable", role: "ads", redis: "down" });
      expect(down.headers.get("retry-after")).toMatch(/^\d+$/);

      // A signed request: its nonce cannot be checked.
      const signed = await on(replica, actor).get("/12/accounts");
      expect(signed.status, signed.text).toBe(503);
      expect(errorOf(signed)).toMatchObject({
        code: ERROR_CODES.SERVICE_UNAVAILABLE,
        message: NONCES_UNAVAILABLE,
      });
      expect(signed.headers.get("retry-after")).toMatch(/^\d+$/);
      // A signed write: refused before anything is written.
      const write = await on(replica, actor).post("/12/accounts/1/campaigns", {
        query: { name: "never" },
      });
      expect(write.status).toBe(503);
      // The app-only bearer token: its rate limit cannot be counted.
      const app = await answerOf(
        await fetch(`${replica.listenUrls.base}/2/activity/subscriptions`, {
          headers: { authorization: bearer },
        }),
      );
      expect(app.status, app.text).toBe(503);
      expect(errorOf(app)).toMatchObject({
        code: ERROR_CODES.SERVICE_UNAVAILABLE,
        message: COUNTERS_UNAVAILABLE,
      });
      // Credential endpoints count per address first.
      const token = await bearerAt(replica, actor);
      expect(token.status).toBe(503);
      expect(errorOf(token).message).toBe(COUNTERS_UNAVAILABLE);
      const requestToken = await answerOf(
        await fetch(`${replica.listenUrls.base}/oauth/request_token`, { method: "POST" }),
      );
      expect(requestToken.status).toBe(503);
      // The other replicas, whose Redis is reachable, serve on.
      expect((await on(a, actor).get("/12/accounts")).status).toBe(200);

      cut = false;
      const up = await waitForHealth(200);
      expect(up.body).toMatchObject({ status: "ok", redis: "up" });
      expect((await on(replica, actor).get("/12/accounts")).status).toBe(200);
      const statuses = replica.ctx.requestLog.entries().map((entry) => entry.status);
      expect(statuses).not.toContain(500);
    });

    it("starts with Redis unreachable (degraded, /health 503) and closes cleanly", async () => {
      const unreachable = await startAdsApi({
        database: service.database,
        secretKey: service.secretKey,
        seed: "none",
        redis: { url: "redis://127.0.0.1:1", prefix },
      });
      try {
        const answer = await answerOf(await fetch(`${unreachable.urls.base}/health`));
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ status: "unavailable", redis: "down" });
        const signed = await new AdsClient(unreachable.urls, actor.credentials).get("/12/accounts");
        expect(signed.status).toBe(503);
        expect(errorOf(signed).message).toBe(NONCES_UNAVAILABLE);
      } finally {
        await unreachable.close();
      }
    });
  });
});
