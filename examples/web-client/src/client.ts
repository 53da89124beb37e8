import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";

export interface GraphQLResponse<TData> {
  data?: TData | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
  /** The facade's own reports, e.g. `cost`: the upstream requests planned and sent (docs/cost.md). */
  extensions?: Record<string, unknown>;
}

/** Runs a typed document against the facade: the result's type follows from the document. */
export async function execute<TData, TVariables>(
  url: string,
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<TData>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query: print(document), variables }),
  });
  return (await response.json()) as GraphQLResponse<TData>;
}
