import { ACTIVITY_EVENT_TYPES, currentEventType, type ActivityEvent } from "@adsgraph/models";
import { UpstreamError } from "../errors/facade-errors.js";

/** spec §6 event names as wire (dot) names. */
export type WireEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

/** The GraphQL enum value of each §6 event name: `dm.indicate_typing` → `DM_INDICATE_TYPING`. */
export const GRAPH_EVENT_TYPES = Object.fromEntries(
  ACTIVITY_EVENT_TYPES.map((wire) => [wire, wire.replaceAll(".", "_").toUpperCase()]),
) as Record<WireEventType, string>;

/**
 * The event as the graph shows it: a deprecated PascalCase type (spec §6) becomes its dot form,
 * since events are always delivered in the new form; undefined for a name a newer server may
 * add, which the enum cannot hold (the event is not delivered).
 */
export function withWireEventType(
  event: ActivityEvent,
): (ActivityEvent & { event_type: WireEventType }) | undefined {
  const current = currentEventType(event.event_type);
  if (current === undefined) return undefined;
  // the same object when already current: nothing to copy on the hot path
  return current === event.event_type
    ? (event as ActivityEvent & { event_type: WireEventType })
    : { ...event, event_type: current };
}

/** The type of an event the fan-out delivered: only current dot names get that far. */
export function wireTypeOf(event: ActivityEvent): WireEventType {
  const current = currentEventType(event.event_type);
  if (current !== undefined) return current;
  throw new UpstreamError(`The ads service sent an event of unknown type ${event.event_type}.`, {
    status: null,
    codes: [],
  });
}
