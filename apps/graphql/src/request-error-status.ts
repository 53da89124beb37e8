import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLFormattedError } from "graphql";
import Negotiator from "negotiator";

/** The media types Apollo Server chooses between for a single result, in its order. */
const JSON_MEDIA_TYPE = "application/json; charset=utf-8";
const GRAPHQL_RESPONSE_MEDIA_TYPE = "application/graphql-response+json; charset=utf-8";
const CALLBACK_MEDIA_TYPE = "application/json; callbackSpec=1.0; charset=utf-8";

/**
 * Codes of GraphQL request errors: a well-formed request whose document does not parse or
 * validate, whose operation name names no operation, or whose variables do not coerce.
 */
const REQUEST_ERROR_CODES: ReadonlySet<unknown> = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "OPERATION_RESOLUTION_FAILURE",
  "BAD_USER_INPUT",
]);

/** Whether an answer with this `Accept` goes out as `application/graphql-response+json`. */
function answersGraphQLResponseJson(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([
    JSON_MEDIA_TYPE,
    GRAPHQL_RESPONSE_MEDIA_TYPE,
    CALLBACK_MEDIA_TYPE,
  ]);
  return preferred === GRAPHQL_RESPONSE_MEDIA_TYPE;
}

/**
 * GraphQL over HTTP: a request error answers 400 only as `application/graphql-response+json`,
 * whose status tells it; as `application/json` (a client that does not ask for the new type)
 * every well-formed request answers 200 and the errors say what went wrong, as that media type
 * always did. Apollo Server answers 400 for both; requests that are not well-formed (no JSON,
 * no query, a mutation over GET) keep their 4xx.
 */
export function requestErrorStatusPlugin(): ApolloServerPlugin {
  return {
    requestDidStart: () =>
      Promise.resolve({
        willSendResponse: ({ request, response }) => {
          if (
            response.http.status === 400 &&
            response.body.kind === "single" &&
            onlyRequestErrors(response.body.singleResult.errors) &&
            !answersGraphQLResponseJson(request.http?.headers.get("accept"))
          ) {
            response.http.status = 200;
          }
          return Promise.resolve();
        },
      }),
  };
}

function onlyRequestErrors(errors: readonly GraphQLFormattedError[] | undefined): boolean {
  return (
    errors !== undefined &&
    errors.length > 0 &&
    errors.every((error) => REQUEST_ERROR_CODES.has(error.extensions?.code))
  );
}
