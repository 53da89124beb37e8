import { GraphQLError } from "graphql";
import { createPersistedQueryCache, type PersistedQueryCache } from "./persisted-query-cache.js";
import type { SharedState } from "./shared-state.js";

/**
 * Apollo Server's `persistedQueries` setting. Embedded mode: off, as before issue 19 (clients
 * send whole documents; PERSISTED_QUERY_NOT_SUPPORTED). Shared mode: automatic persisted
 * queries over Redis (`persisted-query-cache.ts`), so a hash registered through one replica is
 * found by every other, kept PERSISTED_QUERY_TTL_SECONDS after its last use.
 */
export function persistedQueriesSetting(
  shared: SharedState,
  ttlSeconds: number,
): false | { cache: PersistedQueryCache; ttl: number } {
  const cache = createPersistedQueryCache(shared, { ttlSeconds });
  return cache === undefined ? false : { cache, ttl: ttlSeconds };
}

/** What Apollo Server 5 answers (400, without a code) to a hash that is not its query's. */
const APOLLO_HASH_MISMATCH = "provided sha does not match query";

/**
 * Whether `error` is Apollo's refusal of a persisted query whose `sha256Hash` is not the
 * SHA-256 of the `query` sent with it: `formatError` gives it a code of its own
 * (PERSISTED_QUERY_HASH_MISMATCH, as Apollo Router names it) rather than the internal error
 * Apollo's codeless error would read as. Thrown errors cannot do it: Apollo answers anything
 * thrown by a plugin before execution with a 500.
 */
export function isPersistedQueryHashMismatch(error: unknown): boolean {
  return (
    error instanceof GraphQLError &&
    error.extensions.code === undefined &&
    error.message === APOLLO_HASH_MISMATCH
  );
}
