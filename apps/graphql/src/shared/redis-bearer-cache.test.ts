import { setTimeout as sleep } from "node:timers/promises";
import type {
  BearerTokenCache,
  BearerTokenSource,
  ConsumerCredentials,
  TokenCredentials,
} from "@adsgraph/oauth";
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisBearerCache } from "./redis-bearer-cache.js";

const box = createSecretBox(parseKeyring(generateKeyText()));
const owner = { token: "1-owner-token", tokenSecret: "owner-secret" };
const prefix = testRedisPrefix("bearer-cache");
/** Two replicas' connections on one prefix. */
let one: SharedRedis;
let two: SharedRedis;

beforeAll(async () => {
  const connect = () => connectRedis({ url: TEST_REDIS_URL, prefix, commandTimeoutMs: 5000 });
  [one, two] = await Promise.all([connect(), connect()]);
});

afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
  await deletePrefixed(TEST_REDIS_URL, prefix);
});

let apps = 0;
function freshApp(): ConsumerCredentials {
  apps += 1;
  return { consumerKey: `app-key-${apps}`, consumerSecret: `app-secret-${apps}` };
}

/** /oauth2/token and /oauth2/invalidate_token as ads-api answers them, slow enough to overlap. */
function upstream() {
  const state = { fetches: 0, revokes: [] as string[], current: undefined as string | undefined };
  let minted = 0;
  const source: BearerTokenSource = {
    async fetchToken(consumer: ConsumerCredentials) {
      state.fetches += 1;
      await sleep(30);
      state.current ??= `bearer-${consumer.consumerKey}-${++minted}-SECRET`;
      return state.current;
    },
    async revokeToken(_consumer: ConsumerCredentials, _owner: TokenCredentials, token: string) {
      await sleep(10);
      state.revokes.push(token);
      if (state.current === token) state.current = undefined;
    },
  };
  return { state, source };
}

function cachesOver(
  source: BearerTokenSource,
  fallbacks: unknown[] = [],
): [BearerTokenCache, BearerTokenCache] {
  const cacheOn = (redis: SharedRedis) =>
    createRedisBearerCache({ redis, box, onFallback: (e) => fallbacks.push(e), pollMs: 20 })(
      source,
    );
  return [cacheOn(one), cacheOn(two)];
}

/** Every key under the test's prefix, without it (SCAN, as deletePrefixed). */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await one.client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    keys.push(...found.map((key) => key.slice(prefix.length)));
  } while (cursor !== "0");
  return keys;
}

describe("createRedisBearerCache", () => {
  it("fetches once for every caller of every replica, and stores the token sealed", async () => {
    const { state, source } = upstream();
    const app = freshApp();
    const fallbacks: unknown[] = [];
    const caches = cachesOver(source, fallbacks);
    const tokens = await Promise.all(
      caches.flatMap((cache) => Array.from({ length: 25 }, () => cache.get(app))),
    );
    expect(state.fetches).toBe(1);
    expect(new Set(tokens)).toEqual(new Set([state.current]));
    expect(fallbacks).toEqual([]);
    const keys = (await storedKeys()).filter((key) => key.startsWith("bearer:"));
    expect(keys.join(" ")).not.toContain(app.consumerKey);
    for (const key of keys) {
      const type = await one.client.type(key);
      const values = type === "hash" ? await one.client.hgetall(key) : {};
      expect(JSON.stringify(values)).not.toContain("SECRET");
      expect(JSON.stringify(values)).not.toContain(app.consumerSecret);
      expect(await one.client.pttl(key)).toBeGreaterThan(0);
    }
  });

  it("after a 401 seen by both replicas, drops the refused token once and fetches one new one", async () => {
    const { state, source } = upstream();
    const app = freshApp();
    const [a, b] = cachesOver(source);
    const refused = await a.get(app);
    expect(await b.get(app)).toBe(refused);
    state.current = undefined; // revoked upstream, behind the caches' back
    a.evict(app.consumerKey, refused);
    const fresh = await a.get(app);
    // b's 401 for the old token arrives after a stored the new one: the new one stays.
    b.evict(app.consumerKey, refused);
    expect(await b.get(app)).toBe(fresh);
    expect(fresh).not.toBe(refused);
    expect(state.fetches).toBe(2);
  });

  it("revokes once; every replica then shares one new token", async () => {
    const { state, source } = upstream();
    const app = freshApp();
    const [a, b] = cachesOver(source);
    const old = await b.get(app);
    await a.invalidate(app, owner);
    expect(state.revokes).toEqual([old]);
    const after = await Promise.all([a.get(app), b.get(app), b.get(app)]);
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(old);
    expect(state.fetches).toBe(2);
  });

  it("never hands the token to a caller with another consumer secret", async () => {
    const { state, source } = upstream();
    const app = freshApp();
    const [a, b] = cachesOver(source);
    await a.get(app);
    await b.get({ ...app, consumerSecret: "rotated" });
    expect(state.fetches).toBe(2);
  });

  it("answers from this process alone while Redis is down, and says so", async () => {
    const down = await connectRedis({ url: TEST_REDIS_URL, prefix });
    await down.close();
    const { state, source } = upstream();
    const fallbacks: unknown[] = [];
    const cache = createRedisBearerCache({
      redis: down,
      box,
      onFallback: (e) => fallbacks.push(e),
    })(source);
    const app = freshApp();
    const tokens = await Promise.all([cache.get(app), cache.get(app)]);
    expect(tokens[0]).toBe(state.current);
    expect(state.fetches).toBe(1);
    expect(fallbacks.length).toBeGreaterThan(0);
    cache.evict(app.consumerKey, tokens[0]);
    await cache.invalidate(app, owner);
    expect(state.revokes).toHaveLength(1);
  });
});
