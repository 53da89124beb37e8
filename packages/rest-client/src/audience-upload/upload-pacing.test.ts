import { describe, expect, it } from "vitest";
import { createBudgetBook } from "../budget/budget-windows.js";
import { createRateLimitBook } from "../core/rate-limit.js";
import { paceUsersBatches } from "./upload-pacing.js";

const ENDPOINT = "custom_audiences.users.batch" as const;
const START = Date.UTC(2026, 10, 29, 21, 0, 0);

/** A book, a fake clock, and what ads-api would answer: `remaining` of `limit`, reset at `resetAt`. */
function setUp() {
  let now = START;
  const store = createRateLimitBook();
  const sleeps: number[] = [];
  const waits: Array<[number, number]> = [];
  const answer = (limit: number, remaining: number, resetAt: number) =>
    store.record(ENDPOINT, "acc1", {
      user: undefined,
      account: { limit, remaining, resetAt },
      cost: undefined,
      retryAfterMs: undefined,
      observedAt: now,
    });
  const pacing = paceUsersBatches(
    createBudgetBook(store, () => now),
    ENDPOINT,
    "acc1",
    {
      clock: () => now,
      sleep: (ms) => {
        sleeps.push(ms);
        now += ms;
        return Promise.resolve();
      },
      signal: undefined,
      padMs: 1000,
      onWait: (ms, resetAt) => waits.push([ms, resetAt]),
    },
  );
  return { pacing, answer, sleeps, waits, store, now: () => now };
}

/** Whether a promise has settled after the queued callbacks ran. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe("paceUsersBatches", () => {
  it("sends while the window has room, then waits for its reset (plus the pad) before the next", async () => {
    const { pacing, answer, sleeps, waits } = setUp();
    await pacing.admit(); // unknown window: one batch learns it
    answer(3, 2, START + 60_000);
    pacing.settle();
    await pacing.admit();
    answer(3, 1, START + 60_000);
    pacing.settle();
    await pacing.admit();
    answer(3, 0, START + 60_000);
    pacing.settle();
    expect(sleeps).toEqual([]);
    await pacing.admit();
    expect(waits).toEqual([[61_000, START + 60_000]]);
    expect(sleeps).toEqual([61_000]);
  });

  it("never lets its own concurrent sends pass the limit", async () => {
    const { pacing, answer, now } = setUp();
    answer(3, 3, now() + 60_000);
    const admitted = Array.from({ length: 5 }, () => pacing.admit());
    const settled = await Promise.all(admitted.map(isSettled));
    expect(settled).toEqual([true, true, true, false, false]);
    // An answer says the server counted all three: no room until the reset.
    answer(3, 0, now() + 60_000);
    pacing.settle();
    pacing.settle();
    pacing.settle();
    await Promise.all(admitted);
    expect(now()).toBe(START + 61_000);
  });

  it("lets one batch at a time through while the window is unknown", async () => {
    const { pacing, answer, now } = setUp();
    const first = pacing.admit();
    const second = pacing.admit();
    expect(await isSettled(first)).toBe(true);
    expect(await isSettled(second)).toBe(false);
    answer(1500, 1499, now() + 60_000);
    pacing.settle();
    expect(await isSettled(second)).toBe(true);
  });
});
