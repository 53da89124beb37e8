import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import type { ComplexityErrorKind } from "@pothos/plugin-complexity";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type { GraphQLContext, SessionProblem } from "./context.js";
import { ValidationError } from "./errors/facade-errors.js";
import { forbiddenError, queryLimitError, unauthenticatedError } from "./errors/graphql-errors.js";
import { parseGlobalId } from "./input/global-id.js";
import { CURSOR_INPUT } from "./input/input-rules.js";
import InputRulesPlugin from "./input/input-rules-plugin.js";
import MutationInputPlugin from "./input/mutation-input-plugin.js";
import { QUERY_LIMITS } from "./query-limits.js";

/** Authorization scopes resolvers can require; filled per request in `context.ts`. */
export interface AuthScopes {
  /** A caller the upstream service knows (a signed-in session, or the configured dev user). */
  authenticated: boolean;
}

export const SESSION_PROBLEMS: Record<NonNullable<SessionProblem>, string> = {
  missing: "Sign in first: send `Authorization: Bearer <session token>` (GET /auth/login).",
  malformed:
    "The session token is malformed (not an `ags_…` token of this service): send the " +
    "`session_token` the sign-in answered, or sign in again (GET /auth/login).",
  invalid: "The session token is unknown, expired or revoked: sign in again (GET /auth/login).",
};

const LIMIT_NAMES: Record<ComplexityErrorKind, "complexity" | "depth" | "breadth"> = {
  Complexity: "complexity",
  Depth: "depth",
  Breadth: "breadth",
};

/**
 * Global ids are checked (with their input path) by the input rules plugin before the relay
 * plugin decodes them; this decoder is the same rule for any other path, and never echoes the
 * value or lets Pothos's own error (an internal error) through.
 */
function decodeGlobalID(globalID: string): { typename: string; id: string } {
  const parsed = parseGlobalId(globalID);
  if (parsed.problem === undefined) return { typename: parsed.typename, id: parsed.id };
  throw new ValidationError([{ ...parsed.problem, field: "id", parameter: "id" }]);
}

/**
 * The schema builder: plugins only; every type lives in `schema/<domain>/<type>.ts`. Scope auth comes
 * first so no other plugin runs for a refused field; errors must precede dataloader. The
 * input rules plugin checks ids and cursors of every field before any plugin's work. Fields
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
  plugins: [
    ScopeAuthPlugin,
    ErrorsPlugin,
    DataloaderPlugin,
    RelayPlugin,
    ComplexityPlugin,
    InputRulesPlugin,
    MutationInputPlugin,
  ],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({ authenticated: context.viewer !== null }),
    unauthorizedError: (_parent, context) =>
      context.viewer === null
        ? unauthenticatedError(SESSION_PROBLEMS[context.sessionProblem ?? "missing"])
        : forbiddenError("Not allowed."),
  },
  // Input rule failures (ids, global ids) become a mutation's typed ValidationError too.
  errors: { defaultTypes: [], unsafelyHandleInputErrors: true },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    decodeGlobalID,
    // Descriptions of what the relay plugin generates: PageInfo, Node, node/nodes, and the
    // paging arguments, edges and cursors of connections built with `t.connection`.
    pageInfoTypeOptions: {
      description:
        "Where a page sits in its list: whether more items come after or before it, and the " +
        "cursors to ask for them.",
    },
    hasNextPageFieldOptions: {
      description: "True when more items follow this page: ask for them with `after: endCursor`.",
    },
    hasPreviousPageFieldOptions: {
      description:
        "True when items come before this page (this page was asked with a cursor); with " +
        "`before: startCursor` they can be read where the list pages backwards.",
    },
    startCursorFieldOptions: {
      description: "The cursor of the page's first item; null when the page is empty.",
    },
    endCursorFieldOptions: {
      description: "The cursor to pass as `after` for the next page; null when the page is empty.",
    },
    nodeTypeOptions: {
      description:
        "An object with a global id: any of them can be read again by `node(id:)`, and a " +
        "client cache can key it by `id`.",
    },
    idFieldOptions: {
      description:
        "The global id: opaque, stable, unique across every type; pass it to `node(id:)` or " +
        "wherever an argument names this object.",
    },
    nodeQueryOptions: {
      authScopes: { authenticated: true },
      description:
        "Any object by its global id (what its `id` field answers); null when nothing with " +
        "that id exists or the caller cannot see it.",
      args: { id: { description: "The object's global id." } },
    },
    nodesQueryOptions: {
      authScopes: { authenticated: true },
      description:
        "Objects by their global ids, in the order asked; an entry is null where nothing " +
        "with that id exists or the caller cannot see it.",
      args: { ids: { description: "The objects' global ids." } },
      complexity: (args: { ids?: readonly unknown[] }) => ({
        field: 1,
        multiplier: Math.max(1, args.ids?.length ?? 1),
      }),
    },
    firstArgOptions: { description: "How many items to return from the start (or after `after`)." },
    lastArgOptions: { description: "How many items to return from the end (or before `before`)." },
    afterArgOptions: {
      ...CURSOR_INPUT,
      description:
        "Return the items after this cursor: a page's `endCursor` or an edge's `cursor`.",
    },
    beforeArgOptions: {
      ...CURSOR_INPUT,
      description:
        "Return the items before this cursor: a page's `startCursor` or an edge's `cursor`.",
    },
    pageInfoFieldOptions: {
      description:
        "Whether more items come before or after this page, and the cursors to reach them.",
    },
    cursorFieldOptions: {
      description:
        "Where this item sits in the list: pass it as `after` or `before` to page on from here.",
    },
    nodeFieldOptions: { description: "The item." },
    // A connection's `first` already multiplies its edges (see fields/connections.ts).
    edgesFieldOptions: {
      description: "The items on this page, in order, each with its cursor.",
      complexity: { field: 1, multiplier: 1 },
    },
    // Every connection has `nodes` beside `edges` (fields/connections.ts builds the others').
    nodesOnConnection: {
      description: "The items on this page, in order; the same as `edges { node }`.",
      complexity: { field: 1, multiplier: 1 },
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
      return queryLimitError(limit, result[`max${kind}`], result[limit]);
    },
  },
});

builder.queryType({
  description:
    "Everything that can be read: start from `viewer` (the signed-in user and the ad accounts " +
    "they can reach), or read any object again by its global id with `node`/`nodes`.",
});
builder.mutationType({
  description:
    "Everything that changes ads data. Each mutation takes one `input` and answers a " +
    "`<Name>Result` union: its `<Name>Payload` on success, or a typed error saying why " +
    "nothing changed (select `... on Error { code message }` to show it).",
});
builder.subscriptionType({
  description: "Changes pushed to the client as they happen, while the subscription is open.",
});

/** The builder's schema types, for helpers that take or return refs. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
