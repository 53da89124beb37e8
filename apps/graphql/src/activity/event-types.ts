import { ACTIVITY_EVENT_TYPES, type ActivityEvent } from "@adsgraph/models";
import { UpstreamError } from "../errors/facade-errors.js";

/** spec §6 event names as wire (dot) names. */
export type WireEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

/** The GraphQL enum value of each §6 event name: `dm.indicate_typing` → `DM_INDICATE_TYPING`. */
export const GRAPH_EVENT_TYPES = Object.fromEntries(
  ACTIVITY_EVENT_TYPES.map((wire) => [wire, wire.replaceAll(".", "_").toUpperCase()]),
) as Record<WireEventType, string>;

const WIRE_NAMES = new Set<string>(ACTIVITY_EVENT_TYPES);

/**
 * Whether an upstream event type is one the graph shows. The deprecated PascalCase names
 * (spec §6) and names a newer server may add are not delivered: the enum cannot hold them.
 */
export function isWireEventType(value: string): value is WireEventType {
  return WIRE_NAMES.has(value);
}

/** The type of an event the fan-out delivered: only current dot names get that far. */
export function wireTypeOf(event: ActivityEvent): WireEventType {
  if (isWireEventType(event.event_type)) return event.event_type;
  throw new UpstreamError(`The ads service sent an event of unknown type ${event.event_type}.`, {
    status: null,
    codes: [],
  });
}
