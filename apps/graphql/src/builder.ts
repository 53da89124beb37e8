import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type { GraphQLContext } from "./context.js";
import { QUERY_LIMITS } from "./query-limits.js";

/** Authorization scopes resolvers can require; filled per request in `context.ts`. */
export interface AuthScopes {
  /** A caller the upstream service knows (a signed-in session, or the configured dev user). */
  authenticated: boolean;
}

/**
 * The schema builder: plugins only; every type lives in `schema/<type>.ts`. Scope auth comes
 * first so no other plugin runs for a refused field; errors must precede dataloader.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, DataloaderPlugin, RelayPlugin, ComplexityPlugin],
  scopeAuth: {
    authScopes: (context) => ({ authenticated: context.viewer !== null }),
  },
  errors: { defaultTypes: [] },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: QUERY_LIMITS.defaultListMultiplier,
    limit: {
      complexity: QUERY_LIMITS.complexity,
      depth: QUERY_LIMITS.depth,
      breadth: QUERY_LIMITS.breadth,
    },
  },
});

builder.queryType({});
