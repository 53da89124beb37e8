import { describe, expect, it } from "vitest";
import { percentEncode } from "./percent-encode.js";

describe("percentEncode", () => {
  it("keeps only the unreserved set", () => {
    expect(percentEncode("Ladies + Gentlemen")).toBe("Ladies%20%2B%20Gentlemen");
    expect(percentEncode("An encoded string!*'()")).toBe("An%20encoded%20string%21%2A%27%28%29");
    expect(percentEncode("-._~AZaz09")).toBe("-._~AZaz09");
  });
  it("encodes UTF-8 bytes in upper-case hex", () => {
    expect(percentEncode("☃")).toBe("%E2%98%83");
  });
});
