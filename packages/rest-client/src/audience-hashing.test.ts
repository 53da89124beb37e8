import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashAudienceUsers, hashIdentifier, normalizeIdentifier } from "./audience-hashing.js";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("normalizeIdentifier", () => {
  it("e-mail: trimmed and lower-cased", () => {
    expect(normalizeIdentifier("email", "  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
    expect(normalizeIdentifier("email", "not an email")).toBeUndefined();
  });

  it("phone: digits with the country code", () => {
    expect(normalizeIdentifier("phone_number", "+1 (415) 555-2671")).toBe("14155552671");
    expect(normalizeIdentifier("phone_number", "0044 20 7946 0958")).toBe("442079460958");
    expect(normalizeIdentifier("phone_number", "020 7946 0958", { defaultCountryCode: "44" })).toBe(
      "442079460958",
    );
    expect(normalizeIdentifier("phone_number", "12")).toBeUndefined();
  });

  it("device ids, handles and user ids", () => {
    expect(normalizeIdentifier("device_id", " 4B61639E-47CC-4056-A16A-C8217E029462 ")).toBe(
      "4b61639e-47cc-4056-a16a-c8217e029462",
    );
    expect(normalizeIdentifier("handle", " @AdsAPI ")).toBe("adsapi");
    expect(normalizeIdentifier("user_id", "00143567")).toBe("143567");
    expect(normalizeIdentifier("user_id", "12a")).toBeUndefined();
  });
});

describe("hashing", () => {
  it("hashes with SHA-256 in lower-case hex (the vendor's documented example)", () => {
    expect(hashIdentifier("handle", "@AdsAPI")).toBe(
      "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d",
    );
  });

  it("never hashes partner_user_id", () => {
    expect(hashIdentifier("partner_user_id", " crm-42 ")).toBe("crm-42");
  });

  it("hashes users, de-duplicates values and reports unusable ones by position", () => {
    const result = hashAudienceUsers([
      { email: ["A@x.com", "a@x.com "], partner_user_id: "p1" },
      { email: "broken" },
      { phone_number: "+44 20 7946 0958", handle: "@@bad" },
    ]);
    expect(result.users).toEqual([
      { email: [sha("a@x.com")], partner_user_id: ["p1"] },
      { phone_number: [sha("442079460958")] },
    ]);
    expect(result.indexes).toEqual([0, 2]);
    expect(result.rejected).toEqual([
      { index: 1, kind: "email", position: 0, reason: "not a usable email" },
      { index: 2, kind: "handle", position: 0, reason: "not a usable handle" },
    ]);
  });
});
