import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { documentNestingExceeds } from "./document-nesting.js";

const selections = (levels: number) => `${"{a".repeat(levels)}${"}".repeat(levels)}`;
const lists = (levels: number) => `{ f(a: ${"[".repeat(levels)}${"]".repeat(levels)}) }`;

describe("documentNestingExceeds", () => {
  it("counts selection sets, argument lists and list and object values", () => {
    expect(documentNestingExceeds("{ health }", 1)).toBe(false);
    expect(documentNestingExceeds("{ a(x: 1) }", 1)).toBe(true);
    expect(documentNestingExceeds("{ a(x: { y: [1] }) }", 4)).toBe(false);
    expect(documentNestingExceeds("{ a(x: { y: [1] }) }", 3)).toBe(true);
    expect(documentNestingExceeds(selections(64), 64)).toBe(false);
    expect(documentNestingExceeds(selections(65), 64)).toBe(true);
    // One level for the selection set and one for the arguments around the list.
    expect(documentNestingExceeds(lists(62), 64)).toBe(false);
    expect(documentNestingExceeds(lists(63), 64)).toBe(true);
  });

  it("does not count brackets in strings, block strings and comments", () => {
    const document = [
      '{ a(x: "[[[{{{(((", y: "\\"[[[", z: """ [[[ \\""" {{{ """) # [[[[{{{{',
      "  b # ((((",
      "}",
    ].join("\n");
    expect(() => parse(document)).not.toThrow();
    expect(documentNestingExceeds(document, 2)).toBe(false);
  });

  it("reads 10,000 levels in one pass where graphql-js' parser overflows", () => {
    for (const document of [selections(10_000), lists(10_000)]) {
      expect(documentNestingExceeds(document, 64)).toBe(true);
      expect(() => parse(document)).toThrow(RangeError);
    }
  });
});
