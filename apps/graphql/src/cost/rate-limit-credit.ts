import type { Middleware, RateLimitBudgetKey, RateLimitCredit } from "@adsgraph/rest-client";
import { windowKey, type CallerBudgets, type WindowHold } from "./budget-store.js";
import type { QueryPlan } from "./plan-types.js";

/**
 * One request's cost (issue 35): its plan, and how its upstream calls spend their budget, set
 * by the cost plugin before execution and read by `costMiddleware` at each call.
 */
export interface RequestCost {
  /** The operation's plan once worked out (Query.rateLimit shows it). */
  plan: QueryPlan | undefined;
  /** The query's held lower bound: calls spend it before reserving anything. */
  credit: RateLimitCredit | undefined;
  /** Partial mode: the longest a call may wait for a window (short: no reset is waited for). */
  maxWaitMs: number | undefined;
  /** The caller's budgets; null without a session. */
  readonly budgets: () => CallerBudgets | null;
}

export function requestCost(budgets: () => CallerBudgets | null): RequestCost {
  let caller: CallerBudgets | null | undefined;
  return {
    plan: undefined,
    credit: undefined,
    maxWaitMs: undefined,
    budgets: () => (caller ??= budgets()),
  };
}

/** Hands the request's credit and wait limit to every call below it. */
export function costMiddleware(state: RequestCost): Middleware {
  return (ctx, next) => {
    const { credit, maxWaitMs } = state;
    if (credit === undefined && maxWaitMs === undefined) return next();
    return next({
      options: {
        ...ctx.options,
        rateLimit: {
          ...ctx.options.rateLimit,
          ...(credit && { credit }),
          ...(maxWaitMs !== undefined && { maxWaitMs }),
        },
      },
    });
  };
}

/** What a request holds, spent by its calls' attempts, and what is left at its end. */
export interface HeldBudget {
  readonly credit: RateLimitCredit;
  /** The holds with the counts no call spent. */
  unspent(): WindowHold[];
}

/**
 * The credit over a request's holds: an attempt is credited when every window it spends (the
 * family's user window, and the account's on GETs of its path) still has held requests, and
 * then takes one from each. An attempt not credited reserves as usual.
 */
export function heldBudget(budgets: CallerBudgets, holds: readonly WindowHold[]): HeldBudget {
  const left = new Map(holds.map((hold) => [windowKey(hold.window), { ...hold }]));
  return {
    credit: {
      take(key: RateLimitBudgetKey) {
        const user = left.get(
          windowKey({ family: key.family, accountId: null, principal: key.principal }),
        );
        const account =
          key.accountId === undefined
            ? undefined
            : left.get(
                windowKey({
                  family: key.family,
                  accountId: key.accountId,
                  principal: key.principal,
                }),
              );
        if (user === undefined || user.count <= 0) return false;
        if (key.accountId !== undefined && (account === undefined || account.count <= 0))
          return false;
        for (const hold of account === undefined ? [user] : [user, account]) {
          hold.count -= 1;
          budgets.spent(hold.window);
        }
        return true;
      },
    },
    unspent: () => [...left.values()].filter((hold) => hold.count > 0),
  };
}
