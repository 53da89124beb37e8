import { REST_CLIENT_ERROR_CODES, RestClientError } from "../core/errors.js";

/** One page of a list endpoint. Save `nextCursor` to resume later with `{ cursor }`. */
export interface Page<T, E = unknown> {
  readonly items: T[];
  readonly nextCursor: string | null;
  /** Only on a first page asked `with_total_count: true` (spec §4.2). */
  readonly totalCount: number | undefined;
  /** The page's whole envelope (request echo, data_type, ...). */
  readonly envelope: E;
}

/** Sends one page request with the given wire parameters and resolves with its envelope. */
export type FetchPage = (params: Record<string, unknown>) => Promise<unknown>;

function envelopeField(envelope: unknown, name: string): unknown {
  return typeof envelope === "object" && envelope !== null
    ? (envelope as Record<string, unknown>)[name]
    : undefined;
}

/** spec §2.1: the cursor of the next page, or null at the end (an empty string counts as the end). */
export function nextCursorOf(envelope: unknown): string | null {
  const cursor = envelopeField(envelope, "next_cursor");
  return typeof cursor === "string" && cursor !== "" ? cursor : null;
}

/** The `data` items of an envelope (lists, collections, post-data lookups). */
export function itemsOfEnvelope(envelope: unknown): unknown[] {
  const data = envelopeField(envelope, "data");
  return Array.isArray(data) ? (data as unknown[]) : [];
}

export function pageOf<T>(envelope: unknown): Page<T> {
  const total = envelopeField(envelope, "total_count");
  return {
    items: itemsOfEnvelope(envelope) as T[],
    nextCursor: nextCursorOf(envelope),
    totalCount: typeof total === "number" ? total : undefined,
    envelope,
  };
}

/**
 * Pages of a list, following next_cursor. Every page is sent with every parameter the caller
 * gave (count, filters, sort_by, with_deleted, ...), plus the cursor; `with_total_count` goes
 * only on a first page without a cursor (spec §4.2: never combined with one). A `cursor`
 * among `params` resumes from a saved position. A server that hands back a cursor already
 * seen would loop forever or repeat items, so that ends iteration with an error.
 */
export async function* paginate<T>(
  fetchPage: FetchPage,
  params: Readonly<Record<string, unknown>>,
  endpointId: string,
): AsyncGenerator<Page<T>, void, undefined> {
  const { cursor: start, ...rest } = params;
  let cursor = typeof start === "string" && start !== "" ? start : undefined;
  const seen = new Set<string>();
  for (;;) {
    const pageParams: Record<string, unknown> = { ...rest };
    if (cursor !== undefined) {
      pageParams.cursor = cursor;
      delete pageParams.with_total_count;
    }
    const page = pageOf<T>(await fetchPage(pageParams));
    yield page;
    if (page.nextCursor === null) return;
    if (seen.has(page.nextCursor) || page.nextCursor === cursor) {
      throw new RestClientError(
        REST_CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
        `${endpointId}: the server repeated a cursor; stopped paging to avoid repeating items`,
        endpointId,
      );
    }
    if (cursor !== undefined) seen.add(cursor);
    cursor = page.nextCursor;
  }
}

/** The items of every page, in order. */
export async function* itemsOf<T>(
  pages: AsyncIterable<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.items;
}

export interface CollectOptions {
  /** Stop after this many items (the iteration is closed, so no further page is fetched). */
  readonly limit?: number | undefined;
}

/** Gathers an async iterable into an array, stopping early at `limit`. */
export async function collect<T>(
  iterable: AsyncIterable<T>,
  options: CollectOptions = {},
): Promise<T[]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const out: T[] = [];
  if (limit <= 0) return out;
  for await (const item of iterable) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
