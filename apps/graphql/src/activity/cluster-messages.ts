import { activityEventSchema, type ActivityEvent } from "@adsgraph/models";

/** What travels on the app's activity channel in Redis. */
export type FeedMessage =
  /** An upstream event, published by the stream's holder in id order. */
  | { t: "event"; event: ActivityEvent }
  /** The holder's stream connected: waiting subscribers may go live. */
  | { t: "live" }
  /** A replica's probe of its own subscription: heard back, the channel reaches it. */
  | { t: "ping"; r: string }
  /** The stream failed for good (credentials refused): every subscriber ends with this. */
  | { t: "failed"; message: string };

export function encodeFeedMessage(message: FeedMessage): string {
  return JSON.stringify(message);
}

/** The message, or undefined for anything else (a foreign or damaged message is ignored). */
export function decodeFeedMessage(text: string): FeedMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const message = value as Record<string, unknown>;
  switch (message.t) {
    case "event": {
      const parsed = activityEventSchema.safeParse(message.event);
      return parsed.success ? { t: "event", event: parsed.data } : undefined;
    }
    case "live":
      return { t: "live" };
    case "ping":
      return typeof message.r === "string" ? { t: "ping", r: message.r } : undefined;
    case "failed":
      return typeof message.message === "string"
        ? { t: "failed", message: message.message }
        : undefined;
    default:
      return undefined;
  }
}
