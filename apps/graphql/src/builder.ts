import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import type { ComplexityErrorKind } from "@pothos/plugin-complexity";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { GraphQLError } from "graphql";
import type { GraphQLContext } from "./context.js";
import { ERROR_CODES } from "./errors.js";
import { QUERY_LIMITS } from "./query-limits.js";

/** Authorization scopes resolvers can require; filled per request in `context.ts`. */
export interface AuthScopes {
  /** A caller the upstream service knows (a signed-in session, or the configured dev user). */
  authenticated: boolean;
}

const LIMIT_NAMES: Record<ComplexityErrorKind, "complexity" | "depth" | "breadth"> = {
  Complexity: "complexity",
  Depth: "depth",
  Breadth: "breadth",
};

/**
 * The schema builder: plugins only; every type lives in `schema/<type>.ts`. Scope auth comes
 * first so no other plugin runs for a refused field; errors must precede dataloader. Fields
 * are non-null unless they say otherwise (anything read upstream by id says so: a missing id
 * is null with an error on that path only).
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    /** spec §2.1 timestamps: `YYYY-MM-DDThh:mm:ssZ`. */
    DateTime: { Input: string; Output: string };
    /** Micro units of a currency as a string of digits (beyond 2^31 and never rounded). */
    Micros: { Input: string; Output: string | number | bigint };
  };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, DataloaderPlugin, RelayPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({ authenticated: context.viewer !== null }),
    unauthorizedError: (_parent, context) =>
      context.viewer === null
        ? new GraphQLError(
            context.sessionProblem === "invalid"
              ? "The session token is unknown, expired or revoked: sign in again (GET /auth/login)."
              : "Sign in first: send `Authorization: Bearer <session token>` (GET /auth/login).",
            { extensions: { code: ERROR_CODES.UNAUTHENTICATED } },
          )
        : new GraphQLError("Not allowed.", { extensions: { code: ERROR_CODES.FORBIDDEN } }),
  },
  errors: { defaultTypes: [] },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // A connection's `first` already multiplies its edges (see schema/connections.ts).
    edgesFieldOptions: { complexity: { field: 1, multiplier: 1 } },
    nodeQueryOptions: { authScopes: { authenticated: true } },
    nodesQueryOptions: {
      authScopes: { authenticated: true },
      complexity: (args: { ids?: readonly unknown[] }) => ({
        field: 1,
        multiplier: Math.max(1, args.ids?.length ?? 1),
      }),
    },
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: QUERY_LIMITS.defaultListMultiplier,
    limit: {
      complexity: QUERY_LIMITS.complexity,
      depth: QUERY_LIMITS.depth,
      breadth: QUERY_LIMITS.breadth,
    },
    complexityError: (kind, result) => {
      const limit = LIMIT_NAMES[kind];
      const max = result[`max${kind}`];
      return new GraphQLError(
        `Query exceeds the ${limit} limit of ${String(max)} (this query: ${result[limit]}). ` +
          (limit === "complexity"
            ? "Ask for fewer items (`first`) or fewer fields."
            : limit === "depth"
              ? "Nest fewer levels."
              : "Select fewer fields."),
        {
          extensions: {
            code: ERROR_CODES.QUERY_LIMIT_EXCEEDED,
            limit,
            max,
            actual: result[limit],
          },
        },
      );
    },
  },
});

builder.queryType({});
builder.mutationType({});

/** The builder's schema types, for helpers that take or return refs. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
