/**
 * What a service answers, before `http/envelopes.ts` wraps it in a spec §2.1 envelope.
 * `request.params` echoes the parameters as the service understood them (validated and
 * normalised: id lists as arrays, booleans and numbers as such).
 */
export type Echo = Record<string, unknown>;

export interface SingleResult {
  readonly kind: "single";
  readonly data: unknown;
  readonly dataType?: string | undefined;
}

export interface ListResult {
  readonly kind: "list";
  readonly data: readonly unknown[];
  readonly nextCursor: string | null;
  readonly totalCount?: number | undefined;
  readonly dataType?: string | undefined;
}

export interface CollectionResult {
  readonly kind: "collection";
  readonly data: readonly unknown[];
  readonly dataType?: string | undefined;
}

export interface BatchResult {
  readonly kind: "batch";
  readonly data: readonly unknown[];
  readonly request: readonly { params: Echo; operation_type: string }[];
  readonly dataType?: string | undefined;
}

export type HandlerResult = SingleResult | ListResult | CollectionResult | BatchResult;

export const single = (data: unknown, dataType?: string): SingleResult => ({
  kind: "single",
  data,
  dataType,
});

export const collection = (data: readonly unknown[], dataType?: string): CollectionResult => ({
  kind: "collection",
  data,
  dataType,
});

/** A list result from a page of rows. */
export function listOf<Row>(
  outcome: { rows: readonly Row[]; nextCursor: string | null; totalCount: number | undefined },
  present: (row: Row) => unknown,
  dataType?: string,
): ListResult {
  return {
    kind: "list",
    data: outcome.rows.map(present),
    nextCursor: outcome.nextCursor,
    totalCount: outcome.totalCount,
    dataType,
  };
}
