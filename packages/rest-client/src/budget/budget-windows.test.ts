import { describe, expect, it } from "vitest";
import { createRateLimitBook } from "../core/rate-limit.js";
import type { RateLimitObservation } from "../core/rate-limit.js";
import { createBudgetBook } from "./budget-windows.js";

const NOW = Date.UTC(2026, 10, 29, 21, 0, 0);
const observed = (parts: Partial<RateLimitObservation>): RateLimitObservation => ({
  user: undefined,
  account: undefined,
  cost: undefined,
  retryAfterMs: undefined,
  observedAt: NOW,
  ...parts,
});

describe("the budget book", () => {
  it("reads the tighter window of an account's GET, with requests in flight taken off", () => {
    let now = NOW;
    const store = createRateLimitBook();
    const budget = createBudgetBook(store, () => now);
    expect(budget.window("campaigns.list", "acc1")).toBeUndefined();
    store.record(
      "campaigns.list",
      "acc1",
      observed({
        user: { limit: 300, remaining: 200, resetAt: NOW + 60_000 },
        account: { limit: 100, remaining: 5, resetAt: NOW + 30_000 },
      }),
    );
    store.reserve("campaigns.get", "acc1", now); // one request sent, not answered yet
    expect(budget.window("campaigns.get", "acc1")).toEqual({
      family: "campaigns",
      scope: "account",
      accountId: "acc1",
      endpointId: null,
      limit: 100,
      remaining: 4,
      resetAt: NOW + 30_000,
      observedAt: NOW,
    });
    // The token's window, whatever account told it; a write spends no account window.
    expect(budget.window("campaigns.create", "acc2")).toMatchObject({
      scope: "user",
      remaining: 199,
    });
    expect(budget.window("campaigns")).toMatchObject({ scope: "user", remaining: 199 });
    // Past the reset the whole limit is back and the next reset is not known yet.
    now = NOW + 30_000;
    expect(budget.window("campaigns.get", "acc1")).toMatchObject({
      scope: "account",
      remaining: 100,
      resetAt: undefined,
    });
    expect(budget.windows().map((w) => [w.scope, w.family, w.accountId, w.remaining])).toEqual([
      ["account", "campaigns", "acc1", 100],
      ["user", "campaigns", null, 199],
    ]);
  });

  it("keeps a users batch's per-minute window apart from its family's account window", () => {
    const store = createRateLimitBook();
    const budget = createBudgetBook(store, () => NOW);
    store.record(
      "custom_audiences.users.batch",
      "acc1",
      observed({ account: { limit: 1500, remaining: 7, resetAt: NOW + 20_000 } }),
    );
    expect(budget.window("custom_audiences.users.batch", "acc1")).toMatchObject({
      endpointId: "custom_audiences.users.batch",
      limit: 1500,
      remaining: 7,
    });
    // Not the family's 15-minute window, nor the other users batch's.
    expect(budget.window("custom_audiences.list", "acc1")).toBeUndefined();
    expect(budget.window("do_not_reach_lists.users.batch", "acc1")).toBeUndefined();
    store.record(
      "custom_audiences.list",
      "acc1",
      observed({ account: { limit: 2000, remaining: 1999, resetAt: NOW + 900_000 } }),
    );
    expect(budget.window("custom_audiences.users.batch", "acc1")).toBeUndefined();
    expect(budget.window("custom_audiences.list", "acc1")).toMatchObject({ remaining: 1999 });
  });
});
