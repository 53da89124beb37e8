import { createHash } from "node:crypto";
import { replayClientId } from "@adsgraph/oauth";
import { connectRedis, deletePrefixed, TEST_REDIS_URL, testRedisPrefix } from "@adsgraph/storage";
import type { SharedRedis } from "@adsgraph/storage";
import { afterAll, describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "../errors.js";
import { NONCES_UNAVAILABLE, createRedisNonceStore } from "./redis-nonces.js";
import type { RedisNonceStoreOptions } from "./redis-nonces.js";

const WINDOW = 300;
let counter = 0;
/** A client of its own per call (tests share one Redis prefix). */
const newClient = () => replayClientId(`key-${(counter += 1)}`, { owner: String(counter) });

describe("Redis nonce store (issue 19, shared mode)", () => {
  const prefix = testRedisPrefix("ads-api-nonces");
  let now = 1_900_000_000_000;
  const clock = () => now;

  /** Two stores (two connections) on a prefix of their own: the bounds count per prefix. */
  async function stores(options: RedisNonceStoreOptions = {}) {
    const own = `${prefix}${(counter += 1)}:`;
    const one = await connectRedis({ url: TEST_REDIS_URL, prefix: own });
    const two = await connectRedis({ url: TEST_REDIS_URL, prefix: own });
    opened.push(one, two);
    const settings = { windowSeconds: WINDOW, clock, ...options };
    return [createRedisNonceStore(one, settings), createRedisNonceStore(two, settings)] as const;
  }
  const opened: SharedRedis[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((redis) => redis.close()));
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("answers new once and replayed after, on any connection; stale timestamps are replayed", async () => {
    const [one, two] = await stores();
    await one.start();
    const client = newClient();
    const timestamp = Math.floor(now / 1000);
    const entry = { client, timestamp, nonce: "abc" };
    expect(await one.remember(entry)).toEqual({ status: "new" });
    expect(await two.remember(entry)).toEqual({ status: "replayed" });
    expect(await one.remember(entry)).toEqual({ status: "replayed" });
    // another client, another second or another nonce is another entry
    expect(await two.remember({ ...entry, client: newClient() })).toEqual({ status: "new" });
    expect(await two.remember({ ...entry, timestamp: timestamp - 1 })).toEqual({ status: "new" });
    expect(await two.remember({ ...entry, nonce: "abd" })).toEqual({ status: "new" });
    expect(await one.remember({ ...entry, timestamp: timestamp - WINDOW - 1 })).toEqual({
      status: "replayed",
    });
    await one.close();
  });

  it("gives exactly one of 100 concurrent identical requests `new`, across two connections", async () => {
    const [one, two] = await stores();
    const entry = { client: newClient(), timestamp: Math.floor(now / 1000), nonce: "same" };
    const verdicts = await Promise.all(
      Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? one : two).remember(entry)),
    );
    expect(verdicts.filter((verdict) => verdict.status === "new")).toHaveLength(1);
    expect(verdicts.filter((verdict) => verdict.status === "replayed")).toHaveLength(99);
  });

  it("bounds one client to its share under 200 concurrent nonces: exactly 50 new, the rest full", async () => {
    const [one, two] = await stores({ maxPerClient: 50 });
    const client = newClient();
    const timestamp = Math.floor(now / 1000);
    const verdicts = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        (index % 2 === 0 ? one : two).remember({ client, timestamp, nonce: `n${index}` }),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.status === "new")).toHaveLength(50);
    const full = verdicts.filter((verdict) => verdict.status === "full");
    expect(full).toHaveLength(150);
    // a place frees up when the oldest nonces leave the window (at most a bucket later)
    for (const verdict of full) {
      expect(verdict).toMatchObject({ retryAfterSeconds: expect.any(Number) as unknown });
      const retry = (verdict as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(retry).toBeGreaterThanOrEqual(WINDOW);
      expect(retry).toBeLessThanOrEqual(WINDOW + 10 + 1);
    }
    // another client is served meanwhile
    expect(await one.remember({ client: newClient(), timestamp, nonce: "x" })).toEqual({
      status: "new",
    });
    // once the window passed, the client's nonces are gone and it is served again
    now += (WINDOW + 11) * 1000;
    expect(
      await two.remember({ client, timestamp: Math.floor(now / 1000), nonce: "later" }),
    ).toEqual({ status: "new" });
  });

  it("past the global bound refuses only clients at their fair share, never one below the floor", async () => {
    const [one] = await stores({ maxPerClient: 100, maxEntries: 10, minPerClient: 2 });
    const timestamp = Math.floor(now / 1000);
    const heavy = newClient();
    for (let index = 0; index < 10; index += 1) {
      expect(await one.remember({ client: heavy, timestamp, nonce: `h${index}` })).toEqual({
        status: "new",
      });
    }
    // the total is at the bound: the heavy client holds more than its share (10 ÷ 2 holders)
    expect((await one.remember({ client: heavy, timestamp, nonce: "h10" })).status).toBe("full");
    // a newcomer is below its share and the floor: admitted, twice
    const light = newClient();
    expect((await one.remember({ client: light, timestamp, nonce: "l0" })).status).toBe("new");
    expect((await one.remember({ client: light, timestamp, nonce: "l1" })).status).toBe("new");
  });

  it("keeps every key only as long as its window (plus a margin), never the nonce in clear", async () => {
    const own = testRedisPrefix("ads-api-nonce-keys");
    const redis = await connectRedis({ url: TEST_REDIS_URL, prefix: own });
    opened.push(redis);
    try {
      const store = createRedisNonceStore(redis, { windowSeconds: WINDOW, clock });
      const client = newClient();
      const timestamp = Math.floor(now / 1000);
      expect((await store.remember({ client, timestamp, nonce: "visible-nonce" })).status).toBe(
        "new",
      );
      const keys: string[] = [];
      let cursor = "0";
      do {
        // SCAN patterns are not prefixed by the connection: the prefix is spelled out
        const [next, found] = await redis.client.scan(cursor, "MATCH", `${own}*`, "COUNT", 500);
        keys.push(...found);
        cursor = next;
      } while (cursor !== "0");
      expect(keys.length).toBeGreaterThanOrEqual(4);
      const digest = createHash("sha256").update("visible-nonce").digest("hex");
      expect(keys).toContain(`${own}nonce:${client}:${timestamp}:${digest}`);
      expect(keys.some((key) => key.includes("visible-nonce"))).toBe(false);
      for (const key of keys) {
        // commands of a connection are prefixed by it: asked without the prefix
        const ttl = await redis.client.ttl(key.slice(own.length));
        expect(ttl, key).toBeGreaterThan(0);
        // the newest bucket's timestamps, a window, and the clock margin
        expect(ttl, key).toBeLessThanOrEqual(WINDOW + 10 + 30 + 1);
      }
    } finally {
      await deletePrefixed(TEST_REDIS_URL, own);
    }
  });

  it("refuses with a 503 while Redis cannot be reached (replay protection is never skipped)", async () => {
    const down = await connectRedis({ url: "redis://127.0.0.1:1", prefix });
    opened.push(down);
    const store = createRedisNonceStore(down, { windowSeconds: WINDOW, clock });
    const refusal = await store
      .remember({ client: newClient(), timestamp: Math.floor(now / 1000), nonce: "n" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceUnavailableError);
    expect(refusal).toMatchObject({ status: 503, message: NONCES_UNAVAILABLE });
  });
});
