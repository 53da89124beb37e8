/** A GraphQL answer's body as the tests read it. */
export interface GraphQLBody {
  data?: unknown;
  errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
}

/** POSTs one GraphQL operation as JSON; the status and the parsed body. */
export async function postGraphQL(
  url: string,
  query: string,
  {
    variables,
    headers = {},
  }: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: GraphQLBody }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLBody };
}
