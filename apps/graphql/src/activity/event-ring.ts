import type { ActivityEvent } from "@adsgraph/models";
import { compareEventIds } from "@adsgraph/rest-client";
import type { Retained } from "./activity-feed.js";

/**
 * The last events of a single-process facade's stream, for clients resuming with
 * `activityEvents(after:)` (issue 34): at most `capacity`, oldest dropped first.
 */
export interface EventRing {
  /** A stream started afresh (no resume): nothing is vouched for until its first event. */
  restart(): void;
  /** An event of the stream, in id order (one at or below the newest is ignored). */
  record(event: ActivityEvent): void;
  retained(after: string, keep: (event: ActivityEvent) => boolean): Retained;
}

export function createEventRing(capacity: number): EventRing {
  const slots: (ActivityEvent | undefined)[] = new Array<ActivityEvent | undefined>(capacity);
  let start = 0;
  let size = 0;
  // Every event with an id above `floor` is held (or was dropped, raising it); undefined: none.
  let floor: bigint | undefined;
  let fresh = true;
  const at = (index: number) => slots[(start + index) % capacity] as ActivityEvent;

  return {
    restart() {
      fresh = true;
      floor = undefined;
    },
    record(event) {
      if (size > 0 && compareEventIds(event.id, at(size - 1).id) <= 0) return;
      if (fresh) {
        // The first event after a fresh start: none between the start and it exists.
        floor = BigInt(event.id) - 1n;
        fresh = false;
      }
      if (size === capacity) {
        const dropped = at(0);
        start = (start + 1) % capacity;
        size -= 1;
        const id = BigInt(dropped.id);
        if (floor === undefined || id > floor) floor = id;
      }
      slots[(start + size) % capacity] = event;
      size += 1;
    },
    retained(after, keep) {
      const from = BigInt(after);
      if (floor === undefined || from < floor) {
        let oldest: string | undefined;
        for (let index = 0; index < size && oldest === undefined; index += 1) {
          if (floor === undefined || BigInt(at(index).id) > floor) oldest = at(index).id;
        }
        return { expired: true, oldestId: oldest };
      }
      const events: ActivityEvent[] = [];
      for (let index = 0; index < size; index += 1) {
        const event = at(index);
        if (BigInt(event.id) > from && keep(event)) events.push(event);
      }
      return { expired: false, events };
    },
  };
}
