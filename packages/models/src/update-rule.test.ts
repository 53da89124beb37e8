import { describe, expect, it } from "vitest";
import { changedFields, readOnlyConflicts, sameOnWire, splitReadOnly } from "./update-rule.js";

describe("sameOnWire: a value as a client sent it against the stored one", () => {
  it.each([
    ["True", true],
    ["false", false],
    [false, false],
    ["12000", 12_000],
    [12_000, 12_000],
    ["PAUSED_BY_ADVERTISER,INCOMPLETE", ["PAUSED_BY_ADVERTISER", "INCOMPLETE"]],
    [
      ["a", "b"],
      ["a", "b"],
    ],
    ["", []],
    ["", null],
    [null, undefined],
    ["2026-01-02T03:04:05Z", "2026-01-02T03:04:05Z"],
    ["2026-01-02T03:04:05.000Z", "2026-01-02T03:04:05Z"],
    ["2026-01-02T04:04:05+01:00", "2026-01-02T03:04:05Z"],
    [{ a: 1, b: null }, { a: 1 }],
  ] as const)("%j is %j", (given, stored) => {
    expect(sameOnWire(given, stored)).toBe(true);
  });

  it.each([
    ["yes", true],
    ["1", true],
    ["12001", 12_000],
    ["12e3", 12_000],
    ["a", ["a", "b"]],
    ["b,a", ["a", "b"]],
    ["x", null],
    ["2026-01-02T03:04:06Z", "2026-01-02T03:04:05Z"],
    ["active", "ACTIVE"],
    [{ a: 2 }, { a: 1 }],
  ] as const)("%j is not %j", (given, stored) => {
    expect(sameOnWire(given, stored)).toBe(false);
  });
});

describe("the update rule's parts", () => {
  const stored = { id: "c1", name: "A", currency: "USD", standard_delivery: true };

  it("names each read-only field sent with another value, its stored value, and cuts long ones", () => {
    expect(readOnlyConflicts({ id: "c1", currency: "USD" }, stored)).toEqual([]);
    const [conflict, ...rest] = readOnlyConflicts({ id: "x".repeat(500) }, stored, [
      "operations",
      0,
      "params",
    ]);
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({
      code: "READ_ONLY_PARAMETER",
      parameter: "operations[0].params.id",
    });
    expect(conflict?.message).toContain('stored value "c1"');
    expect(conflict?.message.length).toBeLessThan(200);
  });

  it("keeps only real changes, and splits read-only fields off", () => {
    expect(changedFields({ name: "A", standard_delivery: "true" }, stored)).toEqual({});
    expect(changedFields({ name: "B", standard_delivery: false }, stored)).toEqual({
      name: "B",
      standard_delivery: false,
    });
    expect(splitReadOnly(["id"], { id: "c1", name: "B" })).toEqual({
      readOnly: { id: "c1" },
      rest: { name: "B" },
    });
  });
});
