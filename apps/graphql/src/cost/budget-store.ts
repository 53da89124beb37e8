import { endpoints } from "@adsgraph/models";
import { principalDigest, type RateLimitStore } from "@adsgraph/rest-client";

/**
 * One rate-limit window of a caller: a family's user window (`accountId` null, spent by the
 * principal, a digest naming no credential), or an account's window of a family (shared by
 * every user of the account).
 */
export interface WindowRef {
  readonly family: string;
  readonly accountId: string | null;
  readonly principal: string;
}

/** What is known of a window now; `resetAt` epoch ms, null while a restarted window's is untold. */
export interface KnownBudget {
  readonly limit: number | null;
  readonly remaining: number;
  readonly resetAt: number | null;
}

/** Requests taken from one window before a query ran (issue 35: its lower bound). */
export interface WindowHold {
  readonly window: WindowRef;
  readonly count: number;
  /** The reset of the window held in (give-back only into the same one); null: restarted. */
  readonly heldReset: number | null;
}

export type HoldOutcome =
  | { readonly ok: true; readonly holds: readonly WindowHold[] }
  | {
      readonly ok: false;
      /** The first window whose known remaining is short of its count before its reset. */
      readonly window: WindowRef;
      readonly remaining: number;
      readonly resetAt: number;
    };

/** One caller's budgets, in Redis (shared mode) or in its clients' books (embedded). */
export interface CallerBudgets {
  /** Whose user window a family's calls spend: the session's user, or the app's bearer. */
  principalFor(family: string): string;
  /** Each window as known now; null when no answer has told it (or it is unlimited). */
  read(windows: readonly WindowRef[]): Promise<Array<KnownBudget | null>>;
  /** Takes every count from its window, or nothing when one is short (atomic). */
  hold(wanted: ReadonlyArray<{ window: WindowRef; count: number }>): Promise<HoldOutcome>;
  /** A held request was sent: it is now the window's own count. */
  spent(window: WindowRef): void;
  /** Gives back what holds did not spend (same window only). */
  release(unspent: readonly WindowHold[]): Promise<void>;
  /** Accounts whose windows this caller's own client has been told (Query.rateLimit). */
  seenAccounts(): string[];
}

/** The session's access token (no credential leaves the store: windows name digests). */
export interface CallerToken {
  readonly accessToken: string;
  readonly accessTokenSecret: string;
}

/** Per process: the budgets of each caller. */
export interface BudgetStore {
  forCaller(caller: CallerToken): CallerBudgets;
}

/** A map key of a window: account windows are the account's, whoever spends them. */
export function windowKey(window: Pick<WindowRef, "family" | "accountId" | "principal">): string {
  return window.accountId === null
    ? `user\u0000${window.principal}\u0000${window.family}`
    : `account\u0000${window.accountId}\u0000${window.family}`;
}

/**
 * Families whose every endpoint the facade calls with its app-only bearer (reference data,
 * post reads: upstream/signs-as-app.ts): their user window is the app's.
 */
const APP_FAMILIES: ReadonlySet<string> = (() => {
  const byFamily = new Map<string, boolean>();
  for (const endpoint of endpoints) {
    const app = endpoint.auth === "bearer-or-user";
    byFamily.set(endpoint.family, (byFamily.get(endpoint.family) ?? true) && app);
  }
  return new Set([...byFamily].filter(([, app]) => app).map(([family]) => family));
})();

/** Accounts named by the states of a client's book, sorted. */
export function accountsIn(book: RateLimitStore): string[] {
  const accounts = new Set<string>();
  for (const state of book.snapshot()) {
    if (state.accountId !== undefined && state.account !== undefined) accounts.add(state.accountId);
  }
  return [...accounts].sort();
}

/** Whether a family's calls spend the app bearer's window rather than the user's. */
export function isAppFamily(family: string): boolean {
  return APP_FAMILIES.has(family);
}

/** Every family of the catalog, sorted. */
export const FAMILIES: readonly string[] = [...new Set(endpoints.map((e) => e.family))].sort();

/** The principal digests rest-client keys a caller's windows by (core/auth.ts). */
export function principalsOf(
  consumerKey: string,
  caller: CallerToken,
): (family: string) => string {
  const user = principalDigest("user", consumerKey, caller.accessToken);
  const app = principalDigest("app", consumerKey);
  return (family) => (APP_FAMILIES.has(family) ? app : user);
}
