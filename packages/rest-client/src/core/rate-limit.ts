import { getEndpoint, isEndpointId } from "@adsgraph/models";

/** Reads headers by exact name (HTTP names are case-insensitive; nothing is stripped or rewritten). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** One rate-limit window as the last answer reported it. `resetAt` is epoch milliseconds. */
export interface RateLimitWindow {
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  readonly resetAt: number | undefined;
}

/** The latest known rate-limit state of one endpoint family and account. */
export interface RateLimitState {
  /** The family the state belongs to (the catalog entry's `family`). */
  readonly family: string;
  /** The endpoint whose answer reported it last. */
  readonly endpointId: string;
  readonly accountId: string | undefined;
  /** `x-rate-limit-*`: per user token. */
  readonly user: RateLimitWindow | undefined;
  /** `x-account-rate-limit-*`: per ad account; wins over `user` when present. */
  readonly account: RateLimitWindow | undefined;
  /** `x-cost-rate-limit-*`: cost-based limits (analytics). Reported, not enforced. */
  readonly cost: RateLimitWindow | undefined;
  /** From `retry-after` (503 and 429), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** When the answer carrying these headers arrived (epoch ms). */
  readonly observedAt: number;
}

export type RateLimitObservation = Omit<RateLimitState, "family" | "endpointId" | "accountId">;

/** Each window's three header names, built once (HTTP/undici deliver names in lower case). */
function windowHeaders(prefix: string) {
  return { limit: `${prefix}limit`, remaining: `${prefix}remaining`, reset: `${prefix}reset` };
}
const HEADERS = {
  user: windowHeaders("x-rate-limit-"),
  account: windowHeaders("x-account-rate-limit-"),
  cost: windowHeaders("x-cost-rate-limit-"),
} as const;

function numberHeader(headers: HeaderReader, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null) return undefined;
  const trimmed = raw.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

function readWindow(
  headers: HeaderReader,
  names: ReturnType<typeof windowHeaders>,
): RateLimitWindow | undefined {
  const limit = numberHeader(headers, names.limit);
  const remaining = numberHeader(headers, names.remaining);
  const resetSeconds = numberHeader(headers, names.reset);
  if (limit === undefined && remaining === undefined && resetSeconds === undefined)
    return undefined;
  // Epoch seconds → ms, kept exact (one SDK lost precision here by integer division).
  return {
    limit,
    remaining,
    resetAt: resetSeconds === undefined ? undefined : resetSeconds * 1000,
  };
}

/** `retry-after`: delay-seconds or an HTTP date (RFC 9110 §10.2.3), as milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Reads every rate-limit header of an answer; undefined when it carries none. */
export function parseRateLimitHeaders(
  headers: HeaderReader,
  now: number,
): RateLimitObservation | undefined {
  const user = readWindow(headers, HEADERS.user);
  const account = readWindow(headers, HEADERS.account);
  const cost = readWindow(headers, HEADERS.cost);
  const retryAfterMs = parseRetryAfter(headers.get("retry-after"), now);
  if (!user && !account && !cost && retryAfterMs === undefined) return undefined;
  return { user, account, cost, retryAfterMs, observedAt: now };
}

/** The window that governs sending: the account's when present (field notes), else the user's. */
export function governingWindow(state: RateLimitObservation): RateLimitWindow | undefined {
  return state.account ?? state.user;
}

/**
 * How long to wait before sending so as not to draw a 429: the time to the reset when the
 * governing window's remaining budget is known to be zero and the reset is still ahead.
 */
export function waitBeforeSendMs(
  state: RateLimitObservation | undefined,
  now: number,
  padMs: number,
): number {
  if (state === undefined) return 0;
  const window = governingWindow(state);
  if (window?.remaining !== 0 || window.resetAt === undefined) return 0;
  return window.resetAt > now ? window.resetAt - now + padMs : 0;
}

/**
 * How long to wait after a 429 (or a 503 with retry-after): until the reset of the window the
 * answer says is spent (remaining 0; the account's first), else the account reset, else the
 * user reset, else retry-after; undefined when none is known. A 429 of the user window on an
 * account's GET still carries the account window, whose earlier reset would draw another 429.
 */
export function waitAfterLimitMs(
  observed: RateLimitObservation | undefined,
  now: number,
  padMs: number,
): number | undefined {
  if (observed === undefined) return undefined;
  const { account, user } = observed;
  const spent = [account, user].find(
    (window) => window?.remaining === 0 && window.resetAt !== undefined,
  );
  const resetAt = spent?.resetAt ?? account?.resetAt ?? user?.resetAt;
  if (resetAt !== undefined) return Math.max(0, resetAt - now) + padMs;
  return observed.retryAfterMs;
}

/** When the governing window resets, as a Date. */
export function resetDate(state: RateLimitObservation | undefined): Date | undefined {
  const resetAt = state === undefined ? undefined : governingWindow(state)?.resetAt;
  return resetAt === undefined ? undefined : new Date(resetAt);
}

/**
 * The rate-limit family of an endpoint, from its catalog entry (`campaigns.list` and
 * `campaigns.get` share `campaigns`, as apps/ads-api counts them). An id the catalog does not
 * know is a family of its own, with no state.
 */
function familyOf(endpointId: string): string {
  return isEndpointId(endpointId) ? getEndpoint(endpointId).family : endpointId;
}

/** Latest state per endpoint family and account (`client.rateLimits`). */
export interface RateLimitStore {
  /** The latest state of an endpoint's family for an account, or for no account. */
  get(endpointId: string, accountId?: string): RateLimitState | undefined;
  /** Every state known, newest first. */
  snapshot(): RateLimitState[];
  clear(): void;
}

/** The store plus what the request path needs; only `RateLimitStore` is public. */
export interface RateLimitBook extends RateLimitStore {
  record(
    endpointId: string,
    accountId: string | undefined,
    observed: RateLimitObservation,
  ): RateLimitState;
  /** Counts a request being sent against the known budget (so concurrent calls do not overshoot). */
  reserve(endpointId: string, accountId: string | undefined, now: number): void;
}

function decrement(window: RateLimitWindow | undefined, now: number): RateLimitWindow | undefined {
  if (window?.remaining === undefined || window.resetAt === undefined || window.resetAt <= now) {
    return window;
  }
  return { ...window, remaining: Math.max(0, window.remaining - 1) };
}

export function createRateLimitBook(): RateLimitBook {
  const states = new Map<string, RateLimitState>();
  const keyOf = (endpointId: string, accountId: string | undefined) =>
    `${familyOf(endpointId)}\u0000${accountId ?? ""}`;
  return {
    get: (endpointId, accountId) => states.get(keyOf(endpointId, accountId)),
    snapshot: () => [...states.values()].sort((a, b) => b.observedAt - a.observedAt),
    clear: () => {
      states.clear();
    },
    record(endpointId, accountId, observed) {
      const previous = states.get(keyOf(endpointId, accountId));
      // An answer without account headers (e.g. a write) keeps what a GET told us about the account.
      const state: RateLimitState = {
        family: familyOf(endpointId),
        endpointId,
        accountId,
        ...observed,
        account: observed.account ?? previous?.account,
      };
      states.set(keyOf(endpointId, accountId), state);
      return state;
    },
    reserve(endpointId, accountId, now) {
      const key = keyOf(endpointId, accountId);
      const state = states.get(key);
      if (state === undefined) return;
      states.set(key, {
        ...state,
        user: decrement(state.user, now),
        account: decrement(state.account, now),
      });
    },
  };
}
