import { describe, expect, it } from "vitest";
import { collect, itemsOf, nextCursorOf, paginate } from "./paging.js";

describe("nextCursorOf", () => {
  it("reads next_cursor; null, absent or empty ends the list", () => {
    expect(nextCursorOf({ next_cursor: "abc" })).toBe("abc");
    expect(nextCursorOf({ next_cursor: null })).toBeNull();
    expect(nextCursorOf({ next_cursor: "" })).toBeNull();
    expect(nextCursorOf({})).toBeNull();
  });
});

describe("paginate", () => {
  it("sends every parameter on every page and with_total_count only without a cursor", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const pages = paginate<number>(
      (params) => {
        sent.push(params);
        const at = typeof params.cursor === "string" ? Number(params.cursor) : 0;
        return Promise.resolve({
          data: [at],
          next_cursor: at < 2 ? String(at + 1) : null,
          total_count: 3,
        });
      },
      { count: 1, sort_by: "name-asc", with_total_count: true },
      "x.list",
    );
    await expect(collect(itemsOf(pages))).resolves.toEqual([0, 1, 2]);
    expect(sent).toEqual([
      { count: 1, sort_by: "name-asc", with_total_count: true },
      { count: 1, sort_by: "name-asc", cursor: "1" },
      { count: 1, sort_by: "name-asc", cursor: "2" },
    ]);
  });

  it("stops fetching when the consumer stops", async () => {
    let calls = 0;
    const pages = paginate<number>(
      () => {
        calls += 1;
        return Promise.resolve({ data: [calls, calls], next_cursor: `c${calls}` });
      },
      {},
      "x.list",
    );
    await expect(collect(itemsOf(pages), { limit: 3 })).resolves.toEqual([1, 1, 2]);
    expect(calls).toBe(2);
    await expect(collect(itemsOf(pages), { limit: 0 })).resolves.toEqual([]);
  });
});
