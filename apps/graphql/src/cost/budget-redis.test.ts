import { principalDigest } from "@adsgraph/rest-client";
import {
  connectRedis,
  deletePrefixed,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisRateBudget } from "../shared/redis-rate-budget.js";
import { createRedisBudgetStore } from "./budget-redis.js";
import type { CallerBudgets, WindowRef } from "./budget-store.js";
import { heldBudget } from "./rate-limit-credit.js";

// Near the real time: Redis expires keys by its own clock.
const NOW = Date.now();
const RESET = NOW + 60_000;
const CONSUMER = "consumer-key";

let redis: SharedRedis;
const prefix = testRedisPrefix("cost-budgets");

beforeAll(async () => {
  redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
});
afterAll(async () => {
  await redis.close();
  await deletePrefixed(TEST_REDIS_URL, prefix);
});

let callers = 0;
/** A caller of its own per test, whose `campaigns` and account windows the rate budget was told. */
async function caller(
  user: number,
  account: number,
): Promise<{
  budgets: CallerBudgets;
  userWindow: WindowRef;
  accountWindow: WindowRef;
}> {
  callers += 1;
  const token = { accessToken: `token-${callers}`, accessTokenSecret: "s" };
  const accountId = `acct${callers}`;
  const principal = principalDigest("user", CONSUMER, token.accessToken);
  const rate = createRedisRateBudget({ redis, onFallback: () => undefined, clock: () => NOW });
  const window = (remaining: number) => ({ limit: 10, remaining, resetAt: RESET });
  await rate.record(
    { family: "campaigns", principal, accountId },
    {
      status: 200,
      observed: {
        user: window(user),
        account: window(account),
        cost: undefined,
        retryAfterMs: undefined,
        observedAt: NOW,
      },
    },
  );
  const budgets = createRedisBudgetStore({
    redis,
    consumerKey: CONSUMER,
    clock: () => NOW,
  }).forCaller(token);
  return {
    budgets,
    userWindow: { family: "campaigns", accountId: null, principal },
    accountWindow: { family: "campaigns", accountId, principal },
  };
}

describe("holding a query's lower bound in the shared windows (issue 35)", () => {
  it("takes the counts from every window, or nothing when one is short", async () => {
    const { budgets, userWindow, accountWindow } = await caller(5, 2);
    const refused = await budgets.hold([
      { window: userWindow, count: 3 },
      { window: accountWindow, count: 3 },
    ]);
    expect(refused).toEqual({ ok: false, window: accountWindow, remaining: 2, resetAt: RESET });
    // Nothing was taken from the user window the account window refused.
    expect((await budgets.read([userWindow]))[0]?.remaining).toBe(5);

    const held = await budgets.hold([
      { window: userWindow, count: 2 },
      { window: accountWindow, count: 2 },
    ]);
    expect(held.ok).toBe(true);
    const [user, account] = await budgets.read([userWindow, accountWindow]);
    expect([user?.remaining, account?.remaining]).toEqual([3, 0]);
  });

  it("lets calls spend the hold, and gives back what they did not", async () => {
    const { budgets, userWindow, accountWindow } = await caller(6, 6);
    const outcome = await budgets.hold([
      { window: userWindow, count: 3 },
      { window: accountWindow, count: 1 },
    ]);
    if (!outcome.ok) throw new Error("refused");
    const held = heldBudget(budgets, outcome.holds);
    const key = { family: "campaigns", principal: userWindow.principal };
    // A GET of the account's path spends both windows; a call without an account, the user's.
    expect(held.credit.take({ ...key, accountId: accountWindow.accountId ?? undefined })).toBe(
      true,
    );
    expect(held.credit.take({ ...key, accountId: accountWindow.accountId ?? undefined })).toBe(
      false,
    );
    expect(held.credit.take({ ...key, accountId: undefined })).toBe(true);
    // Another principal's call spends nothing of this hold.
    expect(held.credit.take({ ...key, principal: "user:other", accountId: undefined })).toBe(false);
    await budgets.release(held.unspent());
    const [user, account] = await budgets.read([userWindow, accountWindow]);
    expect([user?.remaining, account?.remaining]).toEqual([6 - 2, 6 - 1]);
  });

  it("holds nothing in a window no answer has told (its calls reserve as before)", async () => {
    const budgets = createRedisBudgetStore({
      redis,
      consumerKey: CONSUMER,
      clock: () => NOW,
    }).forCaller({ accessToken: "never-seen", accessTokenSecret: "s" });
    const window = {
      family: "campaigns",
      accountId: null,
      principal: budgets.principalFor("campaigns"),
    };
    expect(await budgets.read([window])).toEqual([null]);
    expect(await budgets.hold([{ window, count: 50 }])).toEqual({ ok: true, holds: [] });
  });
});
