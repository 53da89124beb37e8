import { describe, expect, it } from "vitest";
import { hmacBase64url } from "../crypto/tokens.js";
import { BadRequestError } from "../errors.js";
import { CursorCodec, keysetOrderBy, keysetWhere, resolveSort } from "./keyset-paging.js";
import type { Sortable } from "./keyset-paging.js";

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

  it("names only the resource's own attributes: never Object.prototype's members", () => {
    for (const sortBy of [
      "__proto__-asc",
      "constructor-desc",
      "toString-asc",
      "hasOwnProperty-asc",
    ]) {
      expect(() => resolveSort(sortBy, sortable, "id-asc")).toThrow(/attribute one of id,/);
    }
    for (const sortBy of ["-asc", "id", "id-", "id-up", "id-ASC", ""]) {
      expect(() => resolveSort(sortBy, sortable, "id-asc")).toThrow(BadRequestError);
    }
  });

  it("reads a long adversarial sort_by in one pass", () => {
    // With a backtracking pattern this input costs minutes; a scan answers at once.
    expect(() => resolveSort(`${"a-".repeat(100_000)}x`, sortable, "id-asc")).toThrow(
      BadRequestError,
    );
    expect(() => resolveSort(`${"-".repeat(200_000)}asc`, sortable, "id-asc")).toThrow(
      BadRequestError,
    );
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

  it("refuse a tagged payload that is not one (an old key or version): 400, never a crash", () => {
    const key = Buffer.alloc(32, 7);
    const forge = (text: string) => {
      const body = Buffer.from(text, "utf8").toString("base64url");
      return `${body}${hmacBase64url(key, body).slice(0, 22)}`;
    };
    for (const text of [
      "not json",
      "null",
      "[]",
      '{"k":"s"}',
      '{"k":"s","s":"created_at-asc","v":{},"i":"x"}',
    ]) {
      expect(() => codec.decode(forge(text), "s", sort)).toThrow(/cursor is not a cursor/);
    }
    const badDate = forge('{"k":"s","s":"created_at-asc","v":"yesterday","i":"x"}');
    expect(() => codec.decode(badDate, "s", sort)).toThrow(BadRequestError);
    expect(() => codec.decode("short", "s", sort)).toThrow(BadRequestError);
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
