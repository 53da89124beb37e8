import { createSigningKey } from "@adsgraph/oauth";
import { describe, expect, it } from "vitest";
import type { KnownCredential } from "./known-credentials.js";
import { KnownCredentials } from "./known-credentials.js";

const known = (consumerKey: string, token: string): KnownCredential =>
  ({
    consumerKey,
    token,
    tokenHash: `hash of ${token}`,
    consumerSecret: "c",
    tokenSecret: "t",
    signingKey: createSigningKey("c", "t"),
    fingerprint: "f",
  }) as unknown as KnownCredential;

describe("KnownCredentials", () => {
  it("finds an entry by its consumer key and token only, however the two split", () => {
    const entries = new KnownCredentials();
    entries.remember(known("ab", "c"));
    expect(entries.get("ab", "c")?.token).toBe("c");
    expect(entries.get("a", "bc")).toBeUndefined();
    expect(entries.get("abc", "")).toBeUndefined();
    entries.forget("a", "bc");
    expect(entries.size).toBe(1);
    entries.forget("ab", "c");
    expect(entries.get("ab", "c")).toBeUndefined();
  });

  it("starts afresh when full", () => {
    const entries = new KnownCredentials(2);
    entries.remember(known("k", "1"));
    entries.remember(known("k", "2"));
    entries.remember(known("k", "3"));
    expect([entries.size, entries.get("k", "3")?.token]).toEqual([1, "3"]);
  });
});
