import type { RateLimitBudgetKey, RateLimitObservation } from "@adsgraph/rest-client";
import {
  connectRedis,
  deletePrefixed,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisRateBudget, type RedisRateBudgetOptions } from "./redis-rate-budget.js";

// Near the real time: Redis expires keys by its own clock.
const NOW = Date.now();
const PAD = 1000;
const POLL = 25;

let redis: SharedRedis;
const prefix = testRedisPrefix("rate-budget");

beforeAll(async () => {
  redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
});

afterAll(async () => {
  await redis.close();
  await deletePrefixed(TEST_REDIS_URL, prefix);
});

let keys = 0;
/** A key of its own per test (principal and account), in the family `campaigns`. */
function freshKey(account = true): RateLimitBudgetKey {
  keys += 1;
  return {
    family: "campaigns",
    principal: `user:${"a".repeat(60)}${String(keys).padStart(4, "0")}`,
    accountId: account ? `acct${keys}` : undefined,
  };
}

function budgetAt(time: { now: number }, options: Partial<RedisRateBudgetOptions> = {}) {
  const fallbacks: unknown[] = [];
  const budget = createRedisRateBudget({
    redis,
    onFallback: (error) => fallbacks.push(error),
    padMs: PAD,
    pollMs: POLL,
    clock: () => time.now,
    ...options,
  });
  return { budget, fallbacks };
}

/** An answer's headers: windows as [remaining, resetAt, limit?]. */
function observed(
  user: [number, number, number?] | undefined,
  account?: [number, number, number?],
): RateLimitObservation {
  const window = (w: [number, number, number?] | undefined) =>
    w && { remaining: w[0], resetAt: w[1], limit: w[2] ?? 50 };
  return {
    user: window(user),
    account: window(account),
    cost: undefined,
    retryAfterMs: undefined,
    observedAt: NOW,
  };
}

const ok = (o: RateLimitObservation | undefined) => ({ status: 200, observed: o });

/** Reserves until one is refused; the number counted. */
async function drain(
  budget: { reserve(k: RateLimitBudgetKey): Promise<number> },
  key: RateLimitBudgetKey,
) {
  let counted = 0;
  while ((await budget.reserve(key)) === 0) counted += 1;
  return counted;
}

describe("createRedisRateBudget", () => {
  it("lets one of many concurrent first requests probe, the others wait for its answer", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time);
    const key = freshKey();
    const first = await Promise.all(Array.from({ length: 20 }, () => budget.reserve(key)));
    expect(first.filter((wait) => wait === 0)).toHaveLength(1);
    expect(first.filter((wait) => wait === POLL)).toHaveLength(19);
    // The probe's answer: 49 left for the user, 3 for the account.
    await budget.record(key, ok(observed([49, NOW + 60_000], [3, NOW + 60_000])));
    // Both windows are checked together: the account's 3 bound it, the user's 49 are not spent.
    expect(await drain(budget, key)).toBe(3);
    const other = { ...key, principal: `user:${"b".repeat(64)}` };
    // Another user of the same account: its own window is unknown (probes), the account spent.
    expect(await budget.reserve(other)).toBe(60_000 + PAD);
    const userOnly = { ...key, accountId: undefined };
    expect(await drain(budget, userOnly)).toBe(46);
  });

  it("waits until the reset plus the pad when a window is spent", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time);
    const key = freshKey(false);
    await budget.reserve(key);
    await budget.record(key, ok(observed([0, NOW + 30_000])));
    expect(await budget.reserve(key)).toBe(30_000 + PAD);
    time.now = NOW + 29_000;
    expect(await budget.reserve(key)).toBe(1000 + PAD);
  });

  it("restarts a passed window at its known limit, its reset unknown until an answer says", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time);
    const key = freshKey(false);
    await budget.reserve(key);
    await budget.record(key, ok(observed([0, NOW + 10_000, 5])));
    time.now = NOW + 10_000;
    // A new window of 5; when spent before any answer, the others poll for its reset.
    expect(await drain(budget, key)).toBe(5);
    expect(await budget.reserve(key)).toBe(POLL);
    // The answers of the new window arrive out of order; the count made here is kept (0).
    await budget.record(key, ok(observed([4, NOW + 20_000, 5])));
    expect(await budget.reserve(key)).toBe(10_000 + PAD);
    // An answer of the old window arriving late is ignored.
    await budget.record(key, ok(observed([3, NOW + 10_000, 5])));
    expect(await budget.reserve(key)).toBe(10_000 + PAD);
  });

  it("keeps the smaller remaining within one window, takes a newer reset, ignores an older one", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time);
    const key = freshKey(false);
    await budget.reserve(key);
    await budget.record(key, ok(observed([10, NOW + 60_000])));
    await budget.record(key, ok(observed([12, NOW + 60_000])));
    await budget.record(key, ok(observed([8, NOW + 60_000])));
    expect(await drain(budget, key)).toBe(8);
    await budget.record(key, ok(observed([40, NOW + 30_000])));
    expect(await budget.reserve(key)).toBe(60_000 + PAD);
    await budget.record(key, ok(observed([2, NOW + 90_000])));
    expect(await drain(budget, key)).toBe(2);
    const ttl = await redis.client.pttl(`rate:user:${key.principal}:campaigns`);
    // Kept a while after its reset (15 minutes by default), then gone.
    expect(ttl).toBeGreaterThan(90_000);
    expect(ttl).toBeLessThanOrEqual(90_000 + PAD + 15 * 60_000);
  });

  it("never serializes a family whose answers carry no rate headers", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time);
    const key = freshKey();
    expect(await budget.reserve(key)).toBe(0);
    await budget.record(key, ok(undefined));
    const waits = await Promise.all(Array.from({ length: 20 }, () => budget.reserve(key)));
    expect(waits.every((wait) => wait === 0)).toBe(true);
    expect(await redis.client.pttl(`rate:user:${key.principal}:campaigns`)).toBeLessThanOrEqual(
      60_000,
    );
  });

  it("does not take a refusal without headers for an unlimited family; its probe lock is released", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time);
    const key = freshKey(false);
    expect(await budget.reserve(key)).toBe(0);
    expect(await budget.reserve(key)).toBe(POLL);
    await budget.record(key, { status: 401, observed: undefined });
    // Still unknown: the next request probes again.
    expect(await budget.reserve(key)).toBe(0);
    expect(await budget.reserve(key)).toBe(POLL);
  });

  it("lets another probe when a probe's answer never comes", async () => {
    const time = { now: NOW };
    const { budget } = budgetAt(time, { probeMs: 50 });
    const key = freshKey(false);
    expect(await budget.reserve(key)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await budget.reserve(key)).toBe(0);
  });

  it("rejects and tells onFallback while Redis is unreachable", async () => {
    const down = await connectRedis({ url: TEST_REDIS_URL, prefix });
    await down.close();
    const fallbacks: unknown[] = [];
    const budget = createRedisRateBudget({ redis: down, onFallback: (e) => fallbacks.push(e) });
    const key = freshKey();
    await expect(budget.reserve(key)).rejects.toThrow();
    await expect(budget.record(key, ok(undefined))).rejects.toThrow();
    expect(fallbacks).toHaveLength(2);
  });
});
