import {
  connectRedis,
  deletePrefixed,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localUserSlots, sharedUserSlots, type UserSlots } from "./user-slots.js";

const MAX = 5;
const CONCURRENT = 50;

/** `CONCURRENT` takes of one user at once, spread over the given slots (replicas). */
async function takeAtOnce(slots: readonly UserSlots[], userId: string) {
  const taken = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, index) =>
      (slots[index % slots.length] as UserSlots).take(userId),
    ),
  );
  return taken.filter((release) => release !== undefined);
}

describe("localUserSlots", () => {
  it("gives exactly MAX of 50 concurrent takes, and a place back once released", async () => {
    const slots = localUserSlots(MAX);
    const held = await takeAtOnce([slots], "1");
    expect(held).toHaveLength(MAX);
    expect(await slots.take("1")).toBeUndefined();
    // Another user counts apart.
    expect(await slots.take("2")).toBeDefined();
    held[0]?.();
    held[0]?.(); // a second release gives nothing more back
    expect(await slots.take("1")).toBeDefined();
    expect(await slots.take("1")).toBeUndefined();
  });
});

describe("sharedUserSlots (Redis)", () => {
  const prefix = testRedisPrefix("user-slots");
  let redis: SharedRedis;
  const opened: UserSlots[] = [];
  let users = 0;
  const fellBack: string[] = [];

  beforeAll(async () => {
    redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
  });
  afterAll(async () => {
    for (const slots of opened) slots.close();
    await redis.close();
    await deletePrefixed(TEST_REDIS_URL, prefix);
  });

  const replica = (replicaId: string, ttlMs = 60_000): UserSlots => {
    const slots = sharedUserSlots({
      redis,
      kind: "tests",
      max: MAX,
      replicaId,
      ttlMs,
      fellBack: (part) => fellBack.push(part),
    });
    opened.push(slots);
    return slots;
  };
  const freshUser = () => String(9_000_000 + (users += 1));

  it("gives exactly MAX of 50 concurrent takes over two replicas, and a place back once released", async () => {
    const [one, two] = [replica("one"), replica("two")];
    const userId = freshUser();
    const held = await takeAtOnce([one, two], userId);
    expect(held).toHaveLength(MAX);
    expect(await one.take(userId)).toBeUndefined();
    expect(await two.take(userId)).toBeUndefined();
    held[0]?.();
    await expect.poll(async () => (await two.take(userId)) !== undefined).toBe(true);
    expect(await one.take(userId)).toBeUndefined();
    expect(fellBack).toEqual([]);
  });

  it("frees a dead replica's places once they lapse, while a live replica's stay held", async () => {
    const ttlMs = 300;
    const [dead, alive] = [replica("dead", ttlMs), replica("alive", ttlMs)];
    // The dead one holds 2 and stops refreshing (a crash: nothing released); the live one 3.
    const userTwo = freshUser();
    const deadHeld = [await dead.take(userTwo), await dead.take(userTwo)];
    const aliveHeld = [
      await alive.take(userTwo),
      await alive.take(userTwo),
      await alive.take(userTwo),
    ];
    expect([...deadHeld, ...aliveHeld].every((release) => release !== undefined)).toBe(true);
    expect(await alive.take(userTwo)).toBeUndefined();
    dead.close();
    // Exactly the dead replica's 2 come back; the live one's 3 are refreshed and stay counted.
    await expect
      .poll(async () => (await alive.take(userTwo)) !== undefined, { timeout: 5_000 })
      .toBe(true);
    await expect
      .poll(async () => (await alive.take(userTwo)) !== undefined, { timeout: 5_000 })
      .toBe(true);
    // Several lifetimes later the live replica's refreshed places still fill the cap.
    await new Promise((resolve) => setTimeout(resolve, 3 * ttlMs));
    expect(await alive.take(userTwo)).toBeUndefined();
  });
});
