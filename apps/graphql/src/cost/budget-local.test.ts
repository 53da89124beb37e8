import type { RateLimitState, RestClient } from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { createLocalBudgetStore } from "./budget-local.js";
import { heldBudget } from "./rate-limit-credit.js";

const NOW = Date.UTC(2026, 10, 29, 21, 0, 0);
const RESET = NOW + 60_000;

/** A client whose book holds these states (newest first), as rest-client keeps them. */
function clientWith(states: RateLimitState[]): Pick<RestClient, "rateLimits"> {
  return {
    rateLimits: { snapshot: () => states, get: () => undefined, clear: () => undefined },
  };
}

const state = (remaining: number, account?: number): RateLimitState => ({
  family: "campaigns",
  endpointId: "campaigns.list",
  accountId: account === undefined ? undefined : "acct1",
  user: { limit: 10, remaining, resetAt: RESET },
  account: account === undefined ? undefined : { limit: 10, remaining: account, resetAt: RESET },
  cost: undefined,
  retryAfterMs: undefined,
  observedAt: NOW,
});

describe("holding budgets in the embedded mode's books (issue 35)", () => {
  it("refuses past what the book and the other requests' holds leave, and gives back at the end", async () => {
    const user = clientWith([state(4, 3)]);
    const store = createLocalBudgetStore({
      app: clientWith([]),
      forToken: () => user,
      consumerKey: "key",
      clock: () => NOW,
    });
    const budgets = store.forCaller({ accessToken: "t", accessTokenSecret: "s" });
    const userWindow = {
      family: "campaigns",
      accountId: null,
      principal: budgets.principalFor("campaigns"),
    };
    const accountWindow = { ...userWindow, accountId: "acct1" };
    const first = await budgets.hold([
      { window: userWindow, count: 2 },
      { window: accountWindow, count: 2 },
    ]);
    expect(first.ok).toBe(true);
    // Another request of the same user: the first one's hold is not its to spend.
    const other = store.forCaller({ accessToken: "t", accessTokenSecret: "s" });
    expect(await other.hold([{ window: accountWindow, count: 2 }])).toEqual({
      ok: false,
      window: accountWindow,
      remaining: 1,
      resetAt: RESET,
    });
    if (!first.ok) return;
    const held = heldBudget(budgets, first.holds);
    held.credit.take({ family: "campaigns", principal: userWindow.principal, accountId: "acct1" });
    await budgets.release(held.unspent());
    // What was not spent is free again (the book itself counts what was sent).
    expect((await other.read([accountWindow]))[0]?.remaining).toBe(3);
  });

  it("knows no window past its reset", async () => {
    const store = createLocalBudgetStore({
      app: clientWith([]),
      forToken: () => clientWith([state(0)]),
      consumerKey: "key",
      clock: () => RESET + 1,
    });
    const budgets = store.forCaller({ accessToken: "t", accessTokenSecret: "s" });
    const window = {
      family: "campaigns",
      accountId: null,
      principal: budgets.principalFor("campaigns"),
    };
    expect(await budgets.read([window])).toEqual([null]);
  });
});
