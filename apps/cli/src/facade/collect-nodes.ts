import type { FacadeSession } from "../credentials/credentials.js";
import { graphQLFailure, postGraphQL } from "./graphql.js";

/** The part of a connection paging needs. */
export interface ConnectionPage<Node> {
  readonly edges: readonly { readonly node: Node }[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

/** The facade's largest page (`first` is 1 to 1000; 200 keeps each answer modest). */
const PAGE = 200;

/**
 * Up to `limit` nodes of a connection, page after page: the document takes `$first` and
 * `$after`, and `connectionOf` finds the connection in its data. `more` says nodes were left.
 */
export async function collectNodes<Node>(
  session: FacadeSession,
  request: { document: string; variables?: Record<string, unknown> },
  connectionOf: (data: unknown) => ConnectionPage<Node> | null | undefined,
  limit: number,
  /** Smaller for a document whose nodes select much (the facade's complexity limit). */
  pageSize = PAGE,
): Promise<{ nodes: Node[]; more: boolean }> {
  const nodes: Node[] = [];
  let after: string | null = null;
  for (;;) {
    const answer = await postGraphQL(session.url, session.sessionToken, {
      document: request.document,
      variables: { ...request.variables, first: Math.min(pageSize, limit - nodes.length), after },
    });
    const failure = graphQLFailure(answer);
    if (failure !== undefined) throw failure;
    const page = connectionOf(answer.data);
    if (page === null || page === undefined) return { nodes, more: false };
    nodes.push(...page.edges.map((edge) => edge.node));
    const more = page.pageInfo.hasNextPage && page.pageInfo.endCursor !== null;
    if (!more || nodes.length >= limit) return { nodes, more };
    after = page.pageInfo.endCursor;
  }
}
