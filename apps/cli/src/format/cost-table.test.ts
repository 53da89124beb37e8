import { describe, expect, it } from "vitest";
import { answerCost } from "../facade/answer-cost.js";
import { boundsText, costTable, durationText } from "./cost-table.js";

const NOW = Date.parse("2026-11-29T21:10:48.000Z");

/** extensions.cost as design-35 documents it: one user window, one account window. */
const RUN = {
  cost: {
    mode: "run",
    planned: { lower: 2, upper: 7, exact: false },
    actual: 2,
    windows: [
      {
        family: "campaigns",
        accountId: null,
        planned: { lower: 1, upper: 1 },
        actual: 1,
        budget: { limit: 10000, before: 9999, after: 9998, resetAt: "2026-11-29T21:15:00.000Z" },
      },
      {
        family: "line_items",
        accountId: "dmo1ab",
        planned: { lower: 1, upper: 6 },
        actual: 1,
        budget: null,
      },
    ],
    withTotalCount: { planned: { lower: 1, upper: 1 }, actual: 1 },
    unplanned: [],
    waitedMs: 0,
  },
};

function table(extensions: unknown, now = NOW): string {
  const cost = answerCost(extensions);
  if (cost === undefined) throw new Error("no cost read");
  return costTable(cost, now);
}

describe("costTable", () => {
  it("prints a row per window: planned, sent, budget before → after, the reset and how far off", () => {
    expect(table(RUN)).toBe(
      [
        "cost: planned 2–7 requests, sent 2",
        "FAMILY            WINDOW  PLANNED  SENT  BUDGET                RESETS",
        "campaigns         user    1        1     9999 → 9998 of 10000  2026-11-29T21:15:00.000Z (in 4m 12s)",
        "line_items        dmo1ab  1–6      1     unknown",
        "with_total_count          1        1",
        "",
      ].join("\n"),
    );
  });

  it("says what happened: a plan only, a refusal, a wait; and which fields have no bound", () => {
    const explain = {
      cost: {
        ...RUN.cost,
        mode: "explain",
        actual: 0,
        planned: { lower: 3, upper: null, exact: false },
        windows: [],
        withTotalCount: { planned: { lower: 0, upper: 0 }, actual: 0 },
        unplanned: ["Campaign.somethingNew"],
      },
    };
    expect(table(explain)).toBe(
      "plan: 3+ requests (explain: nothing sent)\nnot planned (no upper bound): Campaign.somethingNew\n",
    );
    const refused = { cost: { ...RUN.cost, mode: "refused", actual: 0 } };
    expect(table(refused).split("\n")[0]).toBe(
      "cost: refused before any request (planned 2–7 requests)",
    );
    const waited = { cost: { ...RUN.cost, mode: "waited", waitedMs: 252_000 } };
    expect(table(waited).split("\n")[0]).toBe(
      "cost: waited 4m 12s for a reset; planned 2–7 requests, sent 2",
    );
  });

  it("says a reset has passed rather than counting down below zero", () => {
    expect(table(RUN)).toContain("(in 4m 12s)");
    const later = table(RUN, Date.parse("2026-11-29T21:20:00.000Z"));
    expect(later).toContain("2026-11-29T21:15:00.000Z (passed)");
  });
});

describe("answerCost", () => {
  it("is nothing for an answer without extensions.cost, or one it cannot read", () => {
    expect(answerCost(undefined)).toBeUndefined();
    expect(answerCost({ upstream: { requests: 1 } })).toBeUndefined();
    expect(
      answerCost({ cost: { mode: "sideways", planned: { lower: 0, upper: 0 } } }),
    ).toBeUndefined();
  });

  it("leaves out a window it cannot read and keeps the rest", () => {
    const cost = answerCost({
      cost: { ...RUN.cost, windows: [{ family: 7 }, ...RUN.cost.windows] },
    });
    expect(cost?.windows.map((w) => w.family)).toEqual(["campaigns", "line_items"]);
  });
});

describe("boundsText and durationText", () => {
  it("reads as exact, between, or open", () => {
    expect(boundsText({ lower: 3, upper: 3 })).toBe("3");
    expect(boundsText({ lower: 1, upper: 7 })).toBe("1–7");
    expect(boundsText({ lower: 2, upper: null })).toBe("2+");
    expect(durationText(400)).toBe("1s");
    expect(durationText(3_725_000)).toBe("1h 2m");
  });
});
