import {
  connectRedis,
  deletePrefixed,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLease } from "./lease.js";

const prefix = testRedisPrefix("graphql-lease");
let redis: SharedRedis;

beforeAll(async () => {
  redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
});
afterAll(async () => {
  await redis.close();
  await deletePrefixed(TEST_REDIS_URL, prefix);
});

describe("createLease", () => {
  it("lets one of two contenders hold it, and renewal keeps it", async () => {
    const a = createLease(redis.client, { key: "two", token: "a", ttlMs: 60_000 });
    const b = createLease(redis.client, { key: "two", token: "b", ttlMs: 60_000 });
    const taken = await Promise.all([a.tryAcquire(), b.tryAcquire()]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const [holder, other] = taken[0] ? [a, b] : [b, a];
    expect(await holder.holder()).toBe(holder.token);
    expect(await holder.renew()).toBe(true);
    expect(await other.renew()).toBe(false);
    expect(await other.tryAcquire()).toBe(false);
    expect(await redis.client.get("two")).toBe(holder.token);
  });

  it("passes to the other contender once the holder stops renewing", async () => {
    const a = createLease(redis.client, { key: "takeover", token: "a", ttlMs: 300 });
    const b = createLease(redis.client, { key: "takeover", token: "b", ttlMs: 300 });
    expect(await a.tryAcquire()).toBe(true);
    // a dies: no renewal, no release. b keeps trying, as a replica's tick does.
    await expect.poll(() => b.tryAcquire()).toBe(true);
    expect(await b.holder()).toBe("b");
    // The old holder, back from a pause, can neither renew nor release b's lease.
    expect(await a.renew()).toBe(false);
    expect(await a.release()).toBe(false);
    expect(await b.holder()).toBe("b");
  });

  it("compare-and-delete removes only the holder's own lease and the keys that die with it", async () => {
    const a = createLease(redis.client, { key: "release", token: "a", ttlMs: 60_000 });
    const b = createLease(redis.client, { key: "release", token: "b", ttlMs: 60_000 });
    expect(await a.tryAcquire()).toBe(true);
    await redis.client.set("release:cursor", "123");
    expect(await b.release(["release:cursor"])).toBe(false);
    expect(await a.holder()).toBe("a");
    expect(await redis.client.get("release:cursor")).toBe("123");

    expect(await a.release(["release:cursor"])).toBe(true);
    expect(await a.holder()).toBeNull();
    expect(await redis.client.exists("release:cursor")).toBe(0);
    expect(await b.tryAcquire()).toBe(true);
  });

  it("extends attached keys with each renewal, only for the holder", async () => {
    const a = createLease(redis.client, { key: "attached", token: "a", ttlMs: 60_000 });
    const b = createLease(redis.client, { key: "attached", token: "b", ttlMs: 60_000 });
    expect(await a.tryAcquire()).toBe(true);
    await redis.client.set("attached:live", "a", "PX", 1_000);
    expect(await b.renew([{ key: "attached:live", ttlMs: 90_000 }])).toBe(false);
    expect(await redis.client.pttl("attached:live")).toBeLessThanOrEqual(1_000);
    expect(await a.renew([{ key: "attached:live", ttlMs: 90_000 }])).toBe(true);
    expect(await redis.client.pttl("attached:live")).toBeGreaterThan(60_000);
  });
});
