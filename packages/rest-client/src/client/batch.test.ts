import { describe, expect, it } from "vitest";
import {
  mergeByIndex,
  reindexParameter,
  splitOperations,
  usersBatchCounts,
  usersIn,
} from "./batch.js";

const op = (users: number, tag = "u") => ({
  operation_type: "Update",
  params: {
    users: Array.from({ length: users }, (_, i) => ({ email: [`${tag}${i}`.padEnd(64, "0")] })),
  },
});

describe("splitOperations", () => {
  it("splits by operation count, keeping order and caller indexes", () => {
    const chunks = splitOperations(
      Array.from({ length: 23 }, (_, i) => i),
      { operations: 10 },
    );
    expect(chunks.map((c) => c.indexes)).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      [20, 21, 22],
    ]);
  });

  it("splits by JSON body bytes, each chunk within the limit", () => {
    const operations = Array.from({ length: 10 }, () => op(3));
    const size = JSON.stringify([operations[0]]).length;
    const chunks = splitOperations(operations, { bytes: size * 3 });
    for (const c of chunks)
      expect(JSON.stringify(c.operations).length).toBeLessThanOrEqual(size * 3);
    expect(chunks.flatMap((c) => c.indexes)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("cuts one oversized users operation into parts that keep its index", () => {
    const big = op(40);
    const limit = JSON.stringify([op(10)]).length;
    const chunks = splitOperations([op(1, "a"), big], { bytes: limit });
    const parts = chunks.flatMap((c) => c.operations.map((o, i) => ({ o, index: c.indexes[i] })));
    expect(parts.filter((p) => p.index === 1).reduce((n, p) => n + usersIn([p.o]), 0)).toBe(40);
    for (const c of chunks) expect(JSON.stringify(c.operations).length).toBeLessThanOrEqual(limit);
  });
});

describe("users batch answers", () => {
  it("sums counts of one object or an array", () => {
    expect(usersBatchCounts({ data: { success_count: 2, total_count: 3 } })).toEqual({
      successCount: 2,
      totalCount: 3,
    });
    expect(
      usersBatchCounts({
        data: [
          { success_count: 2, total_count: 2 },
          { success_count: 1, total_count: 1 },
        ],
      }),
    ).toEqual({
      successCount: 3,
      totalCount: 3,
    });
    expect(usersBatchCounts({})).toEqual({ successCount: undefined, totalCount: undefined });
  });
});

describe("index mapping", () => {
  it("re-keys violation paths and merges errors of split operations", () => {
    expect(reindexParameter("operations[2].params.name", [10, 11, 12])).toBe(
      "operations[12].params.name",
    );
    expect(reindexParameter("account_id", [10])).toBe("account_id");
    expect(
      mergeByIndex([
        { index: 4, errors: [{ code: 1, message: "a" }] },
        { index: 1, errors: [{ code: 2, message: "b" }] },
        { index: 4, errors: [{ code: 3, message: "c" }] },
      ]).map((e) => [e.index, e.errors.length]),
    ).toEqual([
      [1, 1],
      [4, 2],
    ]);
  });
});
