import { LIMITS } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { createRateLimitBook } from "../core/rate-limit.js";
import type { RateLimitWindow } from "../core/rate-limit.js";
import { createBudgetBook } from "./budget-windows.js";
import { planCalls } from "./call-plan.js";
import type { PlanStep } from "./call-plan.js";

const NOW = Date.UTC(2026, 10, 29, 21, 0, 0);
const window = (limit: number, remaining: number, resetInMs: number): RateLimitWindow => ({
  limit,
  remaining,
  resetAt: NOW + resetInMs,
});
const accounts = Array.from({ length: 40 }, (_, i) => `acc${i}`);

function bookWith(
  ...answers: Array<
    [string, string | undefined, { user?: RateLimitWindow; account?: RateLimitWindow }]
  >
) {
  const book = createRateLimitBook();
  for (const [endpointId, accountId, windows] of answers) {
    book.record(endpointId, accountId, {
      user: windows.user,
      account: windows.account,
      cost: undefined,
      retryAfterMs: undefined,
      observedAt: NOW - 1000,
    });
  }
  return createBudgetBook(book, () => NOW);
}

const plan = (steps: PlanStep[], book = bookWith()) => planCalls(steps, book, NOW);

describe("planCalls", () => {
  it("pages 40 accounts' campaigns exactly from known counts: ceil(items / 200) pages, at least 1", () => {
    const knownItems = Object.fromEntries(accounts.map((id, i) => [id, i * 50])); // 0 … 1,950 items: 1 + Σ ceil(i / 4) = 211 pages
    const result = plan([{ page: "campaigns.list", accountIds: accounts, knownItems }]);
    const expected = accounts.map((_, i) => Math.max(1, Math.ceil((i * 50) / 200)));
    const total = expected.reduce((a, b) => a + b, 0);
    expect(total).toBe(211);
    expect(result.requests).toEqual({ lower: 211, upper: 211 });
    const user = result.windows.find((w) => w.scope === "user");
    expect(user).toMatchObject({
      family: "campaigns",
      accountId: null,
      planned: { lower: 211, upper: 211 },
    });
    expect(result.windows.filter((w) => w.scope === "account")).toHaveLength(40);
    expect(result.windows.find((w) => w.accountId === "acc9")?.planned).toEqual({
      lower: 3,
      upper: 3,
    });
    // Nothing known yet: no verdict.
    expect(result.fits).toBeUndefined();
    expect(user).toMatchObject({ remaining: undefined, fits: undefined, waitMs: undefined });
  });

  it("bounds paging without counts: 1 per account, unbounded or from maxItems / pages", () => {
    expect(plan([{ page: "campaigns.list", accountIds: accounts }]).requests).toEqual({
      lower: 40,
      upper: null,
    });
    expect(
      plan([{ page: "campaigns.list", accountIds: accounts, maxItems: 1000, count: 300 }]).requests,
    ).toEqual({ lower: 40, upper: 160 });
    expect(plan([{ page: "campaigns.list", accountIds: accounts, pages: 2 }]).requests).toEqual({
      lower: 40,
      upper: 80,
    });
    expect(
      plan([{ page: "campaigns.list", accountIds: ["a"], knownItems: 5000, pages: 3 }]).requests,
    ).toEqual({ lower: 3, upper: 3 });
  });

  it("looks ids up in chunks of the client's own id-batching size", () => {
    const result = plan([{ lookup: "campaigns.list", accountId: "acc1", ids: 401 }]);
    const chunks = Math.ceil(401 / LIMITS.idsPerList);
    expect(chunks).toBe(3);
    expect(result.requests).toEqual({ lower: chunks, upper: chunks });
    // Duplicate ids are sent once, as getMany does.
    const ids = [...Array.from({ length: 200 }, (_, i) => `c${i}`), "c0", "c1"];
    expect(plan([{ lookup: "campaigns.list", accountId: "acc1", ids }]).requests.upper).toBe(1);
  });

  it("judges against the known windows: fits, refused until the reset, or never in one window", () => {
    const book = bookWith([
      "campaigns.list",
      "acc1",
      { user: window(300, 250, 60_000), account: window(100, 2, 30_000) },
    ]);
    const fitting = plan([{ call: "campaigns.get", accountId: "acc1", times: 2 }], book);
    expect(fitting.windows.map((w) => [w.scope, w.remaining, w.fits, w.waitMs])).toEqual([
      ["account", 2, true, 0],
      ["user", 250, true, 0],
    ]);
    expect(fitting.fits).toBe(true);

    const waiting = plan([{ call: "campaigns.get", accountId: "acc1", times: 3 }], book);
    expect(waiting.windows[0]).toMatchObject({
      fits: false,
      waitMs: 30_000,
      resetAt: NOW + 30_000,
    });
    expect(waiting).toMatchObject({ fits: false, waitMs: 30_000 });

    const tooMany = plan([{ call: "campaigns.get", accountId: "acc1", times: 101 }], book);
    expect(tooMany.windows[0]?.waitMs).toBeNull();
    expect(tooMany.waitMs).toBeNull();

    // The lower bound fits, the upper does not: the answer depends on sizes nobody knows.
    const maybe = plan([{ page: "campaigns.list", accountIds: ["acc1"], pages: 5 }], book);
    expect(maybe.windows[0]).toMatchObject({
      planned: { lower: 1, upper: 5 },
      fits: undefined,
      waitMs: 30_000,
    });
  });

  it("plans a users batch in its own per-endpoint account window, apart from the family's", () => {
    const book = bookWith([
      "custom_audiences.list",
      "acc1",
      { account: window(2000, 1999, 600_000) },
    ]);
    const result = plan(
      [{ call: "custom_audiences.users.batch", accountId: "acc1", times: 4 }],
      book,
    );
    expect(result.windows).toEqual([
      expect.objectContaining({
        family: "custom_audiences",
        scope: "account",
        endpointId: "custom_audiences.users.batch",
        planned: { lower: 4, upper: 4 },
        remaining: undefined,
      }),
    ]);
  });

  it("refuses steps it cannot plan with a clear error", () => {
    expect(() => plan([{ page: "campaigns.get" as never }])).toThrow(/not a paged list/);
    expect(() => plan([{ page: "campaigns.list" }])).toThrow(/campaigns.list needs an account id/);
    expect(() => plan([{ call: "nope.nothing" as never }])).toThrow(/no endpoint "nope.nothing"/);
    expect(() => plan([{ page: "campaigns.list", accountIds: ["a"], count: 5000 }])).toThrow(
      /count must be at most 1000/,
    );
    expect(() => plan([{ call: "campaigns.get", accountId: "a", times: -1 }])).toThrow(
      /times must be an integer ≥ 0/,
    );
  });
});
