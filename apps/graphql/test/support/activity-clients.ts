import { simulateActivity } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { createClient, type Client, type ExecutionResult } from "graphql-ws";
import WebSocket from "ws";

/** The `activityEvents` subscription with every payload type the tests read. */
export const ACTIVITY_SUBSCRIPTION = `subscription Activity($types: [ActivityEventType!], $after: ID) {
  activityEvents(types: $types, after: $after) {
    __typename
    ... on ActivityFeedLive { liveAt types }
    ... on ActivityEvent {
      id
      rawId
      type
      forUserId
      createdAt
      payload {
        __typename
        ... on ProfileBioUpdate { bio }
        ... on ProfileScreenNameUpdate { screenName }
        ... on ProfileGeoUpdate { location }
        ... on DirectMessageActivity { senderId recipientId text }
        ... on SpaceActivity { spaceId hostId title }
      }
    }
  }
}`;

export interface DeliveredEvent {
  __typename: "ActivityEvent";
  id: string;
  rawId: string;
  type: string;
  forUserId: string;
  createdAt: string;
  payload: Record<string, unknown>;
}

export interface LiveMessage {
  __typename: "ActivityFeedLive";
  liveAt: string;
  types: string[];
}

type Message = DeliveredEvent | LiveMessage;

/** One subscription's deliveries as they arrive. */
export interface Collected {
  /** Every message, in order (the first is the live message). */
  messages: Message[];
  /** Settles with the live message, as soon as it arrives. */
  live: Promise<LiveMessage>;
  events: DeliveredEvent[];
  errors: unknown[];
  closed: { code: number; reason: string } | undefined;
  completed: boolean;
  dispose(): void;
}

/** A graphql-ws client of a facade (`url`: its `/graphql`), no retries. */
export function connectActivity(
  url: string,
  connectionParams?: Record<string, unknown>,
  headers?: Record<string, string>,
): Client {
  return createClient({
    url: url.replace(/^http/, "ws"),
    retryAttempts: 0,
    ...(connectionParams && { connectionParams }),
    webSocketImpl: headers
      ? class extends WebSocket {
          constructor(address: string, protocols: string | string[]) {
            super(address, protocols, { headers });
          }
        }
      : WebSocket,
  });
}

export function collectActivity(
  client: Client,
  variables: Record<string, unknown> = {},
): Collected {
  let markLive!: (message: LiveMessage) => void;
  const collected: Collected = {
    messages: [],
    live: new Promise((resolve) => {
      markLive = resolve;
    }),
    events: [],
    errors: [],
    closed: undefined,
    completed: false,
    dispose: () => undefined,
  };
  client.on("closed", (event) => {
    const { code, reason } = event as { code: number; reason: string };
    collected.closed ??= { code, reason };
  });
  collected.dispose = client.subscribe<{ activityEvents: Message }>(
    { query: ACTIVITY_SUBSCRIPTION, variables },
    {
      next: (result: ExecutionResult<{ activityEvents: Message }>) => {
        if (result.errors) collected.errors.push(...result.errors);
        const message = result.data?.activityEvents;
        if (message === undefined) return;
        collected.messages.push(message);
        if (message.__typename === "ActivityFeedLive") markLive(message);
        else collected.events.push(message);
      },
      error: (error) => collected.errors.push(error),
      complete: () => {
        collected.completed = true;
      },
    },
  );
  return collected;
}

/** Simulates one action on ads-api (its loopback admin endpoint); the stored events' ids. */
export async function act(
  adsApi: Pick<StartedAdsApi, "urls">,
  action: Record<string, unknown>,
): Promise<string[]> {
  return (await simulateActivity(adsApi.urls.base, action)).events.map((event) => event.id);
}

/** The wire ids of delivered events (what `act` answers). */
export const eventIds = (events: readonly { rawId: string }[]): string[] =>
  events.map((event) => event.rawId);
