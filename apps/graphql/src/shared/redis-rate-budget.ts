import type {
  RateLimitAnswer,
  RateLimitBudget,
  RateLimitBudgetKey,
  RateLimitWindow,
} from "@adsgraph/rest-client";
import type { SharedRedis } from "@adsgraph/storage";
import { recordScript, reserveScript } from "./rate-budget-scripts.js";

export interface RedisRateBudgetOptions {
  readonly redis: SharedRedis;
  /** Told each failed Redis call; the client then decides by its own book (`fellBack`). */
  readonly onFallback: (error: unknown) => void;
  /** Added to every wait for a reset: resets are whole seconds and clocks differ (default 1000). */
  readonly padMs?: number;
  /** How long a probe holds a window nobody knows yet before another may probe (default 5000). */
  readonly probeMs?: number;
  /** How often the others ask again while a probe or a restarted window awaits its answer (25). */
  readonly pollMs?: number;
  /** A restarted window whose answers never tell its reset is forgotten after this (60 s). */
  readonly stallMs?: number;
  /** How long a window is kept after its reset, so the next one restarts at its limit (15 min). */
  readonly keepMs?: number;
  /** How long an answer without rate headers marks its window unlimited (default 60 s). */
  readonly unlimitedMs?: number;
  /** Epoch ms; resets are absolute, so every replica compares them with its own clock. */
  readonly clock?: () => number;
}

/** The hash of a user window (per principal digest and family), as RESERVE keeps it. */
export function userWindowKey(principal: string, family: string): string {
  return `rate:user:${principal}:${family}`;
}

/** The hash of an account window (per account and family, shared by its users). */
export function accountWindowKey(accountId: string, family: string): string {
  return `rate:account:${accountId}:${family}`;
}

/**
 * Keys of a request's windows with their probe locks: the user window per principal and
 * family (the principal is already a digest: no credential in any key), the account window
 * per account and family, shared by every user of the account.
 */
function keysOf(key: RateLimitBudgetKey): string[] {
  const user = userWindowKey(key.principal, key.family);
  const keys = [user, `${user}:probe`];
  if (key.accountId !== undefined) {
    const account = accountWindowKey(key.accountId, key.family);
    keys.push(account, `${account}:probe`);
  }
  return keys;
}

function windowArgs(window: RateLimitWindow | undefined): Array<string | number> {
  if (window === undefined) return [0, "", "", ""];
  const reset = window.resetAt === undefined ? "" : Math.ceil(window.resetAt);
  return [1, window.limit ?? "", window.remaining ?? "", reset];
}

/**
 * The upstream rate limits as every replica spends them (issue 19): each request is counted in
 * Redis before it is sent (rate-budget-scripts.ts), so N replicas together stay within the
 * windows the upstream grants one token and one account. While Redis fails, each client
 * falls back to its own book (and `onFallback` is told); no request fails because of Redis.
 */
export function createRedisRateBudget(options: RedisRateBudgetOptions): RateLimitBudget {
  const { redis, onFallback } = options;
  const clock = options.clock ?? Date.now;
  const padMs = options.padMs ?? 1000;
  const settings = {
    probeMs: options.probeMs ?? 5000,
    pollMs: options.pollMs ?? 25,
    stallMs: options.stallMs ?? 60_000,
    keepMs: options.keepMs ?? 15 * 60_000,
    unlimitedMs: options.unlimitedMs ?? 60_000,
  };
  const failed = (error: unknown): never => {
    onFallback(error);
    throw error;
  };
  return {
    async reserve(key) {
      const { probeMs, pollMs, stallMs } = settings;
      const wait = await reserveScript
        .run(redis.client, keysOf(key), [clock(), padMs, probeMs, pollMs, stallMs])
        .catch(failed);
      return Number(wait);
    },
    async record(key, answer: RateLimitAnswer) {
      const { observed, status } = answer;
      const args = [
        ...[clock(), padMs, settings.keepMs, settings.unlimitedMs, status],
        ...windowArgs(observed?.user),
        ...(key.accountId === undefined ? [] : windowArgs(observed?.account)),
      ];
      await recordScript.run(redis.client, keysOf(key), args).catch(failed);
    },
  };
}
