import { describe, expect, it } from "vitest";
import { backoffMs, shouldRetry } from "./webhook-backoff.js";

const policy = { baseMs: 100, maxMs: 1_000, maxAttempts: 4 };

describe("webhook delivery backoff", () => {
  it("doubles per attempt, capped, with at most half of each step random", () => {
    expect([1, 2, 3, 4, 5, 9].map((attempt) => backoffMs(attempt, policy, () => 0))).toEqual([
      50, 100, 200, 400, 500, 500,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
  });

  it("retries until the attempts are spent", () => {
    expect([1, 2, 3, 4].map((attempt) => shouldRetry(attempt, policy))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
