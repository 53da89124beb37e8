import { LIMITS, jsonDepthExceeds } from "@adsgraph/models";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { GraphQLError } from "graphql";
import { documentNestingExceeds } from "./document-nesting.js";
import { nestingLimitError, tooDeepJsonError } from "./errors/graphql-errors.js";
import { QUERY_LIMITS } from "./query-limits.js";

/**
 * Levels of objects and arrays a request's JSON may nest (a POST body as a whole; a GET's or a
 * subscribe message's variables and extensions as they would sit in one): ads-api's own limit,
 * which every value the facade sends on must pass anyway.
 */
export const JSON_NESTING_MAX = LIMITS.input.depth;

/** What an operation is sent with, over HTTP or WebSocket, as the client sent it. */
export interface OperationFields {
  readonly query?: unknown;
  readonly variables?: unknown;
  readonly extensions?: unknown;
}

/**
 * The refusal of an operation whose document or JSON nests past the limits, or undefined:
 * checked in one linear pass each, before graphql-js parses the document or coerces the
 * variables (both recurse per level and overflow the call stack at a few thousand, issue 34).
 */
export function nestingRefusal(fields: OperationFields): GraphQLError | undefined {
  const { query, variables, extensions } = fields;
  if (typeof query === "string" && documentNestingExceeds(query, QUERY_LIMITS.nesting)) {
    return nestingLimitError(QUERY_LIMITS.nesting);
  }
  if (jsonDepthExceeds({ variables, extensions }, JSON_NESTING_MAX)) {
    return tooDeepJsonError("the variables or extensions", JSON_NESTING_MAX);
  }
  return undefined;
}

/** A GET's `variables` or `extensions` parameter as JSON; anything else is Apollo's to refuse. */
function jsonParameter(value: unknown): unknown {
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** The operation fields of a request to the GraphQL route: its JSON body, or a GET's query. */
function fieldsOf(request: FastifyRequest): OperationFields {
  if (request.method === "POST") {
    const body: unknown = request.body;
    return typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  }
  const query = request.query as Record<string, unknown>;
  return {
    query: query.query,
    variables: jsonParameter(query.variables),
    extensions: jsonParameter(query.extensions),
  };
}

/**
 * Refuses operations nested past the limits on the GraphQL route (`path`), with a 400 whatever
 * the client accepts (like a body past its size limit): before the response cache reads the
 * body and before Apollo parses anything. A POST body nested too deeply never gets here (the
 * JSON parser refuses it); a WebSocket upgrade carries no operation.
 */
export function registerNestingLimits(app: FastifyInstance, path: string): void {
  app.addHook("preValidation", (request, _reply, done) => {
    const refusal =
      request.routeOptions.url === path && !request.ws
        ? nestingRefusal(fieldsOf(request))
        : undefined;
    done(refusal === undefined ? undefined : Object.assign(refusal, { statusCode: 400 }));
  });
}
