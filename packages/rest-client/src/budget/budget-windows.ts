import { getEndpoint, isEndpointId } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { budgetKeyFor } from "../core/rate-budget.js";
import type { RateLimitState, RateLimitStore, RateLimitWindow } from "../core/rate-limit.js";

/** Which rate-limit window: per user token (`x-rate-limit-*`) or per ad account (`x-account-rate-limit-*`). */
export type BudgetScope = "user" | "account";

/** A rate-limit family's name (`campaigns`); endpoint ids stay suggested beside it. */
export type Family = string & Record<never, never>;

/** Names one window as ads-api counts it. */
export interface BudgetWindowKey {
  /** The catalog's rate-limit family. */
  readonly family: string;
  readonly scope: BudgetScope;
  /** The account of an account window; null for a user window. */
  readonly accountId: string | null;
  /**
   * Set for a window counted per endpoint instead of per family: the users batches (spec §8,
   * 1,500 requests per account and endpoint per minute); null otherwise.
   */
  readonly endpointId: string | null;
}

/** What the client knows of one window, reservations in flight already taken off. */
export interface BudgetWindow extends BudgetWindowKey {
  /** The window's limit, when an answer told it. */
  readonly limit: number | undefined;
  /**
   * Requests left: the last answer's remaining less the requests this client sent since;
   * the whole `limit` once the window's reset has passed.
   */
  readonly remaining: number;
  /** When the window resets (epoch ms); undefined once that reset has passed (the next request opens a new window). */
  readonly resetAt: number | undefined;
  /** When the answer that told it arrived (epoch ms). */
  readonly observedAt: number;
}

/** `client.budget`: reads the client's rate-limit book; spends nothing, sends nothing. */
export interface BudgetBook {
  /**
   * The window that runs out first of those a request of `endpointIdOrFamily` spends (for an
   * account's GETs, the account window and the user window; the fewer `remaining` wins), or
   * undefined while no answer has told any. A family name reads that family's windows.
   */
  window(endpointIdOrFamily: EndpointId | Family, accountId?: string): BudgetWindow | undefined;
  /** One window by its key (see `windowsSpentBy`), or undefined while unknown. */
  read(key: BudgetWindowKey): BudgetWindow | undefined;
  /** Every window known, account windows first, then by family. */
  windows(): BudgetWindow[];
}

/**
 * Endpoints ads-api counts per account and endpoint in a window of their own instead of the
 * family's (spec §8's users batches: the batches whose limits count bytes, as ads-api tells them).
 */
export function isUsersBatch(endpoint: AnyEndpoint): boolean {
  return endpoint.batch?.bytes !== undefined;
}

/**
 * The windows one request of `endpoint` spends, as ads-api counts: a users batch its account's
 * per-endpoint window; any other call its token's family window, and a GET of an account's
 * path (`budgetKeyFor`'s rule) that account's family window too.
 */
export function windowsSpentBy(
  endpoint: AnyEndpoint,
  accountId: string | undefined,
): BudgetWindowKey[] {
  const { family } = endpoint;
  if (isUsersBatch(endpoint)) {
    return [{ family, scope: "account", accountId: accountId ?? null, endpointId: endpoint.id }];
  }
  const user: BudgetWindowKey = { family, scope: "user", accountId: null, endpointId: null };
  // The principal is irrelevant here: only which account window the rule names is read.
  const account = budgetKeyFor({ endpoint, accountId, principal: "" })?.accountId;
  return account === undefined
    ? [user]
    : [{ family, scope: "account", accountId: account, endpointId: null }, user];
}

/** A state's account window belongs to its family only when no users batch reported it. */
function reportedByUsersBatch(state: RateLimitState): boolean {
  return isEndpointId(state.endpointId) && isUsersBatch(getEndpoint(state.endpointId));
}

function toBudget(
  key: BudgetWindowKey,
  window: RateLimitWindow | undefined,
  observedAt: number,
  now: number,
): BudgetWindow | undefined {
  if (window?.remaining === undefined) return undefined;
  const passed = window.resetAt !== undefined && window.resetAt <= now;
  return {
    ...key,
    limit: window.limit,
    remaining: passed ? (window.limit ?? window.remaining) : window.remaining,
    resetAt: passed ? undefined : window.resetAt,
    observedAt,
  };
}

function readKey(
  store: RateLimitStore,
  key: BudgetWindowKey,
  now: number,
): BudgetWindow | undefined {
  if (key.scope === "account") {
    if (key.accountId === null) return undefined;
    const state = store.get(key.endpointId ?? key.family, key.accountId);
    if (state === undefined) return undefined;
    const own =
      key.endpointId === null ? !reportedByUsersBatch(state) : state.endpointId === key.endpointId;
    return own ? toBudget(key, state.account, state.observedAt, now) : undefined;
  }
  // A user window is the token's, whatever account the answer that told it was for: the newest.
  const state = store
    .snapshot()
    .find((candidate) => candidate.family === key.family && candidate.user !== undefined);
  return state === undefined ? undefined : toBudget(key, state.user, state.observedAt, now);
}

function familyKeys(family: string, accountId: string | undefined): BudgetWindowKey[] {
  const user: BudgetWindowKey = { family, scope: "user", accountId: null, endpointId: null };
  return accountId === undefined
    ? [user]
    : [{ family, scope: "account", accountId, endpointId: null }, user];
}

/** The budget view over a client's rate-limit book; `clock` says when "now" is. */
export function createBudgetBook(store: RateLimitStore, clock: () => number): BudgetBook {
  const read = (key: BudgetWindowKey) => readKey(store, key, clock());
  return {
    read,
    window(endpointIdOrFamily, accountId) {
      const keys = isEndpointId(endpointIdOrFamily)
        ? windowsSpentBy(getEndpoint(endpointIdOrFamily), accountId)
        : familyKeys(endpointIdOrFamily, accountId);
      let tightest: BudgetWindow | undefined;
      for (const key of keys) {
        const known = read(key);
        if (known !== undefined && (tightest === undefined || known.remaining < tightest.remaining))
          tightest = known;
      }
      return tightest;
    },
    windows() {
      const seen = new Map<string, BudgetWindow>();
      for (const state of store.snapshot()) {
        const keys: BudgetWindowKey[] = [];
        if (state.account !== undefined && state.accountId !== undefined) {
          const endpointId = reportedByUsersBatch(state) ? state.endpointId : null;
          keys.push({
            family: state.family,
            scope: "account",
            accountId: state.accountId,
            endpointId,
          });
        }
        if (state.user !== undefined)
          keys.push({ family: state.family, scope: "user", accountId: null, endpointId: null });
        for (const key of keys) {
          const id = JSON.stringify(key);
          const known = seen.has(id) ? undefined : read(key);
          if (known !== undefined) seen.set(id, known);
        }
      }
      return [...seen.values()].sort(
        (a, b) =>
          (a.scope === b.scope ? 0 : a.scope === "account" ? -1 : 1) ||
          a.family.localeCompare(b.family) ||
          (a.accountId ?? "").localeCompare(b.accountId ?? ""),
      );
    },
  };
}
