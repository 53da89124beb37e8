import type { GraphQLFormattedError } from "graphql";

/**
 * The one place where failures become GraphQL errors: every error leaves with an
 * `extensions.code`, and nothing else of the original (stack, cause, upstream request with its
 * credentials) is passed through.
 */
export function formatError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  return {
    ...formatted,
    extensions: {
      ...formatted.extensions,
      code: typeof code === "string" ? code : "INTERNAL_SERVER_ERROR",
    },
  };
}
