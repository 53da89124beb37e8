import { deletePrefixed, testRedisPrefix, TEST_REDIS_URL } from "@adsgraph/storage";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { channelsReady } from "../shared/broadcast-channel.js";
import { testSharedState, type TestSharedState } from "../../test/support/shared-state.js";
import { createAccountAccess, type AccountAccess } from "./account-access.js";
import { createSharedAccessStore } from "./shared-access-store.js";

const prefix = testRedisPrefix("graphql-access");
afterAll(() => deletePrefixed(TEST_REDIS_URL, prefix));

const opened: TestSharedState[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((state) => state.close()));
});

/** One replica's access checks over the test Redis. */
async function replica(
  ttlMs = 60_000,
  url?: string,
): Promise<{ access: AccountAccess; state: TestSharedState }> {
  const state = await testSharedState(prefix, url);
  opened.push(state);
  const access = createAccountAccess({ ttlMs, shared: createSharedAccessStore(state) });
  await channelsReady(state);
  return { access, state };
}

/** Waits until a user's answers reached Redis (remember writes in the background). */
async function stored(state: TestSharedState, userId: string, fields = 1): Promise<void> {
  await expect
    .poll(() => state.redis?.client.hlen(`access:${userId}`), {
      message: `answers of ${userId} in Redis`,
    })
    .toBe(fields);
}

/** An upstream that counts its questions. */
function upstream(answer = true) {
  const asked = { count: 0 };
  return { asked, ask: () => Promise.resolve(++asked.count > 0 && answer) };
}

describe("access checks shared through Redis", () => {
  it("lets one replica's upstream answer serve another without asking again", async () => {
    const a = await replica();
    const b = await replica();
    const up = upstream();
    expect(await a.access.canAccess("1001", "acc1", up.ask)).toBe(true);
    expect(up.asked.count).toBe(1);
    expect(b.access.holds("1001", "acc1")).toBe(false); // B has asked nothing yet
    await stored(a.state, "1001");
    expect(await b.access.canAccess("1001", "acc1", up.ask)).toBe(true);
    expect(up.asked.count).toBe(1);
    expect(b.access.holds("1001", "acc1")).toBe(true);
    // Another user's answer is theirs alone.
    expect(await b.access.canAccess("1002", "acc1", upstream(false).ask)).toBe(false);
    expect(a.state.fellBackParts).toEqual([]);
  });

  it("shares a refusal too, and single-flights concurrent checks per process", async () => {
    const a = await replica();
    const b = await replica();
    const up = upstream(false);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => a.access.canAccess("1003", "acc2", up.ask)),
    );
    expect(answers).toEqual([false, false, false, false, false]);
    expect(up.asked.count).toBe(1);
    await stored(a.state, "1003");
    expect(await b.access.canAccess("1003", "acc2", up.ask)).toBe(false);
    expect(up.asked.count).toBe(1);
    expect(b.access.holds("1003", "acc2")).toBe(false);
  });

  it("forgets a user on every replica: Redis entry gone, near-caches dropped", async () => {
    const a = await replica();
    const b = await replica();
    const up = upstream();
    await a.access.canAccess("1004", "acc3", up.ask);
    await stored(a.state, "1004");
    await b.access.canAccess("1004", "acc3", up.ask);
    expect(up.asked.count).toBe(1);
    a.access.remember("1005", "acc3", true);
    await stored(a.state, "1005");
    expect(b.access.holds("1004", "acc3")).toBe(true);

    a.access.forget("1004");
    expect(a.access.holds("1004", "acc3")).toBe(false);
    await expect
      .poll(() => b.access.holds("1004", "acc3"), { message: "B dropped the forgotten user" })
      .toBe(false);
    expect(await a.state.redis?.client.exists("access:1004")).toBe(0);
    // B asks upstream again: the shared answer went too.
    expect(await b.access.canAccess("1004", "acc3", up.ask)).toBe(true);
    expect(up.asked.count).toBe(2);
    // Only that user.
    expect(await b.access.canAccess("1005", "acc3", upstream(false).ask)).toBe(true);
  });

  it("keeps an answer no longer than its TTL on Redis' clock, and the key expires", async () => {
    const a = await replica(1_000);
    const b = await replica(1_000);
    a.access.remember("1006", "acc4", true);
    const client = a.state.redis?.client;
    await stored(a.state, "1006");
    const pttl = (await client?.pttl("access:1006")) ?? 0;
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(1_000);
    // After the TTL, B finds nothing shared and asks upstream.
    await expect.poll(() => client?.exists("access:1006"), { message: "key expired" }).toBe(0);
    const up = upstream(false);
    expect(await b.access.canAccess("1006", "acc4", up.ask)).toBe(false);
    expect(up.asked.count).toBe(1);
  });

  it("drops a user's expired answers when the hash grows", async () => {
    const a = await replica(500);
    const client = a.state.redis?.client;
    for (let i = 0; i < 70; i += 1) a.access.remember("1007", `old${i}`, true);
    await stored(a.state, "1007", 70);
    // Past their time (the key lives as long as its newest), a new answer prunes the rest.
    const newer = await replica(60_000);
    const store = createSharedAccessStore(newer.state);
    await expect
      .poll(() => store?.get("1007", "old69"), { message: "the old answers expired" })
      .toBeUndefined();
    newer.access.remember("1007", "fresh", true);
    await expect.poll(() => client?.hlen("access:1007"), { message: "expired pruned" }).toBe(1);
  });

  it("answers from upstream when Redis is down, and says it fell back", async () => {
    const down = await replica(60_000, "redis://127.0.0.1:1");
    const up = upstream();
    expect(await down.access.canAccess("1008", "acc5", up.ask)).toBe(true);
    expect(await down.access.canAccess("1008", "acc5", up.ask)).toBe(true); // near-cache
    expect(up.asked.count).toBe(1);
    down.access.forget("1008");
    expect(down.access.holds("1008", "acc5")).toBe(false);
    await expect
      .poll(() => down.state.fellBackParts, { message: "fell back" })
      .toContain("access checks");
  });
});
