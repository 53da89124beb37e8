import { describe, expect, it } from "vitest";
import {
  createRateLimitBook,
  parseRateLimitHeaders,
  parseRetryAfter,
  waitAfterLimitMs,
  waitBeforeSendMs,
} from "./rate-limit.js";

const headers = (values: Record<string, string>) => new Headers(values);
const NOW = 1_700_000_000_000;

describe("parseRateLimitHeaders", () => {
  it("reads user, account and cost windows by their exact names, reset in ms without rounding", () => {
    const observed = parseRateLimitHeaders(
      headers({
        "x-rate-limit-limit": "100",
        "x-rate-limit-remaining": "3",
        "x-rate-limit-reset": "1700000123",
        "X-Account-Rate-Limit-Remaining": "0",
        "x-account-rate-limit-reset": "1700000060.5",
        "x-cost-rate-limit-limit": "10",
      }),
      NOW,
    );
    expect(observed?.user).toEqual({ limit: 100, remaining: 3, resetAt: 1_700_000_123_000 });
    expect(observed?.account).toEqual({
      limit: undefined,
      remaining: 0,
      resetAt: 1_700_000_060_500,
    });
    expect(observed?.cost).toEqual({ limit: 10, remaining: undefined, resetAt: undefined });
  });

  it("does not confuse a similarly named header for a rate-limit one", () => {
    // A prefix-stripping client would read "rate-limit-remaining" from this.
    expect(
      parseRateLimitHeaders(
        headers({ "rate-limit-remaining": "0", "x-ratelimit-remaining": "0" }),
        NOW,
      ),
    ).toBeUndefined();
  });

  it("parses retry-after as seconds or an HTTP date", () => {
    expect(parseRetryAfter("7", NOW)).toBe(7000);
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
  });
});

describe("waits", () => {
  const observed = (values: Record<string, string>) => parseRateLimitHeaders(headers(values), NOW);

  it("after a 429: the account reset wins, then the user reset, then retry-after", () => {
    const both = observed({
      "x-rate-limit-reset": "1700000900",
      "x-account-rate-limit-reset": "1700000030",
    });
    expect(waitAfterLimitMs(both, NOW, 1000)).toBe(31_000);
    expect(waitAfterLimitMs(observed({ "x-rate-limit-reset": "1700000010" }), NOW, 0)).toBe(10_000);
    expect(waitAfterLimitMs(observed({ "retry-after": "3" }), NOW, 0)).toBe(3000);
    expect(waitAfterLimitMs(undefined, NOW, 0)).toBeUndefined();
  });

  it("after a 429: the reset of the window the answer says is spent, the account's first", () => {
    const userSpent = observed({
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": "1700000900",
      "x-account-rate-limit-remaining": "40",
      "x-account-rate-limit-reset": "1700000030",
    });
    expect(waitAfterLimitMs(userSpent, NOW, 1000)).toBe(901_000);
    const bothSpent = observed({
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": "1700000900",
      "x-account-rate-limit-remaining": "0",
      "x-account-rate-limit-reset": "1700000030",
    });
    expect(waitAfterLimitMs(bothSpent, NOW, 0)).toBe(30_000);
  });

  it("before sending: only when the governing budget is known to be zero and the reset ahead", () => {
    const zero = observed({ "x-rate-limit-remaining": "0", "x-rate-limit-reset": "1700000010" });
    expect(waitBeforeSendMs(zero, NOW, 0)).toBe(10_000);
    expect(waitBeforeSendMs(zero, NOW + 20_000, 0)).toBe(0);
    const accountLeft = observed({
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": "1700000010",
      "x-account-rate-limit-remaining": "5",
    });
    expect(waitBeforeSendMs(accountLeft, NOW, 0)).toBe(0);
  });
});

describe("rate-limit book", () => {
  it("keeps the latest state per endpoint and account and counts sends against it", () => {
    const book = createRateLimitBook();
    const observed = parseRateLimitHeaders(
      headers({
        "x-account-rate-limit-remaining": "2",
        "x-account-rate-limit-reset": "1700000100",
      }),
      NOW,
    );
    if (observed === undefined) throw new Error("no headers read");
    book.record("campaigns.list", "a1", observed);
    book.reserve("campaigns.list", "a1", NOW);
    book.reserve("campaigns.list", "a1", NOW);
    book.reserve("campaigns.list", "a1", NOW);
    expect(book.get("campaigns.list", "a1")?.account?.remaining).toBe(0);
    expect(book.get("campaigns.list", "a2")).toBeUndefined();
    // A later answer without account headers (a write) keeps the known account window.
    book.record("campaigns.list", "a1", { ...observed, account: undefined, observedAt: NOW + 1 });
    expect(book.get("campaigns.list", "a1")?.account).toEqual({
      limit: undefined,
      remaining: 0,
      resetAt: 1_700_000_100_000,
    });
    expect(book.snapshot()).toHaveLength(1);
  });
});
