import { createCache } from "@adsgraph/client-cache";
import { ApolloClient, HttpLink } from "@apollo/client";

export interface ApolloClientOptions {
  /** Sent with every request (the session). */
  readonly headers?: Record<string, string>;
  /** The fetch to send requests with (the global one by default). */
  readonly fetch?: typeof fetch;
}

/**
 * An Apollo Client 4 for the facade. Its cache is the generated one alone (possibleTypes, key
 * fields, paging): nothing here knows a type or a field of the schema.
 */
export function createApolloClient(url: string, options: ApolloClientOptions = {}): ApolloClient {
  const link = new HttpLink({
    uri: url,
    headers: options.headers ?? {},
    fetch: options.fetch ?? fetch,
  });
  return new ApolloClient({ link, cache: createCache() });
}
