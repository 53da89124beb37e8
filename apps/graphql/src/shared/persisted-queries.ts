import { createHash } from "node:crypto";
import type { ApolloServerPlugin, BaseContext } from "@apollo/server";
import { GraphQLError } from "graphql";
import { createPersistedQueryCache, type PersistedQueryCache } from "./persisted-query-cache.js";
import type { SharedState } from "./shared-state.js";

/** Apollo Router's code for it; Apollo Server's own error has none (it would read as internal). */
export const PERSISTED_QUERY_HASH_MISMATCH = "PERSISTED_QUERY_HASH_MISMATCH";

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

interface PersistedQueryExtension {
  version?: unknown;
  sha256Hash?: unknown;
}

/**
 * Refuses a document sent with a hash that is not its SHA-256 as a client error with a code
 * (400 PERSISTED_QUERY_HASH_MISMATCH), before Apollo's own check, whose error has no code.
 * Thrown from `requestDidStart`: Apollo answers a thrown GraphQLError with its `http` status.
 */
export function persistedQueryHashPlugin<
  Context extends BaseContext,
>(): ApolloServerPlugin<Context> {
  return {
    requestDidStart({ request }) {
      const persisted = request.extensions?.persistedQuery as PersistedQueryExtension | undefined;
      if (
        typeof request.query === "string" &&
        persisted?.version === 1 &&
        persisted.sha256Hash !== createHash("sha256").update(request.query).digest("hex")
      ) {
        throw new GraphQLError(
          "The persisted query's sha256Hash is not the SHA-256 of its query: send the hash of the document as sent.",
          { extensions: { code: PERSISTED_QUERY_HASH_MISMATCH, http: { status: 400 } } },
        );
      }
      return Promise.resolve();
    },
  };
}
