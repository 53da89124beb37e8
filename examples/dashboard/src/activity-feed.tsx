import { useSubscription } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { wsClient } from "./client.js";
import { ActivitySubscription } from "./documents.js";
import type { DashboardActivitySubscription } from "./generated/gql/graphql.js";

type ActivityEvent = DashboardActivitySubscription["activityEvents"];

/** How many recent events the feed keeps. */
const KEEP = 20;

/** One line for an event: what changed, from the payload's own type. */
function describe(payload: ActivityEvent["payload"]): string {
  switch (payload.__typename) {
    case "ProfileBioUpdate":
      return `bio: ${payload.bio}`;
    case "ProfileScreenNameUpdate":
      return `screen name: ${payload.screenName}`;
    case "DirectMessageActivity":
      return `message: ${payload.text ?? ""}`;
    case "SpaceActivity":
      return `space: ${payload.title ?? ""}`;
    default:
      return "";
  }
}

/** The signed-in user's activity, newest first, pushed over graphql-ws. */
export function ActivityFeed() {
  const [events, setEvents] = useState<ActivityEvent[]>([]);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const off = [
      wsClient.on("connected", () => {
        setConnected(true);
      }),
      wsClient.on("closed", () => {
        setConnected(false);
      }),
    ];
    return () => {
      off.forEach((unsubscribe) => {
        unsubscribe();
      });
    };
  }, []);
  const { error } = useSubscription(ActivitySubscription, {
    onData: ({ data }) => {
      const event = data.data?.activityEvents;
      if (event) setEvents((previous) => [event, ...previous].slice(0, KEEP));
    },
  });

  return (
    <aside className="activity" aria-label="Activity">
      <h2>
        Activity <span className="badge">{connected ? "connected" : "connecting…"}</span>
      </h2>
      {error && <p role="alert">{error.message}</p>}
      {events.length === 0 && <p className="status">Nothing yet.</p>}
      <ol>
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleTimeString()}</time>{" "}
            <code>{event.type}</code> {describe(event.payload)}
          </li>
        ))}
      </ol>
    </aside>
  );
}
