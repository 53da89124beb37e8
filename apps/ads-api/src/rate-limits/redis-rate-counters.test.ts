import { createHash } from "node:crypto";
import { connectRedis, deletePrefixed, TEST_REDIS_URL, testRedisPrefix } from "@adsgraph/storage";
import type { SharedRedis } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ServiceUnavailableError } from "../errors.js";
import { COUNTERS_UNAVAILABLE, createRedisRateCounters } from "./redis-rate-counters.js";

const prefix = testRedisPrefix("ads-api-rate-counters");
const WINDOW_MS = 900_000;

describe("Redis rate-limit counters (issue 19, shared mode)", () => {
  let a: SharedRedis;
  let b: SharedRedis;

  beforeAll(async () => {
    a = await connectRedis({ url: TEST_REDIS_URL, prefix });
    b = await connectRedis({ url: TEST_REDIS_URL, prefix });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  it("allows exactly the limit of 200 concurrent takes from two connections, each counted once", async () => {
    const one = createRedisRateCounters(a, { scope: "t", windowMs: WINDOW_MS });
    const two = createRedisRateCounters(b, { scope: "t", windowMs: WINDOW_MS });
    const states = await Promise.all(
      Array.from({ length: 200 }, (_, index) => (index % 2 === 0 ? one : two).take("k1", 50)),
    );
    const allowed = states.filter((state) => state.allowed);
    expect(allowed).toHaveLength(50);
    // Each allowed take saw its own count: remaining 49 down to 0, once each.
    expect(allowed.map((state) => state.remaining).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, index) => index),
    );
    for (const state of states.filter((s) => !s.allowed)) {
      expect(state).toMatchObject({ limit: 50, remaining: 0 });
    }
    // One window: every answer names the same reset, about a window from now.
    const resets = new Set(states.map((state) => state.resetSeconds));
    expect(resets.size).toBe(1);
    const [reset] = [...resets];
    expect(reset).toBeGreaterThan(Date.now() / 1000 + WINDOW_MS / 1000 - 60);
    expect(reset).toBeLessThanOrEqual(Math.ceil((Date.now() + WINDOW_MS) / 1000) + 1);
  });

  it("keeps kinds and keys apart, stores only a digest of the key, and expires it with its window", async () => {
    const requests = createRedisRateCounters(a, { scope: "requests", windowMs: WINDOW_MS });
    const addresses = createRedisRateCounters(a, { scope: "addresses", windowMs: WINDOW_MS });
    const secretish = "user:token-hash-or-address-198.51.100.7";
    expect((await requests.take(secretish, 1)).allowed).toBe(true);
    expect((await requests.take(secretish, 1)).allowed).toBe(false);
    expect((await addresses.take(secretish, 1)).allowed).toBe(true);
    expect((await requests.take("another", 1)).allowed).toBe(true);
    const digest = createHash("sha256").update(secretish).digest("hex");
    // SCAN patterns are not prefixed by the connection: the test's prefix is spelled out.
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, found] = await b.client.scan(cursor, "MATCH", `${prefix}rate:*`, "COUNT", 500);
      keys.push(...found);
      cursor = next;
    } while (cursor !== "0");
    expect(keys).toContain(`${prefix}rate:requests:${digest}`);
    expect(keys.some((key) => key.includes("198.51.100.7"))).toBe(false);
    const ttl = await a.client.pttl(`rate:requests:${digest}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it("opens a fresh window once the last one ended", async () => {
    // A one-second window: polled, never timed.
    const counters = createRedisRateCounters(a, { scope: "short", windowMs: 1_000 });
    const first = await counters.take("k", 1);
    expect(first.allowed).toBe(true);
    const next = await vi.waitFor(
      async () => {
        const taken = await counters.take("k", 1);
        expect(taken.allowed).toBe(true);
        return taken;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(next.remaining).toBe(0);
    expect(next.resetSeconds).toBeGreaterThanOrEqual(first.resetSeconds);
  });

  it("refuses with a 503 while Redis cannot be reached, never counting silently", async () => {
    const down = await connectRedis({ url: "redis://127.0.0.1:1", prefix });
    try {
      const counters = createRedisRateCounters(down, { scope: "t", windowMs: WINDOW_MS });
      const refusal = await counters.take("k", 5).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ServiceUnavailableError);
      expect(refusal).toMatchObject({
        status: 503,
        message: COUNTERS_UNAVAILABLE,
        headers: { "retry-after": expect.stringMatching(/^\d+$/) as unknown },
      });
    } finally {
      await down.close();
    }
  });
});
