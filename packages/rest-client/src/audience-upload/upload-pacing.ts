import type { BudgetBook } from "../budget/budget-windows.js";
import type { EndpointId } from "@adsgraph/models";

/** Paces users batches at their window (spec §8: 1,500 per account and endpoint per minute). */
export interface UsersBatchPacing {
  /** Resolves when the window has room for one more batch, which it then counts in flight. */
  admit(): Promise<void>;
  /** A batch admitted earlier was answered (or failed): the book now holds what it said. */
  settle(): void;
}

export interface PacingOptions {
  readonly clock: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly signal: AbortSignal | undefined;
  /** Added to each wait for a reset: the reset is told in whole seconds and clocks differ. */
  readonly padMs: number;
  /** Before each wait for the window's reset: how long, and until when (epoch ms). */
  readonly onWait: (ms: number, resetAt: number) => void;
}

/**
 * Before each batch, asks the client's budget book what the users-batch window of the account
 * has left and waits for its reset when nothing is, so no batch is sent into a 429. The book
 * already counts the batches this client sent and has no answer for; the pacer also takes off
 * those it admitted and that may not have reached the book yet, so its own concurrent sends
 * never pass the limit (a batch may be counted twice meanwhile: it errs on waiting). A window
 * the book does not know yet (the first batch) lets one batch through to learn it.
 */
export function paceUsersBatches(
  budget: BudgetBook,
  endpointId: EndpointId,
  accountId: string,
  options: PacingOptions,
): UsersBatchPacing {
  let inFlight = 0;
  let learning = false;
  const waiters: Array<() => void> = [];
  const nextSettle = () => new Promise<void>((resolve) => waiters.push(resolve));
  return {
    async admit() {
      for (;;) {
        const known = budget.window(endpointId, accountId);
        if (known === undefined) {
          // Unknown: one batch at a time until an answer tells the window.
          if (!learning) {
            learning = true;
            inFlight += 1;
            return;
          }
          await nextSettle();
          continue;
        }
        if (known.remaining - inFlight > 0) {
          inFlight += 1;
          return;
        }
        if (known.resetAt === undefined) {
          // Spent with no reset told: nothing to wait for here; the client's 429 handling decides.
          inFlight += 1;
          return;
        }
        if (inFlight > 0) {
          // Its answer tells the window again (a double count ends there).
          await nextSettle();
          continue;
        }
        const ms = Math.max(0, known.resetAt - options.clock()) + options.padMs;
        options.onWait(ms, known.resetAt);
        await options.sleep(ms, options.signal);
      }
    },
    settle() {
      inFlight = Math.max(0, inFlight - 1);
      learning = false;
      for (const wake of waiters.splice(0)) wake();
    },
  };
}
