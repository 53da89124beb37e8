import type { SharedRedis } from "@adsgraph/storage";
import { holdScript, releaseScript } from "../shared/rate-budget-scripts.js";
import { accountWindowKey, userWindowKey } from "../shared/redis-rate-budget.js";
import type { RateLimitStore } from "@adsgraph/rest-client";
import {
  accountsIn,
  principalsOf,
  type CallerToken,
  type BudgetStore,
  type CallerBudgets,
  type KnownBudget,
  type WindowRef,
} from "./budget-store.js";

export interface RedisBudgetOptions {
  readonly redis: SharedRedis;
  /** As the rate budget's (redis-rate-budget.ts): a restarted window's life until told. */
  readonly stallMs?: number;
  /** The book of this replica's client for a token: the accounts it has been told of. */
  readonly bookOf?: (caller: CallerToken) => RateLimitStore;
  /** The facade's consumer key (FACADE_CONSUMER_KEY): part of every user principal. */
  readonly consumerKey: string;
  readonly clock?: () => number;
}

function keyOf(window: WindowRef): string {
  return window.accountId === null
    ? userWindowKey(window.principal, window.family)
    : accountWindowKey(window.accountId, window.family);
}

const number = (value: string | null | undefined): number | null =>
  value === null || value === undefined || value === "" ? null : Number(value);

/**
 * Shared mode: the windows every replica spends (shared/redis-rate-budget.ts), read and held
 * in Redis. A hold is one script over all of a plan's windows, so two replicas can never both
 * pass a check on the same remaining budget.
 */
export function createRedisBudgetStore(options: RedisBudgetOptions): BudgetStore {
  const { redis } = options;
  const clock = options.clock ?? Date.now;
  const stallMs = options.stallMs ?? 60_000;
  return {
    forCaller(caller): CallerBudgets {
      return {
        principalFor: principalsOf(options.consumerKey, caller),
        async read(windows) {
          if (windows.length === 0) return [];
          const pipeline = redis.client.pipeline();
          for (const window of windows)
            pipeline.hmget(keyOf(window), "limit", "remaining", "reset", "unlimited");
          const answers = (await pipeline.exec()) ?? [];
          const now = clock();
          return answers.map(([error, fields]): KnownBudget | null => {
            if (error !== null) return null;
            const [limit, remaining, reset, unlimited] = fields as Array<string | null>;
            const left = number(remaining);
            const resetAt = number(reset);
            if (unlimited !== null || left === null) return null;
            // Past its reset the window restarts at its limit on the next request.
            if (resetAt !== null && resetAt <= now) {
              const full = number(limit);
              return full === null ? null : { limit: full, remaining: full, resetAt: null };
            }
            return { limit: number(limit), remaining: left, resetAt };
          });
        },
        async hold(wanted) {
          if (wanted.length === 0) return { ok: true, holds: [] };
          const answer = await holdScript.run(
            redis.client,
            wanted.map(({ window }) => keyOf(window)),
            [clock(), stallMs, ...wanted.map(({ count }) => count)],
          );
          const [first, ...rest] = answer.map(Number);
          if (first !== 0) {
            const refused = wanted[(first ?? 1) - 1];
            if (refused === undefined) throw new Error(`hold: no window ${String(first)}`);
            return {
              ok: false,
              window: refused.window,
              remaining: rest[0] ?? 0,
              resetAt: rest[1] ?? clock(),
            };
          }
          const holds = wanted.flatMap(({ window, count }, index) => {
            const reset = rest[index] ?? -2;
            if (reset === -2) return [];
            return [{ window, count, heldReset: reset === -1 ? null : reset }];
          });
          return { ok: true, holds };
        },
        spent: () => undefined,
        seenAccounts: () => (options.bookOf ? accountsIn(options.bookOf(caller)) : []),
        async release(unspent) {
          const back = unspent.filter((hold) => hold.count > 0);
          if (back.length === 0) return;
          await releaseScript.run(
            redis.client,
            back.map(({ window }) => keyOf(window)),
            [clock(), ...back.flatMap((hold) => [hold.count, hold.heldReset ?? -1])],
          );
        },
      };
    },
  };
}
