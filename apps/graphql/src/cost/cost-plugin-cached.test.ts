import { describe, expect, it } from "vitest";
import type { CallerBudgets, KnownBudget } from "./budget-store.js";
import { presentCachedCost } from "./cost-plugin-cached.js";

const RESET_AT = 1_900_000_000_000;
const budget: KnownBudget = { limit: 100, remaining: 40, resetAt: RESET_AT };
const budgets: Pick<CallerBudgets, "principalFor" | "read"> = {
  principalFor: () => "user:x",
  read: (refs) => Promise.resolve(refs.map(() => budget)),
};

const stored = {
  data: { account: { name: 'has "cost": inside' } },
  extensions: {
    upstream: { requests: 2 },
    cost: {
      mode: "run",
      planned: { lower: 2, upper: 2, exact: true },
      actual: 2,
      windows: [
        {
          family: "accounts",
          accountId: null,
          planned: { lower: 1, upper: 1 },
          actual: 1,
          budget: null,
        },
        {
          family: "campaigns",
          accountId: "a1",
          planned: { lower: 1, upper: 1 },
          actual: 1,
          budget: null,
        },
      ],
      withTotalCount: { planned: { lower: 0, upper: 0 }, actual: 0 },
      unplanned: [],
      waitedMs: 5,
    },
  },
};

describe("a cached answer's cost", () => {
  it("shows nothing sent and the caller's budgets now, an account's only to who sees it", async () => {
    const body = Buffer.from(JSON.stringify(stored));
    const answer = JSON.parse(
      (await presentCachedCost(body, budgets, (account) => account !== "a1")).toString(),
    ) as typeof stored;
    expect(answer.data).toEqual(stored.data);
    expect(answer.extensions.upstream).toEqual({ requests: 2 });
    const { cost } = answer.extensions;
    expect(cost.actual).toBe(0);
    expect(cost.waitedMs).toBe(0);
    expect(cost.windows.map((window) => [window.actual, window.budget])).toEqual([
      [0, { limit: 100, before: 40, after: 40, resetAt: new Date(RESET_AT).toISOString() }],
      [0, null],
    ]);
  });

  it("leaves a body without a cost at its end as it was", async () => {
    const body = Buffer.from(JSON.stringify({ data: { x: 1 }, extensions: {} }));
    expect(await presentCachedCost(body, budgets, () => true)).toBe(body);
  });
});
