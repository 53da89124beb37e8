import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../config.js";
import { backoffMs, backoffStepMs, shouldRetry } from "./webhook-backoff.js";

const policy = { baseMs: 100, maxMs: 1_000, maxAttempts: 4 };
const MINUTE = 60_000;

describe("webhook delivery backoff", () => {
  it("doubles per attempt, capped, with at most half of each step random", () => {
    expect([1, 2, 3, 4, 5, 9].map((attempt) => backoffMs(attempt, policy, () => 0))).toEqual([
      50, 100, 200, 400, 500, 500,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
  });

  it("never waits less than the wait before, below the cap, whatever the jitter draws", () => {
    for (let attempt = 1; attempt < 4; attempt += 1) {
      // the longest draw of one attempt against the shortest of the next
      expect(backoffMs(attempt + 1, policy, () => 0)).toBeGreaterThanOrEqual(
        backoffMs(attempt, policy, () => 1),
      );
    }
  });

  it("retries until the attempts are spent, then the delivery is dead", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => shouldRetry(attempt, policy))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("spreads the default 10 attempts over 4 to 8.25 hours (docs/rest-service.md's table)", () => {
    const defaults = {
      baseMs: DEFAULT_LIMITS.webhookRetryBaseMs,
      maxMs: DEFAULT_LIMITS.webhookRetryMaxMs,
      maxAttempts: DEFAULT_LIMITS.webhookMaxAttempts,
    };
    const steps = Array.from({ length: defaults.maxAttempts - 1 }, (_, index) =>
      backoffStepMs(index + 1, defaults),
    );
    expect(steps.map((step) => step / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 240]);
    const total = steps.reduce((sum, step) => sum + step, 0);
    expect(total / MINUTE).toBe(495);
    expect(shouldRetry(defaults.maxAttempts, defaults)).toBe(false);
  });
});
