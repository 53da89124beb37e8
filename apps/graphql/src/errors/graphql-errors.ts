import { ApolloServerErrorCode } from "@apollo/server/errors";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { GraphQLError } from "graphql";
import type { ASTNode, GraphQLFormattedError } from "graphql";
import { withoutEchoedValues } from "../echoed-values.js";
import { isPersistedQueryHashMismatch } from "../shared/persisted-queries.js";
import { ERROR_CODES } from "./error-codes.js";
import {
  DuplicateNameError,
  MediaRuleError,
  RateLimitedError,
  ResumeWindowExpiredError,
  UpstreamError,
  ValidationError,
  type FacadeError,
} from "./facade-errors.js";
import { toFacadeError } from "./to-facade-error.js";

function extensionsOf(error: FacadeError): Record<string, unknown> {
  return {
    code: error.code,
    ...(error.upstream && {
      upstream: { status: error.upstream.status, codes: error.upstream.codes },
    }),
    ...(error instanceof DuplicateNameError && { field: error.field }),
    ...((error instanceof ValidationError || error instanceof MediaRuleError) && {
      violations: error.violations,
    }),
    ...(error instanceof RateLimitedError && {
      resetAt: error.resetAt?.toISOString() ?? null,
      // issue 35: which window is spent, and in whole seconds when to ask again.
      family: error.family,
      retryAfter: retryAfterSeconds(error.resetAt),
    }),
    ...(error instanceof UpstreamError && error.possiblyApplied && { possiblyApplied: true }),
    // The event's global id, as `ActivityEvent.id` shows it: what `after:` takes.
    ...(error instanceof ResumeWindowExpiredError && {
      oldestRetainedId:
        error.oldestRetainedId === undefined
          ? null
          : encodeGlobalID("ActivityEvent", error.oldestRetainedId),
    }),
  };
}

/** Whole seconds from now until `resetAt` (never negative); null when unknown. */
export function retryAfterSeconds(resetAt: Date | null, now = Date.now()): number | null {
  return resetAt === null ? null : Math.max(0, Math.ceil((resetAt.getTime() - now) / 1000));
}

/** The error at the bottom of graphql-js' and Apollo's wrapping (each keeps its cause). */
function rootCause(error: unknown): unknown {
  let cause = error;
  while (cause instanceof GraphQLError && cause.originalError !== undefined) {
    cause = cause.originalError;
  }
  return cause;
}

/**
 * The cause of an error that is a fault of the server (no GraphQLError, no failure a client can
 * act on), for the log; undefined for the others.
 */
export function faultOf(error: unknown): Error | undefined {
  const cause = rootCause(error);
  if (!(cause instanceof Error) || cause instanceof GraphQLError) return undefined;
  return toFacadeError(cause) === undefined ? cause : undefined;
}

/** Codes Apollo gives failures it did not expect (a parse cannot fail but by a GraphQLError). */
const CODES_OF_FAULTS: ReadonlySet<unknown> = new Set([
  undefined,
  ERROR_CODES.INTERNAL_SERVER_ERROR,
  "GRAPHQL_PARSE_FAILED",
]);

/**
 * A failure of the server, whatever code Apollo put on it: a cause that is no GraphQLError
 * under a fault's code (Apollo codes a throw in variable coercion INTERNAL_SERVER_ERROR and keeps
 * its message), or an overflowed call stack under any code. Its message stays in the server.
 */
function isUnexpected(error: unknown, code: unknown): boolean {
  const cause = rootCause(error);
  if (!(cause instanceof Error) || cause instanceof GraphQLError) return false;
  if (cause instanceof RangeError && cause.message === "Maximum call stack size exceeded") {
    return true;
  }
  return CODES_OF_FAULTS.has(code) && toFacadeError(cause) === undefined;
}

/**
 * The one place where failures become GraphQL errors: every error leaves with an
 * `extensions.code` (and `extensions.upstream: { status, codes }` when the ads service said
 * no), and nothing else of the original (stack, cause, upstream request with its credentials)
 * is passed through. Unexpected failures keep only a generic message.
 */
export function formatError(
  formatted: GraphQLFormattedError,
  error?: unknown,
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  const mapped = original === undefined || original === null ? undefined : toFacadeError(original);
  if (mapped !== undefined) {
    return {
      message: mapped.message,
      ...(formatted.locations && { locations: formatted.locations }),
      ...(formatted.path && { path: formatted.path }),
      extensions: extensionsOf(mapped),
    };
  }
  if (isPersistedQueryHashMismatch(error)) {
    return {
      message:
        "The persisted query's sha256Hash is not the SHA-256 of its query: send the hash of the document as sent.",
      extensions: { code: ERROR_CODES.PERSISTED_QUERY_HASH_MISMATCH },
    };
  }
  const code = formatted.extensions?.code;
  const internal = typeof code !== "string";
  if (isUnexpected(error, code)) {
    return {
      message: "Internal server error",
      ...(formatted.locations && { locations: formatted.locations }),
      ...(formatted.path && { path: formatted.path }),
      extensions: { code: ERROR_CODES.INTERNAL_SERVER_ERROR },
    };
  }
  // A variable's coercion wraps the scalar's own error: its message names the rule.
  const inner = error instanceof GraphQLError ? error.originalError?.message : undefined;
  return {
    ...formatted,
    message: withoutEchoedValues(formatted.message, inner),
    extensions: {
      ...formatted.extensions,
      code: internal ? ERROR_CODES.INTERNAL_SERVER_ERROR : code,
    },
  };
}

/** Input a field or a scalar refuses before any resolver runs (a paging argument, a scalar's form). */
export function badUserInputError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ERROR_CODES.BAD_USER_INPUT } });
}

/** A field that needs a caller, asked without a live session: `message` says how to sign in. */
export function unauthenticatedError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ERROR_CODES.UNAUTHENTICATED } });
}

/** A field the signed-in caller may not ask for. */
export function forbiddenError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ERROR_CODES.FORBIDDEN } });
}

/** An operation past one of the complexity, depth or breadth limits (QUERY_LIMITS; a 400). */
export function queryLimitError(
  limit: "complexity" | "depth" | "breadth",
  max: number | undefined,
  actual: number,
): GraphQLError {
  return new GraphQLError(
    `Query exceeds the ${limit} limit of ${String(max)} (this query: ${actual}). ` +
      (limit === "complexity"
        ? "Ask for fewer items (`first`) or fewer fields."
        : limit === "depth"
          ? "Nest fewer levels."
          : "Select fewer fields."),
    { extensions: { code: ERROR_CODES.QUERY_LIMIT_EXCEEDED, limit, max, actual } },
  );
}

/**
 * A refusal of the request itself (a subscription sent over HTTP, an operation on an unknown
 * WebSocket connection, a document that does not parse), with no code of its own: it gets one
 * where it leaves (Apollo's GRAPHQL_VALIDATION_FAILED for a validation rule's, formatError's
 * INTERNAL_SERVER_ERROR otherwise).
 */
export function requestError(message: string, nodes?: ASTNode): GraphQLError {
  return new GraphQLError(message, nodes === undefined ? {} : { nodes });
}

/**
 * A document nesting `{`, `[` and `(` past QUERY_LIMITS.nesting, refused before it is parsed
 * (`document-nesting.ts`): `limit` and `max` as for the other query limits; the actual nesting
 * is not counted past the limit.
 */
export function nestingLimitError(max: number): GraphQLError {
  return new GraphQLError(
    `The document nests selections, arguments and values more than ${max} levels deep. Nest fewer levels.`,
    { extensions: { code: ERROR_CODES.QUERY_LIMIT_EXCEEDED, limit: "nesting", max } },
  );
}

/**
 * JSON nesting objects and arrays past `max` levels (a body, its variables or extensions),
 * refused before anything reads it: a request no GraphQL operation can be run from. Apollo's
 * own code for such requests (not one of the schema's ErrorCode values, as GRAPHQL_PARSE_FAILED).
 */
export function tooDeepJsonError(where: string, max: number): GraphQLError {
  return new GraphQLError(
    `Objects and arrays nest more than ${max} levels deep in ${where}: send at most ${max} levels.`,
    { extensions: { code: ApolloServerErrorCode.BAD_REQUEST, limit: "nesting", max } },
  );
}
