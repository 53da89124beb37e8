import { describe, expect, it } from "vitest";
import { canonicalJson, changedFields, contentHash } from "./content-hash.js";

describe("content hash", () => {
  it("ignores key order at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(contentHash({ a: 1, b: "x" })).toBe(contentHash({ b: "x", a: 1 }));
  });

  it("changes with any value, including long digit-string ids", () => {
    expect(contentHash({ user_id: "1397727542898307072" })).not.toBe(
      contentHash({ user_id: "1397727542898307073" }),
    );
  });

  it("lists the top-level fields that changed", () => {
    expect(
      changedFields({ name: "a", budget: 1, x: [1] }, { name: "b", budget: 1, y: true }),
    ).toEqual(["name", "x", "y"]);
    expect(changedFields(null, { name: "a", id: "1" })).toEqual(["id", "name"]);
  });
});
