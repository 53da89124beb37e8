import { describe, expect, it } from "vitest";
import { backoffMs, DEFAULT_RETRY_POLICY, shouldRetry } from "./retry.js";

describe("shouldRetry", () => {
  it("retries GETs on network errors, timeouts and 5xx, within maxRetries", () => {
    expect(shouldRetry({ kind: "network", sent: true }, 1, "GET").retry).toBe(true);
    expect(shouldRetry({ kind: "timeout" }, 1, "GET").retry).toBe(true);
    expect(shouldRetry({ kind: "response", status: 503 }, 1, "GET").retry).toBe(true);
    expect(
      shouldRetry({ kind: "response", status: 500 }, DEFAULT_RETRY_POLICY.maxRetries + 1, "GET"),
    ).toEqual({
      retry: false,
      reason: "gave up after 4 attempts (retry.maxRetries)",
    });
  });

  it("never retries a write that may have reached the server", () => {
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      expect(shouldRetry({ kind: "network", sent: true }, 1, method).retry).toBe(false);
      expect(shouldRetry({ kind: "timeout" }, 1, method).retry).toBe(false);
      expect(shouldRetry({ kind: "response", status: 502 }, 1, method).retry).toBe(false);
    }
  });

  it("retries anything that never left the client, and every 429", () => {
    expect(shouldRetry({ kind: "network", sent: false }, 1, "POST").retry).toBe(true);
    expect(shouldRetry({ kind: "response", status: 429 }, 99, "POST").retry).toBe(true);
  });

  it("does not retry 4xx or permanent 5xx", () => {
    expect(shouldRetry({ kind: "response", status: 400 }, 1, "GET").retry).toBe(false);
    expect(shouldRetry({ kind: "response", status: 404 }, 1, "GET").retry).toBe(false);
    expect(shouldRetry({ kind: "response", status: 501 }, 1, "GET").retry).toBe(false);
  });
});

describe("backoffMs", () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };

  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffMs(n, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it("jitters within the upper half, so never zero", () => {
    expect(backoffMs(3, policy, () => 0)).toBe(200);
    expect(backoffMs(3, policy, () => 0.5)).toBe(300);
  });
});
