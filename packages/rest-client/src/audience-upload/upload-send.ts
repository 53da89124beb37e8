import { usersBatchCounts } from "../client/batch.js";
import type { RestClient } from "../client/client.js";
import {
  RestApiError,
  RestBatchError,
  RestNetworkError,
  toRestClientError,
} from "../core/errors.js";
import type { RestClientError } from "../core/errors.js";
import { backoffMs } from "../core/retry.js";
import type { RetryPolicy } from "../core/retry.js";
import type { UsersBatchPacing } from "./upload-pacing.js";

export type UsersBatchId = "custom_audiences.users.batch" | "do_not_reach_lists.users.batch";

/** What sending one users batch may do besides the request: wait, and tell how it went. */
export interface UsersBatchSending {
  readonly retries: number;
  readonly policy: RetryPolicy;
  readonly signal: AbortSignal | undefined;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A send of the same batch beyond the first. */
  onResend(): void;
  /** The client waited for a rate-limit reset (a 429, or a known-spent budget). */
  onRateLimitWait(ms: number): void;
  /** Asked before every send of a batch (resends too): waits while the window is spent. */
  readonly pacing?: UsersBatchPacing | undefined;
}

/** A failure worth sending the same batch again for; a users batch is a set write (idempotent). */
export function isTransient(error: RestClientError): boolean {
  if (error instanceof RestNetworkError) return true; // timeouts too
  return error instanceof RestApiError && error.status >= 500;
}

/**
 * Sends one users batch until its answer counts every user sent (spec §7: success_count or
 * total_count differing from the records sent is an error to retry), resending it after a
 * transient failure with backoff; resolves with success_count. Anything else throws at once.
 */
export async function sendUsersBatch(
  client: RestClient,
  endpointId: UsersBatchId,
  params: Record<string, unknown> & { readonly operations: readonly unknown[] },
  sending: UsersBatchSending,
): Promise<number> {
  const sent = params.operations.length; // one user per operation
  const hooks = {
    onRetry: (event: { reason: string; delayMs: number }) => {
      if (event.reason === "rate_limit") sending.onRateLimitWait(event.delayMs);
    },
  };
  for (let attempt = 1; ; attempt++) {
    let failure: RestClientError;
    await sending.pacing?.admit();
    try {
      const response = await client
        .request(endpointId, params as never, { signal: sending.signal, hooks })
        .finally(() => sending.pacing?.settle());
      const { successCount, totalCount } = usersBatchCounts(response.body);
      if (successCount === sent && totalCount === sent) return successCount;
      failure = new RestBatchError(endpointId, {
        sent,
        successCount,
        totalCount,
        indexes: [],
        attempts: attempt,
      });
    } catch (error) {
      failure = toRestClientError(error);
      if (!isTransient(failure)) throw failure;
    }
    if (attempt > sending.retries) throw failure;
    sending.onResend();
    await sending.sleep(backoffMs(attempt, sending.policy), sending.signal);
  }
}
