import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { requestFacade } from "./facade-http.js";

export interface GraphQLErrorItem {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: { readonly code?: string } & Record<string, unknown>;
}

/** A GraphQL response: data, errors, or both (a partial answer). */
export interface GraphQLAnswer {
  readonly data?: unknown;
  readonly errors?: readonly GraphQLErrorItem[];
  /** What the facade adds beside the data, e.g. `cost` (docs/cost.md). */
  readonly extensions?: Record<string, unknown>;
}

export interface GraphQLRequest {
  readonly document: string;
  readonly variables?: Record<string, unknown> | undefined;
  readonly operationName?: string | undefined;
  /** Extra request headers, e.g. `x-adsgraph-explain` (docs/cost.md). */
  readonly headers?: Record<string, string> | undefined;
}

/**
 * POSTs an operation to `<base>/graphql` with the session as a bearer token. Apollo answers
 * validation failures with 400 and a GraphQL body: those are answers too, not transport errors.
 */
export async function postGraphQL(
  base: string,
  sessionToken: string,
  request: GraphQLRequest,
): Promise<GraphQLAnswer> {
  const answer = await requestFacade(base, "/graphql", {
    method: "POST",
    headers: { ...request.headers, authorization: `Bearer ${sessionToken}` },
    body: {
      query: request.document,
      ...(request.variables !== undefined && { variables: request.variables }),
      ...(request.operationName !== undefined && { operationName: request.operationName }),
    },
  });
  const body = answer.body as GraphQLAnswer | undefined;
  if (body === undefined || typeof body !== "object" || !("data" in body || "errors" in body)) {
    throw new CliError(
      CLI_ERROR_CODES.API,
      `the facade answered ${answer.status} without a GraphQL response`,
    );
  }
  return body;
}

const SIGNED_OUT_HINT = "run `adsgraph login`";

/**
 * The answer's errors as one CliError, or nothing when it has none: UNAUTHENTICATED means the
 * session is gone (exit 3); any other, the first error with its code and path, and how many more.
 */
export function graphQLFailure(answer: GraphQLAnswer): CliError | undefined {
  const errors = answer.errors ?? [];
  const first = errors[0];
  if (first === undefined) return undefined;
  const unauthenticated = errors.find((e) => e.extensions?.code === "UNAUTHENTICATED");
  if (unauthenticated !== undefined) {
    return new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      `the facade refused the session (${unauthenticated.message.replace(/\.$/, "")}): ${SIGNED_OUT_HINT}`,
    );
  }
  const code = first.extensions?.code;
  const where = first.path === undefined ? "" : ` at ${first.path.join(".")}`;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  const detail = code === undefined ? where.trim() : `${code}${where}`;
  return new CliError(
    CLI_ERROR_CODES.GRAPHQL,
    `${oneLine(first.message)}${detail === "" ? "" : ` [${detail}]`}${more}`,
  );
}

/** Messages may span lines (schema errors quote the document): errors are one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}
