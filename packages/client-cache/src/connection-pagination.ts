import type { FieldPolicy, Reference, StoreObject } from "@apollo/client/cache";
import { relayStylePagination } from "@apollo/client/utilities";

type KeyArgs = FieldPolicy["keyArgs"];
type RelayPolicy = ReturnType<typeof relayStylePagination<Reference>>;
type RelayConnection = NonNullable<Parameters<NonNullable<RelayPolicy["read"]>>[0]>;
type Edge = RelayConnection["edges"][number];
type PageInfo = RelayConnection["pageInfo"];

/** A connection as the cache keeps it: the pages' edges in order (never `nodes`), the rest. */
type StoredConnection = Readonly<{
  edges: Edge[];
  pageInfo: PageInfo;
  totalCount?: number | null;
}>;

/** A connection as an answer brings it: `edges`, `nodes` or both, `pageInfo`, `totalCount`. */
type IncomingConnection = {
  edges?: Edge[];
  nodes?: Reference[];
  pageInfo?: PageInfo;
  totalCount?: number | null;
};

/** A connection as a query reads it: `nodes` beside the edges. */
type ReadConnection = Omit<IncomingConnection, "nodes"> & { nodes: unknown[] };

function isStoreObject(value: unknown): value is StoreObject | Reference {
  return typeof value === "object" && value !== null;
}

/**
 * Relay-style paging for a connection field (Apollo's `relayStylePagination`), for the shapes this
 * graph answers: a page asked through `nodes` alone is kept as edges too (its cursors come from
 * `pageInfo`), and `nodes` is read back from the merged edges, so `fetchMore` merges pages
 * whichever of the two a query selects. A node the cache has seen deleted (`deleted: true`, as a
 * delete's payload answers it) leaves the list and its `totalCount`, unless the list was asked
 * `withDeleted`.
 *
 * @param keyArgs the field's non-paging arguments: each combination of them is its own list.
 */
export function connectionPagination(
  keyArgs: KeyArgs = false,
): FieldPolicy<StoredConnection | null, IncomingConnection | null, ReadConnection | null> {
  const relay = relayStylePagination(keyArgs);
  return {
    keyArgs,
    read(existing, options) {
      const page = relay.read?.(existing, options);
      if (!page) return page;
      const { readField } = options;
      const nodeOf = (edge: Edge) => readField("node", edge);
      const deleted = (edge: Edge) => {
        const node = nodeOf(edge);
        return isStoreObject(node) && readField("deleted", node) === true;
      };
      const all = page.edges ?? [];
      const edges = options.args?.withDeleted === true ? all : all.filter((e) => !deleted(e));
      const gone = all.length - edges.length;
      const totalCount = existing?.totalCount;
      return {
        ...page,
        ...(typeof totalCount === "number" && gone > 0 ? { totalCount: totalCount - gone } : {}),
        edges,
        nodes: edges.map(nodeOf),
      };
    },
    merge(existing, incoming, options) {
      const merge = relay.merge;
      if (typeof merge !== "function" || !incoming) return existing ?? null;
      const { nodes, ...rest } = incoming;
      // A page asked through `nodes` alone: its edges are the nodes (relayStylePagination fills
      // the first and last edge's cursor from pageInfo, enough to go on from either end).
      const edges = rest.edges ?? nodes?.map((node) => ({ node }));
      return merge(existing, edges ? { ...rest, edges } : rest, options) ?? null;
    },
  };
}
