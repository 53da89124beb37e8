import { describe, expect, it } from "vitest";
import { connectionOfAll, pagingFor, toConnection } from "./connections.js";

const page = (items: string[], nextCursor: string | null) => ({
  items,
  nextCursor,
  totalCount: undefined,
  envelope: undefined,
});

describe("connections over forward-only upstream cursors", () => {
  it("maps first/after to count/cursor and checks the list's count limit", () => {
    expect(pagingFor({}, 1000)).toEqual({ count: 50, cursor: undefined, skip: 0, after: null });
    expect(pagingFor({ first: 7, after: "up1" }, 1000)).toEqual({
      count: 7,
      cursor: "up1",
      skip: 0,
      after: "up1",
    });
    expect(() => pagingFor({ first: 201 }, 200)).toThrow(
      "first must be between 1 and 200 (got 201).",
    );
    expect(() => pagingFor({ first: 0 }, 200)).toThrow(/between 1 and 200/);
  });

  it("builds pageInfo by hand: endCursor is the upstream cursor, hasNextPage follows it", () => {
    const connection = toConnection(
      page(["a", "b", "c"], "up2"),
      pagingFor({ first: 3, after: "up1" }, 1000),
    );
    expect(connection.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: true,
      startCursor: connection.edges[0]?.cursor,
      endCursor: "up2",
    });
    expect(connection.edges.map((e) => e.node)).toEqual(["a", "b", "c"]);
    expect(connection.edges[2]?.cursor).toBe("up2");
    const last = toConnection(page(["z"], null), pagingFor({ first: 3 }, 1000));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it("resumes after an edge in the middle of a page from its page cursor", () => {
    const first = toConnection(
      page(["a", "b", "c"], "up2"),
      pagingFor({ first: 3, after: "up1" }, 1000),
    );
    const resumed = pagingFor({ first: 3, after: first.edges[0]?.cursor }, 1000);
    expect(resumed).toMatchObject({ cursor: "up1", skip: 1, count: 4 });
    const again = toConnection(page(["a", "b", "c", "d"], "up3"), resumed);
    expect(again.edges.map((e) => e.node)).toEqual(["b", "c", "d"]);
    expect(() => pagingFor({ after: "ec1.garbage" }, 1000)).toThrow(/not a cursor/);
  });

  it("hands out the same edge cursors when they are built only as they are read", async () => {
    const encoded = (value: unknown) =>
      `ec1.${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    const connection = toConnection(
      page(["a", "b", "c"], "up2"),
      pagingFor({ first: 3, after: "up1" }, 1000),
    );
    expect(connection.edges.map((e) => e.cursor)).toEqual([
      encoded(["up1", 1]),
      encoded(["up1", 2]),
      "up2",
    ]);
    expect(connection.pageInfo.startCursor).toBe(encoded(["up1", 1]));
    const whole = await connectionOfAll({ first: 2, after: encoded([null, 1]) }, 100, () =>
      Promise.resolve(["a", "b", "c", "d"]),
    );
    expect(whole.edges.map((e) => [e.cursor, e.node])).toEqual([
      [encoded([null, 2]), "b"],
      [encoded([null, 3]), "c"],
    ]);
    expect(whole.pageInfo.endCursor).toBe(encoded([null, 3]));
  });
});

describe("connections over a list read whole", () => {
  const items = ["a", "b", "c", "d", "e"];
  const all = (args: { first?: number; after?: string | null }) =>
    connectionOfAll(args, 1000, () => Promise.resolve(items));

  it("pages by edge cursors and counts without a request", async () => {
    const first = await all({ first: 2 });
    expect(first.edges.map((e) => e.node)).toEqual(["a", "b"]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.totalCount).toBe(5);
    const next = await all({ first: 2, after: first.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node)).toEqual(["c", "d"]);
    const fromMiddle = await all({ first: 9, after: first.edges[0]?.cursor ?? null });
    expect(fromMiddle.edges.map((e) => e.node)).toEqual(["b", "c", "d", "e"]);
    expect(fromMiddle.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const past = await all({ after: fromMiddle.pageInfo.endCursor });
    expect(past.edges).toEqual([]);
    expect(past.pageInfo).toMatchObject({ hasNextPage: false, endCursor: null });
  });

  it("pages backward with last/before, and both ways from any edge", async () => {
    const both = (args: { first?: number; after?: string; last?: number; before?: string }) =>
      connectionOfAll(args, 1000, () => Promise.resolve(items));
    const tail = await both({ last: 2 });
    expect(tail.edges.map((e) => e.node)).toEqual(["d", "e"]);
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await both({ last: 2, before: tail.pageInfo.startCursor ?? "" });
    expect(before.edges.map((e) => e.node)).toEqual(["b", "c"]);
    const start = await both({ last: 9, before: before.pageInfo.startCursor ?? "" });
    expect(start.edges.map((e) => e.node)).toEqual(["a"]);
    expect(start.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const between = await both({
      after: start.pageInfo.endCursor ?? "",
      before: tail.pageInfo.startCursor ?? "",
    });
    expect(between.edges.map((e) => e.node)).toEqual(["b", "c"]);
    await expect(both({ last: 0 })).rejects.toThrow(/last must be between 1 and 1000/);
    await expect(both({ before: "up1" })).rejects.toThrow(/before is not a cursor/);
  });

  it("refuses an upstream cursor and a first beyond the count limit before reading", async () => {
    let reads = 0;
    const counted = (args: { first?: number; after?: string }) =>
      connectionOfAll(args, 1000, () => {
        reads += 1;
        return Promise.resolve(items);
      });
    await expect(counted({ after: "up1" })).rejects.toThrow(/not a cursor/);
    await expect(counted({ first: 1001 })).rejects.toThrow(/between 1 and 1000/);
    expect(reads).toBe(0);
  });
});
