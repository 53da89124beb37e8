import { describe, expect, it } from "vitest";
import { readBearerAuthorization } from "./bearer-header.js";

describe("readBearerAuthorization", () => {
  it("reads the token of the Bearer scheme and nothing else", () => {
    expect(readBearerAuthorization("Bearer abc-123_x")).toBe("abc-123_x");
    expect(readBearerAuthorization("bearer  abc ")).toBe("abc");
    expect(readBearerAuthorization(undefined)).toBeUndefined();
    expect(readBearerAuthorization("Basic abc")).toBeUndefined();
    expect(readBearerAuthorization('OAuth oauth_token="abc"')).toBeUndefined();
    expect(readBearerAuthorization("Bearer a b")).toBeUndefined();
  });
});

describe("readBearerAuthorization on long input", () => {
  // Linear: the scheme is anchored and spaces and token use disjoint classes.
  it.each([
    ["a long token", `Bearer ${"t".repeat(1_000_000)}`, "t".repeat(1_000_000)],
    [
      "space runs around two words",
      `Bearer ${" ".repeat(500_000)}a${" ".repeat(500_000)}b`,
      undefined,
    ],
    ["a long run of spaces only", `Bearer${" ".repeat(1_000_000)}`, undefined],
  ])("reads %s", (_label, header, expected) => {
    expect(readBearerAuthorization(header)).toBe(expected);
  });
});
