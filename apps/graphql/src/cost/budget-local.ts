import type { RateLimitStore, RateLimitWindow, RestClient } from "@adsgraph/rest-client";
import type { TokenCredentials } from "@adsgraph/oauth";
import {
  accountsIn,
  isAppFamily,
  principalsOf,
  windowKey,
  type BudgetStore,
  type CallerBudgets,
  type KnownBudget,
  type WindowRef,
} from "./budget-store.js";

export interface LocalBudgetOptions {
  /** The app's client (its book holds the app bearer's windows). */
  readonly app: Pick<RestClient, "rateLimits">;
  /** The client of a token (its book holds that user's windows: upstream/clients.ts). */
  readonly forToken: (token: TokenCredentials) => Pick<RestClient, "rateLimits">;
  /** The facade's consumer key (FACADE_CONSUMER_KEY): part of every user principal. */
  readonly consumerKey: string;
  readonly clock?: () => number;
}

function live(window: RateLimitWindow | undefined, now: number): KnownBudget | null {
  if (window?.remaining === undefined || window.resetAt === undefined) return null;
  if (window.resetAt <= now) return null;
  return { limit: window.limit ?? null, remaining: window.remaining, resetAt: window.resetAt };
}

/** The newest state of the book that tells this window, as a budget. */
function knownIn(book: RateLimitStore, window: WindowRef, now: number): KnownBudget | null {
  for (const state of book.snapshot()) {
    if (state.family !== window.family) continue;
    if (window.accountId === null) {
      if (state.user !== undefined) return live(state.user, now);
    } else if (state.accountId === window.accountId && state.account !== undefined) {
      return live(state.account, now);
    }
  }
  return null;
}

/**
 * Embedded mode: each token's client keeps its windows in its own book (rest-client), which
 * counts every request it sends. Holds are a ledger beside the books (one process: a check
 * and its hold happen in one turn, so they are atomic): what a window can still give is its
 * remaining less what holds keep for requests not yet sent.
 */
export function createLocalBudgetStore(options: LocalBudgetOptions): BudgetStore {
  const clock = options.clock ?? Date.now;
  const held = new Map<string, number>();
  const add = (key: string, count: number) => {
    const next = (held.get(key) ?? 0) + count;
    if (next <= 0) held.delete(key);
    else held.set(key, next);
  };
  return {
    forCaller(caller): CallerBudgets {
      const principalFor = principalsOf(options.consumerKey, caller);
      const userBook = () =>
        options.forToken({ token: caller.accessToken, tokenSecret: caller.accessTokenSecret })
          .rateLimits;
      // The app-only bearer's windows live in the app client's book (upstream/app-only.ts).
      const bookOf = (window: WindowRef) =>
        window.accountId === null && isAppFamily(window.family)
          ? options.app.rateLimits
          : userBook();
      const available = (window: WindowRef, now: number): KnownBudget | null => {
        const known = knownIn(bookOf(window), window, now);
        if (known === null) return null;
        const keep = held.get(windowKey(window)) ?? 0;
        return { ...known, remaining: Math.max(0, known.remaining - keep) };
      };
      return {
        principalFor,
        read: (windows) => {
          const now = clock();
          return Promise.resolve(windows.map((window) => available(window, now)));
        },
        hold: (wanted) => {
          const now = clock();
          const holds = [];
          for (const { window, count } of wanted) {
            const known = available(window, now);
            if (known === null || count <= 0) continue;
            if (known.remaining < count && known.resetAt !== null) {
              return Promise.resolve({
                ok: false as const,
                window,
                remaining: known.remaining,
                resetAt: known.resetAt,
              });
            }
            holds.push({ window, count, heldReset: known.resetAt });
          }
          for (const hold of holds) add(windowKey(hold.window), hold.count);
          return Promise.resolve({ ok: true as const, holds });
        },
        spent: (window) => {
          add(windowKey(window), -1);
        },
        release: (unspent) => {
          for (const hold of unspent) add(windowKey(hold.window), -hold.count);
          return Promise.resolve();
        },
        seenAccounts: () => accountsIn(userBook()),
      };
    },
  };
}
