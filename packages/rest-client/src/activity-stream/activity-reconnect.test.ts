import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_STREAM_BACKOFF,
  classifyStreamEnd,
  compareEventIds,
  reconnectDelayMs,
} from "./activity-reconnect.js";
import {
  REST_CLIENT_ERROR_CODES,
  RestAbortedError,
  RestApiError,
  RestAuthError,
  RestClientError,
  RestNetworkError,
  RestProtocolError,
  RestRateLimitError,
  RestTimeoutError,
} from "../core/errors.js";

const site = { endpointId: "activity.stream", method: "GET", path: "/2/activity/stream" };
/** An error answer; `remembered`: the retry-after is the client's state, not this answer's. */
const answered = (status: number, retryAfterMs?: number, remembered = false) =>
  new RestApiError(site, {
    status,
    errors: [],
    requestId: undefined,
    retryAfterMs: remembered ? undefined : retryAfterMs,
    rateLimit:
      retryAfterMs === undefined
        ? undefined
        : {
            family: "activity",
            endpointId: "activity.stream",
            accountId: undefined,
            user: undefined,
            account: undefined,
            cost: undefined,
            retryAfterMs,
            observedAt: 1_000,
          },
    attempts: 1,
  });

describe("reconnectDelayMs", () => {
  it("grows by the factor up to the cap, with a random share of jitter", () => {
    const backoff = { initialMs: 100, maxMs: 1_000, factor: 3, jitter: 0.5 };
    expect([1, 2, 3, 4].map((n) => reconnectDelayMs(n, backoff, () => 0))).toEqual([
      100, 300, 900, 1_000,
    ]);
    expect(reconnectDelayMs(2, backoff, () => 1)).toBe(150);
    expect(reconnectDelayMs(1, { ...backoff, jitter: 0 }, () => 0.9)).toBe(100);
  });

  it("stays within [cap × (1 − jitter), cap]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, r) => {
          const delay = reconnectDelayMs(n, DEFAULT_STREAM_BACKOFF, () => r);
          const cap = Math.min(DEFAULT_STREAM_BACKOFF.maxMs, 1_000 * 2 ** (n - 1));
          return delay >= cap / 2 && delay <= cap;
        },
      ),
    );
  });
});

describe("classifyStreamEnd", () => {
  const classify = (error: unknown, stalled = false) => classifyStreamEnd(error, stalled, 5_000);

  it("reconnects after what may change on its own", () => {
    expect(classify(undefined)).toEqual({ retry: true, reason: "ended", minDelayMs: 0 });
    expect(classify(new Error("socket hang up"), true)).toMatchObject({ reason: "stalled" });
    expect(classify(new Error("other side closed"))).toMatchObject({ reason: "network" });
    expect(
      classify(new RestNetworkError(site, "broke", { possiblyApplied: false, attempts: 1 })),
    ).toMatchObject({ reason: "network" });
    expect(
      classify(new RestTimeoutError(site, 30_000, { possiblyApplied: false, attempts: 1 })),
    ).toMatchObject({ reason: "timeout" });
    expect(classify(answered(503))).toEqual({
      retry: true,
      reason: "server_error",
      minDelayMs: 0,
    });
    expect(classify(answered(503, 3_000))).toMatchObject({ minDelayMs: 3_000 });
    // A retry-after remembered from an earlier answer (even of the same millisecond) is not this one's.
    expect(classify(answered(503, 3_000, true))).toMatchObject({ minDelayMs: 0 });
    const limited = new RestRateLimitError(site, {
      resetAt: new Date(65_000),
      waitedMs: 0,
      maxWaitMs: 0,
      sent: true,
      rateLimit: undefined,
    });
    expect(classify(limited)).toEqual({ retry: true, reason: "rate_limited", minDelayMs: 60_000 });
  });

  it("stops on what a retry would repeat, and on abort", () => {
    const auth = new RestAuthError(site, {
      status: 401,
      errors: [],
      requestId: undefined,
      rateLimit: undefined,
      attempts: 1,
    });
    for (const error of [
      auth,
      answered(400),
      answered(403),
      answered(404),
      answered(501),
      new RestProtocolError(site, "streamed a line that is not JSON"),
      new RestClientError(REST_CLIENT_ERROR_CODES.MISSING_CREDENTIALS, "no bearer token"),
    ]) {
      expect(classify(error)).toEqual({ retry: false, aborted: false });
    }
    expect(classify(new RestAbortedError(site))).toEqual({ retry: false, aborted: true });
    expect(classify(new RestAbortedError(site), true)).toEqual({ retry: false, aborted: true });
  });
});

describe("compareEventIds", () => {
  it("orders digit strings by value beyond 2^53", () => {
    expect(compareEventIds("9007199254740993", "9007199254740992")).toBe(1);
    expect(compareEventIds("9007199254740993", "9007199254740993")).toBe(0);
    expect(compareEventIds("99", "100")).toBe(-1);
    expect(compareEventIds("007", "7")).toBe(0);
  });

  it("agrees with ordering by length, then text, for any pair", () => {
    const byText = (a: string, b: string) =>
      a.length !== b.length ? Math.sign(a.length - b.length) : a < b ? -1 : a > b ? 1 : 0;
    const id = fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }).map(String);
    fc.assert(fc.property(id, id, (a, b) => compareEventIds(a, b) === byText(a, b)));
  });
});
