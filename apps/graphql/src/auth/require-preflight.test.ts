import { describe, expect, it } from "vitest";
import { couldBeCrossSite } from "./require-preflight.js";

describe("couldBeCrossSite", () => {
  it("is true for what a page of another site can send without a preflight", () => {
    for (const headers of [
      {},
      { "content-type": "text/plain" },
      { "content-type": "Text/Plain; charset=UTF-8" },
      { "content-type": " application/x-www-form-urlencoded " },
      { "content-type": "multipart/form-data; boundary=x" },
      { "content-type": "text/plain", "apollo-require-preflight": "" },
    ]) {
      expect(couldBeCrossSite(headers)).toBe(true);
    }
  });

  it("is false with a content type a form cannot send, or a preflight header", () => {
    for (const headers of [
      { "content-type": "application/json" },
      { "content-type": "application/json; charset=utf-8" },
      { "apollo-require-preflight": "true" },
      { "content-type": "text/plain", "x-apollo-operation-name": "SignOut" },
    ]) {
      expect(couldBeCrossSite(headers)).toBe(false);
    }
  });

  it("reads a content type of any length in one pass", () => {
    // No regular expression: a 200,000-character header costs one indexOf and one compare.
    expect(couldBeCrossSite({ "content-type": `${" ".repeat(200_000)}text/plain;` })).toBe(true);
  });
});
