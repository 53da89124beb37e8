import { activityEventSchema, type ActivityEvent } from "@adsgraph/models";
import type { StreamEntry } from "@adsgraph/storage";

/** What an entry of the app's activity log in Redis says. */
export type LogEntry =
  /** An upstream event, appended by the stream's holder in id order. */
  | { t: "event"; event: ActivityEvent }
  /** The holder's stream connected: waiting subscribers may go live. */
  | { t: "live" }
  /** The stream failed for good (credentials refused): every subscriber ends with this. */
  | { t: "failed"; message: string };

/** The fields of an event entry (the event id is the entry's id too). */
export function eventFields(event: ActivityEvent): string[] {
  return ["t", "event", "id", event.id, "e", JSON.stringify(event)];
}

/** The entry, or undefined for anything else (a foreign or damaged entry is skipped). */
export function decodeLogEntry(entry: StreamEntry): LogEntry | undefined {
  const { fields } = entry;
  switch (fields.t) {
    case "event": {
      let value: unknown;
      try {
        value = JSON.parse(fields.e ?? "");
      } catch {
        return undefined;
      }
      const parsed = activityEventSchema.safeParse(value);
      return parsed.success ? { t: "event", event: parsed.data } : undefined;
    }
    case "live":
      return { t: "live" };
    case "failed":
      return typeof fields.m === "string" ? { t: "failed", message: fields.m } : undefined;
    default:
      return undefined;
  }
}

/** The event id an entry id stands after: `<ms>-0` is event `ms` itself, `<ms>-<n>` a notice after it. */
export function entryEventId(entryId: string): { eventId: string; notice: boolean } {
  const [ms = "0", seq = "0"] = entryId.split("-");
  return { eventId: ms, notice: seq !== "0" };
}
