import type { WireEventType } from "./event-types.js";

/**
 * The first message of every activity subscription: its subscriber is in the fan-out, the
 * user's upstream subscription exists and the feed is connected, so every event recorded from
 * now on reaches it. A class, so the message union tells it from an event without a cast.
 */
export class FeedLive {
  constructor(
    /** The facade's clock when the subscription went live (whole seconds, UTC). */
    readonly liveAt: string,
    /** The types the subscription delivers; null: every type. */
    readonly types: ReadonlySet<WireEventType> | null,
  ) {}
}

/** A timestamp in the graph's `DateTime` form (`YYYY-MM-DDThh:mm:ssZ`, no fraction). */
export const timestampOf = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/**
 * `events` with `first` in front, as one iterator. Not an async generator: a generator
 * returned before it first ran never reaches its `finally`, and the subscriber's queue must
 * end (releasing the upstream subscription) however early the client leaves.
 */
export function startingWith<F, T>(
  first: F,
  events: AsyncIterableIterator<T>,
): AsyncIterableIterator<F | T> {
  let sent = false;
  const iterator: AsyncIterableIterator<F | T> = {
    next() {
      if (sent) return events.next();
      sent = true;
      return Promise.resolve({ value: first, done: false });
    },
    return() {
      sent = true;
      return events.return?.() ?? Promise.resolve({ value: undefined, done: true });
    },
    throw(error: Error) {
      sent = true;
      return events.throw?.(error) ?? Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
