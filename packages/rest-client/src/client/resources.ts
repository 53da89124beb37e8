import { endpoints } from "@adsgraph/models";
import type { AnyEndpoint } from "@adsgraph/models";
import type { ResourceTree } from "./method-types.js";

/** Members of the client that no catalog word may shadow. */
export const CLIENT_MEMBERS = [
  "call",
  "request",
  "pages",
  "items",
  "collect",
  "totalCount",
  "getMany",
  "chunked",
  "rateLimits",
  "withAuth",
  "close",
] as const;

type Fn = (...args: unknown[]) => unknown;
type Node = Record<string, unknown>;

/** The generic functions the tree binds; `id` is the endpoint's catalog id. */
export interface TreeApi {
  call(id: string, params?: unknown, options?: unknown): unknown;
  pages(id: string, params?: unknown, options?: unknown): unknown;
  items(id: string, params?: unknown, options?: unknown): unknown;
  collect(id: string, params?: unknown, options?: unknown): unknown;
  totalCount(id: string, params?: unknown, options?: unknown): unknown;
  getMany(id: string, params?: unknown, options?: unknown): unknown;
  chunked(id: string, params?: unknown, options?: unknown): unknown;
}

/** What helpers an endpoint gets, read from its catalog entry (the types mirror these rules). */
export function helpersOf(endpoint: AnyEndpoint): {
  pageable: boolean;
  totalCount: boolean;
  batch: boolean;
} {
  const isList = endpoint.response.kind === "list";
  return {
    pageable: isList && endpoint.locations.cursor === "query",
    totalCount: isList && endpoint.locations.with_total_count === "query",
    batch: endpoint.locations.operations === "body",
  };
}

function methodFor(api: TreeApi, endpoint: AnyEndpoint): Fn {
  const id = endpoint.id;
  const method = ((params?: unknown, options?: unknown) => api.call(id, params, options)) as Fn &
    Node;
  const helpers = helpersOf(endpoint);
  if (helpers.pageable) {
    method.pages = (params?: unknown, options?: unknown) => api.pages(id, params, options);
    method.items = (params?: unknown, options?: unknown) => api.items(id, params, options);
    method.collect = (params?: unknown, options?: unknown) => api.collect(id, params, options);
  }
  if (helpers.totalCount) {
    method.totalCount = (params?: unknown, options?: unknown) =>
      api.totalCount(id, params, options);
  }
  if (helpers.batch) {
    method.chunked = (params?: unknown, options?: unknown) => api.chunked(id, params, options);
  }
  return method;
}

function child(parent: Node, word: string): Node {
  const existing = parent[word];
  if (existing !== undefined) return existing as Node;
  const node: Node = {};
  parent[word] = node;
  return node;
}

/** The first words of the catalog ids: the client's namespaces (`campaigns`, `accounts`, ...). */
export const RESOURCE_WORDS: readonly string[] = [
  ...new Set(endpoints.map((endpoint) => endpoint.id.split(".")[0] ?? endpoint.id)),
];

/**
 * Builds `client.<word>.<word>...` from the catalog ids: adding an endpoint to the catalog adds
 * its method. `getMany` goes on the namespace of every list endpoint with an id lookup.
 */
export function buildResourceTree(api: TreeApi): ResourceTree {
  const root: Node = {};
  for (const endpoint of endpoints) {
    const words = endpoint.id.split(".");
    const last = words.pop() ?? endpoint.id;
    if (words.length === 0 && (CLIENT_MEMBERS as readonly string[]).includes(last)) {
      throw new Error(`catalog id ${endpoint.id} collides with a client member`);
    }
    const parent = words.reduce(child, root);
    const method = methodFor(api, endpoint);
    const existing = parent[last];
    // A word that is both a namespace and an endpoint keeps its children on the method.
    if (existing !== undefined) Object.assign(method, existing);
    parent[last] = method;
    if (endpoint.lookups.length > 0 && words.length > 0) {
      if (parent.getMany !== undefined) throw new Error(`two id lookups under ${words.join(".")}`);
      parent.getMany = (params?: unknown, options?: unknown) =>
        api.getMany(endpoint.id, params, options);
    }
  }
  for (const word of Object.keys(root)) {
    if ((CLIENT_MEMBERS as readonly string[]).includes(word)) {
      throw new Error(`catalog word ${word} collides with a client member`);
    }
  }
  return root as ResourceTree;
}
