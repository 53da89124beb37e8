import type { ActivityEvent } from "@adsgraph/models";
import { compareEventIds } from "@adsgraph/rest-client";

/**
 * A resumed subscription's events: the retained ones after the client's `after` first, then
 * the live ones, dropping at the seam any live event at or below the last one sent (it was
 * in both), so the client sees each event once and in id order. Not an async generator: the
 * live queue must end (releasing the subscriber) however early the client leaves.
 */
export function afterReplay(
  replayed: readonly ActivityEvent[],
  live: AsyncIterableIterator<ActivityEvent>,
  after: string,
): AsyncIterableIterator<ActivityEvent> {
  let index = 0;
  let seam = after;
  const iterator: AsyncIterableIterator<ActivityEvent> = {
    async next() {
      const stored = replayed[index];
      if (stored !== undefined) {
        index += 1;
        seam = stored.id;
        return { value: stored, done: false };
      }
      for (;;) {
        const result = await live.next();
        if (result.done === true || compareEventIds(result.value.id, seam) > 0) return result;
      }
    },
    return() {
      index = replayed.length;
      return live.return?.() ?? Promise.resolve({ value: undefined, done: true });
    },
    throw(error: Error) {
      index = replayed.length;
      return live.throw?.(error) ?? Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
