import type { Page } from "@adsgraph/rest-client";
import type { ArgBuilder, InterfaceRef, ObjectRef } from "@pothos/core";
import { getDirectiveValues, GraphQLIncludeDirective, GraphQLSkipDirective, Kind } from "graphql";
import type { GraphQLResolveInfo, SelectionNode, SelectionSetNode } from "graphql";
import { builder } from "../builder.js";
import type { Types } from "../builder.js";
import { badUserInputError } from "../errors/graphql-errors.js";
import { CURSOR_INPUT } from "../input/input-rules.js";
import type { ResourceReadId } from "@adsgraph/models";
import type { WireParams } from "@adsgraph/rest-client";
import type { Loaders } from "../loaders/loaders.js";
import { QUERY_LIMITS } from "../query-limits.js";
import type { ShapeOf } from "../loaders/resource-reads.js";

/** Items per page when `first` is not given. */
export const DEFAULT_PAGE_SIZE = 50;

/** `first`/`after` of a connection over an upstream list whose `count` goes up to `maxCount`. */
export const pageArgs = (arg: ArgBuilder<Types>, maxCount = 1000) => ({
  first: arg.int({
    description: `How many items to return, 1 to ${maxCount} (default ${DEFAULT_PAGE_SIZE}).`,
  }),
  after: arg.string({
    ...CURSOR_INPUT,
    description: "Return the items after this cursor: a page's `endCursor` or an edge's `cursor`.",
  }),
});

/**
 * `last`/`before` beside `pageArgs`, for a connection over a list read whole (its order is
 * known end to end, so paging back costs nothing).
 */
export const backwardPageArgs = (arg: ArgBuilder<Types>, maxCount = 1000) => ({
  last: arg.int({
    description: `How many items to return from the end (or before \`before\`), 1 to ${maxCount}.`,
  }),
  before: arg.string({
    ...CURSOR_INPUT,
    description:
      "Return the items before this cursor: a page's `startCursor` or an edge's `cursor`.",
  }),
});

/** Both ways' paging arguments of a connection over a list read whole. */
export const bothWaysPageArgs = (arg: ArgBuilder<Types>, maxCount = 1000) => ({
  ...pageArgs(arg, maxCount),
  ...backwardPageArgs(arg, maxCount),
});

/** `first`/`after` of every connection. */
export interface PageArgs {
  first?: number | null | undefined;
  after?: string | null | undefined;
}

/** `first`/`after` and `last`/`before`, of a connection over a list read whole. */
export interface BothWaysPageArgs extends PageArgs {
  last?: number | null | undefined;
  before?: string | null | undefined;
}

/** Said of a connection over an upstream list: its cursors only lead on to the next page. */
export const FORWARD_ONLY =
  "Pages forward only (`first`/`after`): a cursor leads to the next page, not back.";

/** What one upstream page request needs: `count`, `cursor`, and how many leading items to drop. */
export interface Paging {
  count: number;
  cursor: string | undefined;
  skip: number;
  after: string | null;
}

/** One edge: an item and the cursor to go on from after it. */
export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface ConnectionResult<T> {
  edges: Edge<T>[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number | null;
}

// An edge in the middle of a page has no upstream cursor of its own: its cursor names the
// upstream cursor of its page and how many items of that page come before the next one.
const EDGE_PREFIX = "ec1.";

function encodeEdgeCursor(pageCursor: string | null, skip: number): string {
  return EDGE_PREFIX + Buffer.from(JSON.stringify([pageCursor, skip])).toString("base64url");
}

/**
 * An edge whose cursor is encoded when read: most queries select `pageInfo.endCursor` and not
 * each edge's cursor, and a page of 1,000 items then builds no 1,000 encoded strings.
 */
class LazyEdge<T> implements Edge<T> {
  readonly node: T;
  readonly #pageCursor: string | null;
  readonly #skip: number;
  constructor(node: T, pageCursor: string | null, skip: number) {
    this.node = node;
    this.#pageCursor = pageCursor;
    this.#skip = skip;
  }
  get cursor(): string {
    return encodeEdgeCursor(this.#pageCursor, this.#skip);
  }
}

function decodeEdgeCursor(cursor: string): { pageCursor: string | null; skip: number } | null {
  try {
    const value: unknown = JSON.parse(
      Buffer.from(cursor.slice(EDGE_PREFIX.length), "base64url").toString("utf8"),
    );
    if (!Array.isArray(value) || value.length !== 2) return null;
    const pageCursor: unknown = value[0];
    const skip: unknown = value[1];
    if (
      (typeof pageCursor !== "string" && pageCursor !== null) ||
      typeof skip !== "number" ||
      !Number.isSafeInteger(skip)
    ) {
      return null;
    }
    return { pageCursor, skip: Math.max(0, skip) };
  } catch {
    return null;
  }
}

/**
 * The upstream request for `first`/`after`: `first` becomes `count` (1 to `maxCount`, the
 * list's own limit), `after` the upstream cursor (`endCursor`), or a page cursor plus a skip
 * for a cursor taken from an edge in the middle of a page.
 */
export function pagingFor(args: PageArgs, maxCount: number): Paging {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(first) || first < 1 || first > maxCount) {
    throw badUserInputError(`first must be between 1 and ${maxCount} (got ${first}).`);
  }
  const after = args.after ?? null;
  if (after === null || after === "")
    return { count: first, cursor: undefined, skip: 0, after: null };
  if (!after.startsWith(EDGE_PREFIX)) return { count: first, cursor: after, skip: 0, after };
  const edge = decodeEdgeCursor(after);
  if (edge === null) throw badUserInputError("after is not a cursor this API handed out.");
  return {
    count: Math.min(maxCount, first + edge.skip),
    cursor: edge.pageCursor ?? undefined,
    skip: edge.skip,
    after,
  };
}

/** Relay edges and a hand-built pageInfo over one upstream page. */
export function toConnection<T>(
  page: Page<T>,
  paging: Paging,
  totalCount: number | null = page.totalCount ?? null,
): ConnectionResult<T> {
  const pageCursor = paging.cursor ?? null;
  const last = page.items.length - 1;
  const edges = page.items.slice(paging.skip).map((node, offset): Edge<T> => {
    const index = paging.skip + offset;
    return index === last && page.nextCursor !== null
      ? { cursor: page.nextCursor, node }
      : new LazyEdge(node, pageCursor, index + 1);
  });
  return {
    edges,
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: paging.after !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: page.nextCursor ?? edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount,
  };
}

/**
 * A connection over every item of a list read whole (a parent's children, read for many
 * parents at once): the arguments are checked before `readAll` asks anything, the list is
 * paged here both ways with edge cursors of no upstream page (an upstream cursor pages one
 * list, not one parent's share of a batched read), and totalCount is its length.
 */
export async function connectionOfAll<T>(
  args: BothWaysPageArgs,
  maxCount: number,
  readAll: () => Promise<readonly T[]>,
): Promise<ConnectionResult<T>> {
  const first = sizeOf("first", args.first, maxCount);
  const last = sizeOf("last", args.last, maxCount);
  // Each an edge cursor naming how many items come up to and including its edge.
  const after = offsetOf("after", args.after);
  const before = offsetOf("before", args.before);
  const items = await readAll();
  let start = Math.min(after ?? 0, items.length);
  let end = Math.max(
    start,
    Math.min(before === undefined ? items.length : before - 1, items.length),
  );
  if (first !== undefined) end = Math.min(end, start + first);
  if (last !== undefined) start = Math.max(start, end - last);
  if (first === undefined && last === undefined) end = Math.min(end, start + DEFAULT_PAGE_SIZE);
  const edges = items
    .slice(start, end)
    .map((node, offset): Edge<T> => new LazyEdge(node, null, start + offset + 1));
  return {
    edges,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: items.length,
  };
}

function sizeOf(
  name: "first" | "last",
  value: number | null | undefined,
  maxCount: number,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 1 || value > maxCount) {
    throw badUserInputError(`${name} must be between 1 and ${maxCount} (got ${value}).`);
  }
  return value;
}

function offsetOf(name: "after" | "before", cursor: string | null | undefined): number | undefined {
  if (cursor === null || cursor === undefined || cursor === "") return undefined;
  const edge = cursor.startsWith(EDGE_PREFIX) ? decodeEdgeCursor(cursor) : null;
  if (edge === null || edge.pageCursor !== null) {
    throw badUserInputError(
      `${name} is not a cursor of this connection: pass one of its edges' cursors.`,
    );
  }
  return edge.skip;
}

/** Whether the field being resolved selects `name` (through fragments too). */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  return selectsPath(info, [name]);
}

/** False for a selection that `@skip(if: true)` or `@include(if: false)` leaves out. */
function included(info: GraphQLResolveInfo, selection: SelectionNode): boolean {
  if (selection.directives === undefined || selection.directives.length === 0) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, selection, info.variableValues);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, selection, info.variableValues);
  return include?.if !== false;
}

/**
 * Whether the field being resolved selects the field at `path` below it (`["edges", "node",
 * "fundingInstrument"]`), through fragments too, leaving out what `@skip`/`@include` drop.
 */
export function selectsPath(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  const visit = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): boolean =>
    set?.selections.some((selection) => {
      if (!included(info, selection)) return false;
      switch (selection.kind) {
        case Kind.FIELD:
          if (selection.name.value !== path[depth]) return false;
          return depth === path.length - 1 || visit(selection.selectionSet, depth + 1, seen);
        case Kind.INLINE_FRAGMENT:
          return visit(selection.selectionSet, depth, seen);
        case Kind.FRAGMENT_SPREAD: {
          const fragmentName = selection.name.value;
          if (seen.has(fragmentName)) return false;
          return visit(
            info.fragments[fragmentName]?.selectionSet,
            depth,
            new Set(seen).add(fragmentName),
          );
        }
      }
    }) ?? false;
  return info.fieldNodes.some((node) => visit(node.selectionSet, 0, new Set()));
}

/** Cost of a short list (a card's components or media: a few, ≤6 swipeable media). */
export const SMALL_LIST = { field: 1, multiplier: 4 };

/** Complexity of a connection field: its own cost plus `first` times its nodes' cost. */
export const connectionComplexity = (args: BothWaysPageArgs) => ({
  field: 1,
  multiplier: args.first ?? args.last ?? DEFAULT_PAGE_SIZE,
});

/**
 * Complexity of a connection over a list read whole for many parents at once: `first`/`last`
 * items when given, else as a list field without a size (its upstream work is shared).
 */
export const wholeListComplexity = (args: BothWaysPageArgs) => ({
  field: 1,
  multiplier: args.first ?? args.last ?? QUERY_LIMITS.defaultListMultiplier,
});

/** Names written as acronyms in prose. */
const ACRONYMS: Readonly<Record<string, string>> = { iab: "IAB" };

/** A type's name in prose, one and many: `IabCategory` → `IAB category`, `IAB categories`. */
export function nounsOf(typename: string): { one: string; many: string } {
  const words = typename
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(" ")
    .map((word) => ACRONYMS[word] ?? word);
  const one = words.join(" ");
  const last = words.pop() ?? "";
  const plural = last.endsWith("media")
    ? last
    : last.endsWith("criterion")
      ? `${last.slice(0, -2)}a`
      : last.endsWith("y") && !/[aeiou]y$/.test(last)
        ? `${last.slice(0, -1)}ies`
        : last.endsWith("s")
          ? `${last}es`
          : `${last}s`;
  return { one, many: [...words, plural].join(" ") };
}

/**
 * A connection type `<Name>Connection` over `node`, with totalCount unless the list cannot
 * count (spec §4.7: the generic cards list takes no with_total_count). Its fields are described
 * in terms of the node type (`LineItem` → "line items").
 */
export function connectionType<T>(
  name: string,
  node: ObjectRef<Types, T> | InterfaceRef<Types, T>,
  description: string,
  { totalCount = true }: { totalCount?: boolean } = {},
): ObjectRef<Types, ConnectionResult<T>> {
  const { one, many } = nounsOf(node.name);
  // Built by hand rather than with the relay plugin's connectionObject, whose types cannot
  // relate a generic node to its connection's shape; the SDL is the same.
  const edge = builder.objectRef<Edge<T>>(`${name}Edge`).implement({
    description: `One of the ${many} on a page, with the cursor that points at it.`,
    fields: (t) => ({
      cursor: t.exposeString("cursor", {
        description:
          `Where this ${one} sits in the list: pass it as \`after\` (or \`before\`, where the ` +
          "field takes it) to page on from here.",
      }),
      node: t.expose("node", { type: node, description: `The ${one}.` }),
    }),
  });
  return builder.objectRef<ConnectionResult<T>>(`${name}Connection`).implement({
    description,
    fields: (t) => ({
      edges: t.field({
        type: [edge],
        description: `The ${many} on this page, in order, each with its cursor.`,
        // As the relay plugin's edgesFieldOptions (builder.ts): `first` multiplies already.
        complexity: { field: 1, multiplier: 1 },
        resolve: (connection) => connection.edges,
      }),
      nodes: t.field({
        type: [node],
        description: `The ${many} on this page, in order; the same as \`edges { node }\`.`,
        complexity: { field: 1, multiplier: 1 },
        resolve: (connection) => connection.edges.map((e) => e.node),
      }),
      pageInfo: t.field({
        type: builder.pageInfoRef(),
        description: `Whether more ${many} come before or after this page, and the cursors to reach them.`,
        resolve: (connection) => connection.pageInfo,
      }),
      ...(totalCount && {
        totalCount: t.int({
          description:
            `How many ${many} the whole list holds with the filters given, across all pages. ` +
            "Counting takes the service extra work and is limited on its own: select it only " +
            "when the screen shows it.",
          resolve: (connection) => connection.totalCount ?? 0,
        }),
      }),
    }),
  });
}

/** What an upstream page request gets from `first`/`after` and the totalCount selection. */
export interface PageRequest {
  count: number;
  cursor?: string;
  with_total_count?: boolean;
}

/**
 * Resolves a connection over an upstream list: `with_total_count` is asked only when
 * `totalCount` is selected, on the page request when it has no cursor (the spec forbids both
 * together), else by a separate first-page request in parallel.
 */
export async function resolveConnection<T>(
  info: GraphQLResolveInfo,
  args: PageArgs,
  maxCount: number,
  fetchPage: (request: PageRequest) => Promise<Page<T>>,
  fetchTotal: () => Promise<number>,
): Promise<ConnectionResult<T>> {
  const paging = pagingFor(args, maxCount);
  const wantTotal = selects(info, "totalCount");
  const firstPage = paging.cursor === undefined;
  const [page, total] = await Promise.all([
    fetchPage({
      count: paging.count,
      ...(paging.cursor !== undefined && { cursor: paging.cursor }),
      ...(wantTotal && firstPage && { with_total_count: true }),
    }),
    wantTotal && !firstPage ? fetchTotal() : Promise.resolve(undefined),
  ]);
  return toConnection(page, paging, wantTotal ? (total ?? page.totalCount ?? null) : null);
}

/** Where an account's list connection reads: which list, of which account, with which filters. */
export interface AccountList<Id extends ResourceReadId> {
  readonly loaders: Loaders;
  /** The resource whose account list this is, by its read id (loaders.byId). */
  readonly id: Id;
  readonly accountId: string;
  /** Wire filters, asked of every page and of the total count alike. */
  readonly filters: WireParams;
  /** The list's `count` limit (1000 unless the spec says otherwise). */
  readonly maxCount?: number;
  /** False for a list without `with_total_count`: totalCount answers 0. */
  readonly counts?: boolean;
  /**
   * Reads what the page's nodes refer to, when the query selects it (`edges.node.<field>`),
   * before the connection is answered: the nodes' fields then find it already read
   * (`ByIdLoader.peek`) and resolve without a promise each.
   */
  readonly prefetch?: NodePrefetch<ShapeOf<Id>>;
}

/** A field of a connection's nodes whose values are read for the whole page at once. */
export interface NodePrefetch<T> {
  readonly field: string;
  load(nodes: T[], loaders: Loaders): Promise<unknown>;
}

/** An account's list (campaigns, cards, media, ...) as a connection, through the loaders. */
export async function resolveAccountList<Id extends ResourceReadId>(
  info: GraphQLResolveInfo,
  args: PageArgs,
  { loaders, id, accountId, filters, maxCount = 1000, counts = true, prefetch }: AccountList<Id>,
): Promise<ConnectionResult<ShapeOf<Id>>> {
  const connection = await resolveConnection(
    info,
    args,
    maxCount,
    (page) => loaders.page(id, accountId, { ...filters, ...page }),
    () => (counts ? loaders.totalCount(id, accountId, filters) : Promise.resolve(0)),
  );
  // Only over batching loaders, which keep what they read (without, the nodes would read it again).
  const wanted =
    prefetch !== undefined &&
    loaders.batching &&
    selectsPath(info, ["edges", "node", prefetch.field]);
  if (wanted) {
    // Failures stay per key in the loader: each node's field reports its own, as before.
    await prefetch.load(
      connection.edges.map((edge) => edge.node),
      loaders,
    );
  }
  return connection;
}
