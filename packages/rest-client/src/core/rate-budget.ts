import { createHash } from "node:crypto";
import type { AnyEndpoint } from "@adsgraph/models";
import type { RateLimitObservation } from "./rate-limit.js";

/**
 * Which windows one request spends. Nothing in it is a credential: the principal is a digest,
 * so a budget kept elsewhere (Redis) may use it in keys.
 */
export interface RateLimitBudgetKey {
  /** The endpoint's rate-limit family (its catalog `family`): ads-api counts per family. */
  readonly family: string;
  /**
   * Whose `x-rate-limit-*` window: a sha256 digest of the consumer key and access token (user
   * context), or of the app (app-only bearer calls). Never the token itself.
   */
  readonly principal: string;
  /**
   * The ad account whose `x-account-rate-limit-*` window the request spends, shared by every
   * user of that account (field notes: counted on GETs only); undefined when none applies.
   */
  readonly accountId: string | undefined;
}

/** What an answer said about the windows of its request. */
export interface RateLimitAnswer {
  readonly status: number;
  /** Its rate-limit headers; undefined when it carried none. */
  readonly observed: RateLimitObservation | undefined;
}

/**
 * A rate-limit budget shared beyond one client (e.g. by every replica of a service, in Redis).
 * With `rateLimit.budget` set, the client asks `reserve` before every attempt and tells
 * `record` every answer; its own per-client book still records (for `client.rateLimits`).
 * When `reserve` rejects (the store is down) the client decides that attempt with its own book,
 * as without a budget; a rejected `record` is ignored. Neither ever fails a call.
 */
export interface RateLimitBudget {
  /**
   * Counts one request against the key's windows and resolves 0 ("send now"), or resolves how
   * many milliseconds to wait before asking again (nothing counted).
   */
  reserve(key: RateLimitBudgetKey): Promise<number>;
  /** The answer of a request sent under `key` (every answer, whatever its status). */
  record(key: RateLimitBudgetKey, answer: RateLimitAnswer): Promise<void>;
}

/**
 * Requests already counted for a caller elsewhere (issue 35: the facade holds a query's lower
 * bound in the budget before it runs). Asked before each attempt; `true` means this attempt is
 * counted already, so neither `budget.reserve` nor the client's own wait applies to it.
 */
export interface RateLimitCredit {
  take(key: RateLimitBudgetKey): boolean;
}

/** A digest naming a principal without its credential: hex sha256 of the kind and its parts. */
export function principalDigest(kind: "user" | "app" | "bearer", ...parts: string[]): string {
  const hash = createHash("sha256").update(kind, "utf8");
  for (const part of parts) hash.update("\u0000", "utf8").update(part, "utf8");
  return `${kind}:${hash.digest("hex")}`;
}

/** What `budgetKeyFor` needs of a call. */
export interface BudgetedCall {
  readonly endpoint: AnyEndpoint;
  readonly accountId: string | undefined;
  /** Whose windows: from the authenticator (`Authenticator.principal`). */
  readonly principal: string | undefined;
}

/**
 * The key a call reserves under, or undefined when no budget applies (credential endpoints,
 * limited per client address). The account window is spent by GETs of an account's path
 * (`/accounts/:account_id/...`) only, as ads-api counts.
 */
export function budgetKeyFor(call: BudgetedCall): RateLimitBudgetKey | undefined {
  if (call.principal === undefined) return undefined;
  return {
    family: call.endpoint.family,
    principal: call.principal,
    accountId:
      call.endpoint.method === "GET" && call.endpoint.locations.account_id === "path"
        ? call.accountId
        : undefined,
  };
}
