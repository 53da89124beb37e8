import type { BatchLimits } from "@adsgraph/models";
import type { ApiErrorItem, OperationError, RestClientError } from "../core/errors.js";

/** One request's worth of operations; `indexes[i]` is the caller's index of `operations[i]`. */
export interface BatchChunk {
  readonly operations: unknown[];
  readonly indexes: number[];
}

const encoder = new TextEncoder();
const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).byteLength;

interface UsersOperation {
  readonly operation_type: unknown;
  readonly params: { readonly users: readonly unknown[] } & Record<string, unknown>;
}

function isUsersOperation(value: unknown): value is UsersOperation {
  if (typeof value !== "object" || value === null) return false;
  const params = (value as { params?: unknown }).params;
  return (
    typeof params === "object" &&
    params !== null &&
    Array.isArray((params as { users?: unknown }).users)
  );
}

/**
 * A users operation too large for one body on its own is cut into operations of the same type
 * and params with fewer users each; every part keeps the caller's index.
 */
function splitOversized(operation: unknown, maxBytes: number): unknown[] {
  if (!isUsersOperation(operation) || jsonBytes([operation]) <= maxBytes) return [operation];
  const users = operation.params.users;
  if (users.length < 2) return [operation];
  const half = Math.ceil(users.length / 2);
  const part = (slice: readonly unknown[]) => ({
    ...operation,
    params: { ...operation.params, users: slice },
  });
  return [
    ...splitOversized(part(users.slice(0, half)), maxBytes),
    ...splitOversized(part(users.slice(half)), maxBytes),
  ];
}

/**
 * Splits operations into requests within the limits, keeping input order. An operation that
 * alone exceeds the byte limit is split by users when it can be; otherwise it goes alone and
 * the catalog's validation reports it.
 */
export function splitOperations(operations: readonly unknown[], limits: BatchLimits): BatchChunk[] {
  const maxOps = limits.operations ?? Number.POSITIVE_INFINITY;
  const maxBytes = limits.bytes ?? Number.POSITIVE_INFINITY;
  const chunks: BatchChunk[] = [];
  let current: BatchChunk = { operations: [], indexes: [] };
  let bytes = 2; // "[" and "]"
  operations.forEach((operation, index) => {
    const parts = Number.isFinite(maxBytes) ? splitOversized(operation, maxBytes) : [operation];
    for (const part of parts) {
      const size = Number.isFinite(maxBytes) ? jsonBytes(part) : 0;
      const extra = current.operations.length === 0 ? size : size + 1; // the comma
      if (
        current.operations.length > 0 &&
        (current.operations.length >= maxOps || bytes + extra > maxBytes)
      ) {
        chunks.push(current);
        current = { operations: [], indexes: [] };
        bytes = 2;
      }
      bytes += current.operations.length === 0 ? size : size + 1;
      current.operations.push(part);
      current.indexes.push(index);
    }
  });
  if (current.operations.length > 0) chunks.push(current);
  return chunks;
}

/** Users sent in a chunk of users operations (what success_count/total_count must equal). */
export function usersIn(operations: readonly unknown[]): number {
  return operations.reduce<number>(
    (sum, op) => sum + (isUsersOperation(op) ? op.params.users.length : 0),
    0,
  );
}

/** Sums success_count and total_count of a users-batch answer (`data` is one object or an array). */
export function usersBatchCounts(body: unknown): {
  successCount: number | undefined;
  totalCount: number | undefined;
} {
  const data =
    typeof body === "object" && body !== null ? (body as { data?: unknown }).data : undefined;
  const entries: unknown[] = Array.isArray(data) ? data : data === undefined ? [] : [data];
  let successCount: number | undefined;
  let totalCount: number | undefined;
  for (const entry of entries) {
    if (typeof entry !== "object" || entry === null) continue;
    const { success_count: s, total_count: t } = entry as {
      success_count?: unknown;
      total_count?: unknown;
    };
    if (typeof s === "number") successCount = (successCount ?? 0) + s;
    if (typeof t === "number") totalCount = (totalCount ?? 0) + t;
  }
  return { successCount, totalCount };
}

/** Re-keys a violation path `operations[i]...` of a chunk to the caller's index. */
export function reindexParameter(parameter: string, indexes: readonly number[]): string {
  return parameter.replace(/^operations\[(\d+)\]/, (whole, i: string) => {
    const callerIndex = indexes[Number(i)];
    return callerIndex === undefined ? whole : `operations[${callerIndex}]`;
  });
}

/** Maps a chunk's operation errors (positions in the chunk) to the caller's indexes. */
export function toCallerIndexes(
  errors: readonly OperationError[],
  indexes: readonly number[],
): OperationError[] {
  return errors.map((e) => ({ index: indexes[e.index] ?? e.index, errors: e.errors }));
}

/** Merges errors that now share a caller index (an operation split by users). */
export function mergeByIndex(errors: readonly OperationError[]): OperationError[] {
  const merged = new Map<number, ApiErrorItem[]>();
  for (const e of errors) {
    const list = merged.get(e.index);
    if (list === undefined) merged.set(e.index, [...e.errors]);
    else list.push(...e.errors);
  }
  return [...merged.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, list]) => ({ index, errors: list }));
}

/** What a split batch came to. */
export interface BatchOutcome<T, R> {
  /** True when every chunk was sent and accepted. */
  readonly ok: boolean;
  /** `data[i]` answers the caller's operation i (batch envelopes); undefined where its chunk failed or was not sent. */
  readonly data: Array<T | undefined>;
  /** The answer of each accepted chunk, in order. */
  readonly responses: R[];
  /** Item errors by the caller's index (spec §7 operation_errors). */
  readonly operationErrors: OperationError[];
  /** Chunks that failed, with the caller's indexes they held. */
  readonly failures: Array<{ readonly indexes: number[]; readonly error: RestClientError }>;
  /** Caller indexes never sent (after a failure, with `stopOnError`). */
  readonly notSent: number[];
}
