import { describe, expect, it } from "vitest";
import { generateNonce, isValidNonce, timestampSeconds } from "./nonce.js";

describe("nonce and timestamp", () => {
  it("generates distinct ASCII nonces of at least 32 characters", () => {
    const nonces = new Set(Array.from({ length: 1000 }, generateNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) {
      expect(nonce.length).toBeGreaterThanOrEqual(32);
      expect(isValidNonce(nonce)).toBe(true);
    }
  });

  it("accepts only 1 to 255 printable ASCII characters", () => {
    expect(isValidNonce("wIjqoS")).toBe(true);
    expect(isValidNonce("")).toBe(false);
    expect(isValidNonce("a b")).toBe(false);
    expect(isValidNonce("é")).toBe(false);
    expect(isValidNonce("a".repeat(256))).toBe(false);
  });

  it("uses whole seconds of the injected clock", () => {
    expect(timestampSeconds(() => 137131200999)).toBe(137131200);
  });
});
