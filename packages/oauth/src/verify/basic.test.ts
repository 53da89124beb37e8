import { describe, expect, it } from "vitest";
import { OAuthVerificationError } from "../errors.js";
import {
  buildBasicAuthorization,
  parseBasicAuthorization,
  verifyBasicAuthorization,
} from "./basic.js";

const lookup = (key: string) => (key === "key with space+plus" ? "s3cr3t/=:é*" : undefined);

describe("Basic credentials for /oauth2/token", () => {
  it("form-encodes key and secret before base64 (RFC 1738 style)", () => {
    const header = buildBasicAuthorization("a b", "x:y*");
    const decoded = Buffer.from(header.slice("Basic ".length), "base64").toString("utf8");
    expect(decoded).toBe("a+b:x%3Ay%2A");
  });

  it("round-trips through parse", () => {
    expect(
      parseBasicAuthorization(buildBasicAuthorization("key with space+plus", "s3cr3t/=:é*")),
    ).toEqual({
      consumerKey: "key with space+plus",
      consumerSecret: "s3cr3t/=:é*",
    });
  });

  it("verifies against the stored secret", async () => {
    const good = buildBasicAuthorization("key with space+plus", "s3cr3t/=:é*");
    await expect(verifyBasicAuthorization(good, lookup)).resolves.toBe("key with space+plus");
    const wrong = buildBasicAuthorization("key with space+plus", "s3cr3t");
    await expect(verifyBasicAuthorization(wrong, lookup)).rejects.toMatchObject({
      reason: "bad_credentials",
    });
    const unknown = buildBasicAuthorization("other", "s3cr3t/=:é*");
    await expect(verifyBasicAuthorization(unknown, lookup)).rejects.toMatchObject({
      reason: "unknown_consumer",
    });
  });

  it.each([
    ["no header", undefined],
    ["another scheme", "Bearer abc"],
    ["no colon", `Basic ${Buffer.from("abc").toString("base64")}`],
    ["junk base64", "Basic ab$cd"],
    ["non-canonical base64", "Basic YWJj=ZGVm"],
    ["bad escape", `Basic ${Buffer.from("a:%ZZ").toString("base64")}`],
  ])("refuses %s as malformed", (_label, header) => {
    expect(() => parseBasicAuthorization(header)).toThrow(OAuthVerificationError);
  });
});

describe("parseBasicAuthorization on long input", () => {
  // Linear: anchored, with disjoint classes for blanks, base64 and padding.
  it.each([
    ["base64 then junk", `Basic ${"A".repeat(1_000_000)}$`],
    ["base64, blanks, base64", `Basic ${"A".repeat(500_000)}${" ".repeat(500_000)}A`],
    ["padding then more", `Basic ${"A".repeat(4)}${"=".repeat(1_000_000)}`],
  ])("refuses %s", (_label, header) => {
    expect(() => parseBasicAuthorization(header)).toThrow(OAuthVerificationError);
  });
});
