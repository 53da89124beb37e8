import { validateParams, VIOLATION_CODES } from "@adsgraph/models";
import type { AnyEndpoint, Violation } from "@adsgraph/models";
import {
  mergeByIndex,
  reindexParameter,
  splitOperations,
  toCallerIndexes,
  usersBatchCounts,
  usersIn,
} from "./batch.js";
import type { BatchChunk, BatchOutcome } from "./batch.js";
import type { ResolvedConfig } from "../core/config.js";
import {
  RestApiError,
  RestBatchError,
  RestValidationError,
  toRestClientError,
} from "../core/errors.js";
import type { OperationError, RestClientError } from "../core/errors.js";
import type { BatchOptions } from "./method-types.js";
import { operationErrorsOf } from "../core/response.js";
import { backoffMs } from "../core/retry.js";

/** Sends one chunk's params; resolves with the decoded body. */
export type SendChunk = (
  params: Record<string, unknown>,
  options: BatchOptions,
) => Promise<unknown>;

function violationKey(v: Violation): string {
  return `${v.code}\u0000${v.parameter}\u0000${v.message}`;
}

/** Validates every chunk before any is sent; violations name the caller's indexes. */
function validateChunks(
  endpoint: AnyEndpoint,
  rest: Record<string, unknown>,
  chunks: readonly BatchChunk[],
  options: BatchOptions,
): void {
  const violations = new Map<string, Violation>();
  const parts = chunks.length === 0 ? [{ operations: [], indexes: [] }] : chunks;
  for (const chunk of parts) {
    const result = validateParams(
      endpoint,
      { ...rest, operations: chunk.operations },
      options.validate,
    );
    if (result.ok) continue;
    for (const v of result.violations) {
      // Rules of one operation name it at the start of their message too ("operations[3]: …").
      const mapped = {
        ...v,
        parameter: reindexParameter(v.parameter, chunk.indexes),
        message: reindexParameter(v.message, chunk.indexes),
      };
      violations.set(violationKey(mapped), mapped);
    }
  }
  if (violations.size > 0) throw new RestValidationError(endpoint.id, [...violations.values()]);
}

const isUsersBatch = (endpoint: AnyEndpoint) => endpoint.response.kind === "raw-json";

/**
 * Sends a batch in chunks within the endpoint's limits (spec §8), in input order, one chunk at
 * a time (each is all-or-nothing, §7). Item errors come back under the caller's own indexes.
 * Users batches whose counts differ from the users sent are retried, then reported (§7).
 */
export async function sendBatch(
  endpoint: AnyEndpoint,
  params: Record<string, unknown>,
  options: BatchOptions,
  config: ResolvedConfig,
  sendChunk: SendChunk,
): Promise<BatchOutcome<unknown, unknown>> {
  const { operations, ...rest } = params;
  if (!Array.isArray(operations)) {
    validateChunks(endpoint, params, [], options);
    throw new RestValidationError(endpoint.id, [
      {
        code: VIOLATION_CODES.INVALID_PARAMETER,
        parameter: "operations",
        message: "must be an array of operations",
      },
    ]);
  }
  const limits = endpoint.batch ?? {};
  const chunks = splitOperations(operations as unknown[], {
    operations: options.maxOperations ?? limits.operations,
    bytes: options.maxBytes ?? limits.bytes,
  });
  validateChunks(endpoint, rest, chunks, options);

  const data = new Array<unknown>(operations.length).fill(undefined);
  const responses: unknown[] = [];
  const operationErrors: OperationError[] = [];
  const failures: Array<{ indexes: number[]; error: RestClientError }> = [];
  const notSent: number[] = [];
  const countRetries = options.countRetries ?? 2;

  for (const [position, chunk] of chunks.entries()) {
    if (failures.length > 0 && (options.stopOnError ?? true)) {
      for (const later of chunks.slice(position)) notSent.push(...later.indexes);
      break;
    }
    try {
      const body = await sendChecked(
        endpoint,
        { ...rest, operations: chunk.operations },
        chunk,
        options,
        config,
        sendChunk,
        countRetries,
      );
      responses.push(body);
      const envelope = body as {
        data?: unknown;
        operation_errors?: Parameters<typeof operationErrorsOf>[0];
      };
      if (!isUsersBatch(endpoint) && Array.isArray(envelope.data)) {
        envelope.data.forEach((item, i) => {
          const index = chunk.indexes[i];
          if (index !== undefined) data[index] = item;
        });
      }
      operationErrors.push(
        ...operationErrorsOf(envelope.operation_errors, (i) => chunk.indexes[i] ?? i),
      );
    } catch (error) {
      const failure = toRestClientError(error);
      if (failure instanceof RestApiError)
        operationErrors.push(...toCallerIndexes(failure.operationErrors, chunk.indexes));
      failures.push({ indexes: [...new Set(chunk.indexes)], error: failure });
    }
  }
  return {
    ok: failures.length === 0 && notSent.length === 0,
    data,
    responses,
    operationErrors: mergeByIndex(operationErrors),
    failures,
    notSent: [...new Set(notSent)],
  };
}

async function sendChecked(
  endpoint: AnyEndpoint,
  params: Record<string, unknown>,
  chunk: BatchChunk,
  options: BatchOptions,
  config: ResolvedConfig,
  sendChunk: SendChunk,
  countRetries: number,
): Promise<unknown> {
  if (!isUsersBatch(endpoint)) return sendChunk(params, options);
  const sent = usersIn(chunk.operations);
  for (let attempt = 1; ; attempt++) {
    const body = await sendChunk(params, options);
    const { successCount, totalCount } = usersBatchCounts(body);
    // spec §7: counts differing from the records sent are an error to retry (absent counts too).
    if (successCount === sent && totalCount === sent) return body;
    if (attempt > countRetries) {
      throw new RestBatchError(endpoint.id, {
        sent,
        successCount,
        totalCount,
        indexes: [...new Set(chunk.indexes)],
        attempts: attempt,
      });
    }
    await config.sleep(backoffMs(attempt, config.retry, config.random), options.signal);
  }
}
