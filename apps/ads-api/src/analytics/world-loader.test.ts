import { describe, expect, it } from "vitest";
import { mergeReach, reachSpans, spansFromHistory } from "./world-loader.js";

// Issue 36: the world loader rebuilds what was in effect when, from the current row and the
// history entries (each entry's old values undo it), so the simulation sees the past.

const T0 = Date.parse("2026-11-01T00:00:00Z");
const HOUR = 3_600_000;

interface State {
  readonly status: string;
  readonly bid: number | null;
}
const undo = (
  state: State,
  changes: Readonly<Record<string, { readonly old_value?: unknown } | undefined>>,
): State => ({
  status:
    typeof changes.entity_status?.old_value === "string"
      ? changes.entity_status.old_value
      : state.status,
  bid: Object.hasOwn(changes, "bid") ? (changes.bid?.old_value as number | null) : state.bid,
});
const entry = (changeType: string, at: number, changes: Record<string, [unknown, unknown]>) => ({
  changeType,
  changedAt: new Date(at),
  changes: Object.fromEntries(
    Object.entries(changes).map(([field, [old, next]]) => [
      field,
      { old_value: old, new_value: next },
    ]),
  ),
});

describe("spansFromHistory", () => {
  it("walks the current state back through each change: one span per change, the first at creation", () => {
    const spans = spansFromHistory(
      T0,
      { status: "PAUSED", bid: 3 },
      [
        entry("CREATE", T0, { entity_status: [null, "ACTIVE"], bid: [null, 1] }),
        entry("UPDATE", T0 + 2 * HOUR, { bid: [1, 3] }),
        entry("UPDATE", T0 + 5 * HOUR, { entity_status: ["ACTIVE", "PAUSED"] }),
      ],
      undo,
    );
    expect(spans).toEqual([
      { from: T0, state: { status: "ACTIVE", bid: 1 } },
      { from: T0 + 2 * HOUR, state: { status: "ACTIVE", bid: 3 } },
      { from: T0 + 5 * HOUR, state: { status: "PAUSED", bid: 3 } },
    ]);
  });

  it("gives a row written without history one span from its creation", () => {
    expect(spansFromHistory(T0, { status: "ACTIVE", bid: null }, [], undo)).toEqual([
      { from: T0, state: { status: "ACTIVE", bid: null } },
    ]);
  });

  it("keeps the later of two changes at one instant", () => {
    const spans = spansFromHistory(
      T0,
      { status: "ACTIVE", bid: null },
      [
        entry("UPDATE", T0 + HOUR, { entity_status: ["ACTIVE", "PAUSED"] }),
        entry("UPDATE", T0 + HOUR, { entity_status: ["PAUSED", "ACTIVE"] }),
      ],
      undo,
    );
    expect(spans.map((span) => [span.from, span.state.status])).toEqual([
      [T0, "ACTIVE"],
      [T0 + HOUR, "ACTIVE"],
    ]);
  });
});

describe("reachSpans", () => {
  const criterion = (value: string, from: number, deletedAt?: number) => ({
    lineItemId: "l1",
    targetingType: "LOCATION",
    targetingValue: value,
    operatorType: "EQ",
    createdAt: new Date(from),
    updatedAt: new Date(deletedAt ?? from),
    deleted: deletedAt !== undefined,
  });

  it("starts a span at each criterion added or deleted, never rewriting an earlier one", () => {
    const before = reachSpans(T0, [criterion("US", T0 + HOUR)]);
    const after = reachSpans(T0, [
      criterion("US", T0 + HOUR, T0 + 4 * HOUR),
      criterion("GB", T0 + 4 * HOUR),
    ]);
    expect(before.map((span) => span.from)).toEqual([T0, T0 + HOUR]);
    expect(after.map((span) => span.from)).toEqual([T0, T0 + HOUR, T0 + 4 * HOUR]);
    // The spans before the change are the same: closed hours keep their reach.
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[2]?.state).not.toBe(before[1]?.state);
    // Everyone before any criterion: the whole reachable population.
    expect(before[0]?.state).toBeGreaterThan(before[1]?.state ?? 0);
  });

  it("merges with the line item's spans: a span at every instant either changes", () => {
    const merged = mergeReach(
      [
        {
          from: T0,
          state: {
            entityStatus: "ACTIVE",
            deleted: false,
            bidMicro: 1,
            bidStrategy: "MAX",
            payBy: null,
            totalBudgetMicro: null,
          },
        },
      ],
      [
        { from: T0, state: 100 },
        { from: T0 + HOUR, state: 50 },
      ],
    );
    expect(merged.map((span) => [span.from, span.state.reach, span.state.bidMicro])).toEqual([
      [T0, 100, 1],
      [T0 + HOUR, 50, 1],
    ]);
  });
});
