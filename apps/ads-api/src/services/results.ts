import type { ServerResponse } from "node:http";

/**
 * What a service answers, before `http/envelopes.ts` wraps it in a spec §2.1 envelope.
 * `request.params` echoes the parameters as the service understood them (validated and
 * normalised: id lists as arrays, booleans and numbers as such).
 */
export type Echo = Record<string, unknown>;

/**
 * The result kinds take the type of what they carry, so that a handler is checked against what
 * its catalog entry answers (routes/ads-route.ts `AdsResult`).
 */
export interface SingleResult<T = unknown> {
  readonly kind: "single";
  readonly data: T;
  readonly dataType?: string | undefined;
  /** Response headers of the answer (analytics jobs: the concurrent job slots). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

export interface ListResult<T = unknown> {
  readonly kind: "list";
  readonly data: readonly T[];
  readonly nextCursor: string | null;
  readonly totalCount?: number | undefined;
  readonly dataType?: string | undefined;
  /** Response headers of the answer (never set on a cacheable list). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Set when the answer depends on nothing but the account's data and the parameters: the
   * route may then serve it again from the list cache (list-cache/list-answer-cache.ts) until this
   * service-clock instant (ms), while the account's data version is unchanged.
   */
  readonly stableUntil?: number | undefined;
}

export interface CollectionResult<T = unknown> {
  readonly kind: "collection";
  readonly data: readonly T[];
  readonly dataType?: string | undefined;
}

export interface BatchResult<T = unknown> {
  readonly kind: "batch";
  readonly data: readonly T[];
  readonly request: readonly { params: Echo; operation_type: string }[];
  readonly dataType?: string | undefined;
}

/**
 * A body sent as it is, without the §2.1 envelope: endpoints the catalog marks `raw-json`
 * (the post-data API v2 of §4.9 answers plain JSON objects).
 */
export interface RawResult<T = unknown> {
  readonly kind: "raw";
  readonly body: T;
  /** The HTTP status (default 200; POST /2/posts answers 201 Created). */
  readonly status?: number | undefined;
}

/**
 * A persistent response (spec §6 activity stream): the route hands over the raw response
 * once authentication, validation and limits passed, and `run` writes it until it ends.
 */
export interface StreamResult {
  readonly kind: "stream";
  run(response: ServerResponse): Promise<void>;
}

/** Results answered inside a §2.1 envelope (every advertising endpoint's). */
export type EnvelopedResult = SingleResult | ListResult | CollectionResult | BatchResult;

export const single = <T>(data: T, dataType?: string): SingleResult<T> => ({
  kind: "single",
  data,
  dataType,
});

export const collection = <T>(data: readonly T[], dataType?: string): CollectionResult<T> => ({
  kind: "collection",
  data,
  dataType,
});

export const raw = <T>(body: T, status?: number): RawResult<T> => ({ kind: "raw", body, status });

/** A list result from a page of rows. */
export function listOf<Row, T>(
  outcome: { rows: readonly Row[]; nextCursor: string | null; totalCount: number | undefined },
  present: (row: Row) => T,
  dataType?: string,
): ListResult<T> {
  return {
    kind: "list",
    data: outcome.rows.map(present),
    nextCursor: outcome.nextCursor,
    totalCount: outcome.totalCount,
    dataType,
  };
}

/**
 * Marks a list answer as a function of the account's data and the parameters alone, the same
 * for every caller allowed to read it, until `stableUntil` (ms of the service clock; never, by
 * default): the route may cache it per account data version.
 */
export function cacheable<T>(
  result: ListResult<T>,
  stableUntil = Number.POSITIVE_INFINITY,
): ListResult<T> {
  return { ...result, stableUntil };
}
