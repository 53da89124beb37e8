import { describe, expect, it } from "vitest";
import { BadRequestError } from "../errors.js";
import { CursorCodec, keysetOrderBy, keysetWhere, resolveSort } from "./paging.js";
import type { Sortable } from "./paging.js";

const sortable: Sortable = {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  daily_budget_amount_local_micro: {
    field: "dailyBudgetAmountLocalMicro",
    type: "bigint",
    nullable: true,
  },
};
const codec = new CursorCodec(Buffer.alloc(32, 7));

describe("sort_by", () => {
  it("accepts sortable attributes and refuses others", () => {
    expect(resolveSort("created_at-desc", sortable, "created_at-asc")).toMatchObject({
      attribute: "created_at",
      direction: "desc",
    });
    expect(resolveSort(undefined, sortable, "id-asc").attribute).toBe("id");
    expect(() => resolveSort("salt-asc", sortable, "id-asc")).toThrow(BadRequestError);
  });
});

describe("cursors", () => {
  const sort = resolveSort("created_at-asc", sortable, "id-asc");

  it("round-trip a position and refuse tampering, other lists and other sorts", () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const cursor = codec.encode("campaigns:a1", sort, { value: at, id: "c9" });
    expect(codec.decode(cursor, "campaigns:a1", sort)).toEqual({ value: at, id: "c9" });
    expect(() => codec.decode(`x${cursor.slice(1)}`, "campaigns:a1", sort)).toThrow(/not a cursor/);
    expect(() => codec.decode(cursor, "campaigns:b2", sort)).toThrow(/another list/);
    const other = resolveSort("created_at-desc", sortable, "id-asc");
    expect(() => codec.decode(cursor, "campaigns:a1", other)).toThrow(/sort_by=created_at-asc/);
  });

  it("keep bigints exact", () => {
    const money = resolveSort("daily_budget_amount_local_micro-desc", sortable, "id-asc");
    const cursor = codec.encode("s", money, { value: 9_007_199_254_740_993n, id: "x" });
    expect(codec.decode(cursor, "s", money).value).toBe(9_007_199_254_740_993n);
  });
});

describe("keyset conditions", () => {
  it("order by the attribute then the id, nulls last", () => {
    const money = resolveSort("daily_budget_amount_local_micro-desc", sortable, "id-asc");
    expect(keysetOrderBy(money)).toEqual([
      { dailyBudgetAmountLocalMicro: { sort: "desc", nulls: "last" } },
      { id: "desc" },
    ]);
    expect(keysetWhere(money, { value: 5n, id: "k" })).toEqual({
      OR: [
        { dailyBudgetAmountLocalMicro: { lt: 5n } },
        { dailyBudgetAmountLocalMicro: 5n, id: { lt: "k" } },
        { dailyBudgetAmountLocalMicro: null },
      ],
    });
    expect(keysetWhere(money, { value: null, id: "k" })).toEqual({
      dailyBudgetAmountLocalMicro: null,
      id: { lt: "k" },
    });
  });
});
