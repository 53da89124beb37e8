import { createHash } from "node:crypto";
import fc from "fast-check";
import { AUDIENCE_IDENTIFIER_KINDS } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import {
  hashAudienceUsers,
  hashIdentifier,
  normalizeIdentifier,
  sha256Hex,
} from "./audience-hashing.js";

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

// Property-based checks (fast-check): the rules above hold for generated values, not only for
// the examples, and the known digests pin the hash itself.
const pad = fc.constantFrom("", " ", "\t", "  ", "\n ", " \r\n");
const local = fc.stringMatching(/^[a-z0-9][a-z0-9._%+-]{0,20}$/);
const domain = fc.stringMatching(/^[a-z0-9-]{1,12}\.[a-z]{2,6}$/);
/** The (ASCII) text with the case of some letters flipped, chosen by `mask`'s bits. */
const recase = (text: string, mask: number) =>
  text.replace(/[a-z]/gi, (c, i: number) =>
    (mask >>> (i % 31)) & 1 ? c.toUpperCase() : c.toLowerCase(),
  );
const anyText = fc.string({ maxLength: 40 });
const anyKind = fc.constantFrom(...AUDIENCE_IDENTIFIER_KINDS);

describe("hashing properties", () => {
  it("matches known SHA-256 vectors (FIPS 180-2 'abc', the empty string, an e-mail)", () => {
    expect(sha256Hex("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hashIdentifier("email", " Test@Example.COM ")).toBe(
      "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b",
    );
    expect(hashIdentifier("phone_number", "+1 (415) 555-2671")).toBe(
      "758fbf68945f21c416814c539ab578876c8d98fb69e6da692def92cd52417fe0",
    );
    expect(hashIdentifier("user_id", "143567")).toBe(
      "617b8747525a154b1ecf75a42d883df00e0dd6d0f981bea57ac7bdce73e57eae",
    );
  });

  it("normalisation is idempotent for every kind", () => {
    fc.assert(
      fc.property(anyKind, anyText, (kind, raw) => {
        const once = normalizeIdentifier(kind, raw);
        if (once !== undefined) expect(normalizeIdentifier(kind, once)).toBe(once);
      }),
    );
    // Phones written nationally: the normalised form is international and stays as it is.
    fc.assert(
      fc.property(fc.stringMatching(/^0[1-9]\d{6,9}$/), (national) => {
        const once = normalizeIdentifier("phone_number", national, { defaultCountryCode: "44" });
        expect(once).toBe(`44${national.slice(1)}`);
        expect(normalizeIdentifier("phone_number", once ?? "")).toBe(once);
      }),
    );
  });

  it("case and whitespace variants of an e-mail, handle or device id hash equal", () => {
    fc.assert(
      fc.property(local, domain, pad, pad, fc.integer(), (user, host, before, after, mask) => {
        const email = `${user}@${host}`;
        const variant = `${before}${recase(email, mask)}${after}`;
        expect(hashIdentifier("email", variant)).toBe(sha256Hex(email));
      }),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9_]{1,15}$/),
        pad,
        fc.boolean(),
        fc.integer(),
        (h, p, at, mask) => {
          expect(hashIdentifier("handle", `${p}${at ? "@" : ""}${recase(h, mask)}${p}`)).toBe(
            sha256Hex(h),
          );
        },
      ),
    );
    fc.assert(
      fc.property(fc.uuid(), pad, fc.integer(), (id, p, mask) => {
        expect(hashIdentifier("device_id", `${p}${recase(id, mask)}${p}`)).toBe(sha256Hex(id));
      }),
    );
  });

  it("phone numbers written with separators, + or 00 hash as their digits", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9]\d{7,14}$/),
        fc.constantFrom("+", "00", "+ "),
        fc.constantFrom(" ", "-", ".", ""),
        (digits, prefix, separator) => {
          const written = `${prefix}${digits.slice(0, 3)}${separator}${digits.slice(3)}`;
          expect(hashIdentifier("phone_number", written)).toBe(sha256Hex(digits));
        },
      ),
    );
  });

  it("a hashed kind answers a lower-case hex digest or nothing, never the clear text", () => {
    fc.assert(
      fc.property(anyKind, anyText, (kind, raw) => {
        const out = hashIdentifier(kind, raw);
        if (out === undefined || kind === "partner_user_id") return;
        expect(out).toMatch(/^[0-9a-f]{64}$/);
        expect(out).not.toBe(normalizeIdentifier(kind, raw));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(local, domain), { maxLength: 8 }), anyText, (pairs, junk) => {
        const emails = pairs.map(([user, host]) => `${user}@${host}`);
        const result = hashAudienceUsers([{ email: emails }, { email: `${junk}@@` }]);
        const shown = JSON.stringify(result);
        for (const email of emails) expect(shown).not.toContain(email);
        expect(result.rejected.every((r) => !JSON.stringify(r).includes("@@"))).toBe(true);
      }),
    );
  });
});
