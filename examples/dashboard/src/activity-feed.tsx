import { useSubscription } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { wsClient } from "./client.js";
import { ActivitySubscription } from "./documents.js";
import type { DashboardActivitySubscription } from "./generated/gql/graphql.js";

type FeedMessage = DashboardActivitySubscription["activityEvents"];
type ActivityEvent = Extract<FeedMessage, { __typename: "ActivityEvent" }>;

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
  // Live only once the server says so: its first message comes after the upstream
  // subscription exists, so every event posted from then on arrives.
  const [live, setLive] = useState(false);
  useEffect(
    () =>
      wsClient.on("closed", () => {
        setLive(false);
      }),
    [],
  );
  const { error } = useSubscription(ActivitySubscription, {
    onData: ({ data }) => {
      const message = data.data?.activityEvents;
      switch (message?.__typename) {
        case "ActivityFeedLive":
          setLive(true);
          break;
        case "ActivityEvent":
          setEvents((previous) => [message, ...previous].slice(0, KEEP));
          break;
        default:
          break;
      }
    },
  });

  return (
    <aside className="activity" aria-label="Activity">
      <h2>
        Activity <span className="badge">{live ? "live" : "connecting…"}</span>
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
