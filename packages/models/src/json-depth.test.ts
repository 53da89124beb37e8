import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "./json-depth.js";

const lists = (levels: number): unknown => JSON.parse("[".repeat(levels) + "]".repeat(levels));
const objects = (levels: number): unknown =>
  JSON.parse('{"a":'.repeat(levels) + "1" + "}".repeat(levels));

describe("jsonDepthExceeds", () => {
  it("counts levels of arrays and objects, not scalars", () => {
    expect(jsonDepthExceeds("text", 0)).toBe(false);
    expect(jsonDepthExceeds(null, 0)).toBe(false);
    expect(jsonDepthExceeds([], 0)).toBe(true);
    expect(jsonDepthExceeds([], 1)).toBe(false);
    expect(jsonDepthExceeds({ a: [1, { b: "x" }] }, 3)).toBe(false);
    expect(jsonDepthExceeds({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it("answers at the limit exactly, for lists and objects alike", () => {
    for (const build of [lists, objects]) {
      expect(jsonDepthExceeds(build(64), 64)).toBe(false);
      expect(jsonDepthExceeds(build(65), 64)).toBe(true);
    }
  });

  it("finds a deep branch beside wide ones", () => {
    const wide = Array.from({ length: 10_000 }, (_, index) => ({ index }));
    expect(jsonDepthExceeds([wide, lists(70), wide], 64)).toBe(true);
    expect(jsonDepthExceeds([wide, lists(60), wide], 64)).toBe(false);
  });

  it("walks 100,000 levels without overflowing the call stack", () => {
    // JSON.parse itself is iterative in V8: the value exists, only recursive walks overflow.
    expect(jsonDepthExceeds(lists(100_000), 64)).toBe(true);
    expect(jsonDepthExceeds(objects(100_000), 64)).toBe(true);
    expect(() => JSON.stringify(lists(100_000))).toThrow(RangeError);
  });
});
