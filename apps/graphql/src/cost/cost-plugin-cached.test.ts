import { describe, expect, it } from "vitest";
import type { CallerBudgets, KnownBudget } from "./budget-store.js";
import { prepareCachedCost } from "./cost-plugin-cached.js";

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
    const cached = prepareCachedCost(body);
    const answer = JSON.parse(
      (await cached.present?.(budgets, (account) => account !== "a1"))?.toString() ?? "null",
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

  it("is the caller's own at each hit: budgets read anew, the rest spliced unchanged", async () => {
    const cached = prepareCachedCost(Buffer.from(JSON.stringify(stored)));
    let remaining = 40;
    const changing: typeof budgets = {
      principalFor: () => "user:x",
      read: (refs) => Promise.resolve(refs.map(() => ({ ...budget, remaining }))),
    };
    interface Shown {
      data: unknown;
      extensions: { cost: { windows: Array<{ budget: { after: number } | null }> } };
    }
    const shown = async () =>
      JSON.parse((await cached.present?.(changing, () => true))?.toString() ?? "null") as Shown;
    const first = await shown();
    remaining = 39;
    const second = await shown();
    expect(first.extensions.cost.windows.map((w) => w.budget?.after)).toEqual([40, 40]);
    expect(second.extensions.cost.windows.map((w) => w.budget?.after)).toEqual([39, 39]);
    expect({ ...second, extensions: { ...second.extensions, cost: null } }).toEqual({
      ...first,
      extensions: { ...first.extensions, cost: null },
    });
  });

  it("keeps a cost without windows fixed (nothing to redo at a hit)", () => {
    const none = { ...stored.extensions.cost, windows: [] };
    const cached = prepareCachedCost(
      Buffer.from(JSON.stringify({ ...stored, extensions: { ...stored.extensions, cost: none } })),
    );
    expect(cached.present).toBeUndefined();
    const answer = JSON.parse(cached.body.toString()) as typeof stored;
    expect(answer.extensions.cost).toEqual({
      ...none,
      actual: 0,
      waitedMs: 0,
      withTotalCount: { ...none.withTotalCount, actual: 0 },
    });
    expect(answer.data).toEqual(stored.data);
  });

  it("leaves a body without a cost at its end as it was", () => {
    const body = Buffer.from(JSON.stringify({ data: { x: 1 }, extensions: {} }));
    expect(prepareCachedCost(body)).toEqual({ body });
  });
});
