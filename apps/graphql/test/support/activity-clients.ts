import { simulateActivity } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { createClient, type Client, type ExecutionResult } from "graphql-ws";
import WebSocket from "ws";

/** The `activityEvents` subscription with every payload type the tests read. */
export const ACTIVITY_SUBSCRIPTION = `subscription Activity($types: [ActivityEventType!]) {
  activityEvents(types: $types) {
    id
    type
    forUserId
    createdAt
    payload {
      __typename
      ... on ProfileBioUpdate { bio }
      ... on ProfileScreenNameUpdate { screenName }
      ... on DirectMessageActivity { senderId recipientId text }
      ... on SpaceActivity { spaceId hostId title }
    }
  }
}`;

export interface DeliveredEvent {
  id: string;
  type: string;
  forUserId: string;
  createdAt: string;
  payload: Record<string, unknown>;
}

/** One subscription's deliveries as they arrive. */
export interface Collected {
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
  const collected: Collected = {
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
  collected.dispose = client.subscribe<{ activityEvents: DeliveredEvent }>(
    { query: ACTIVITY_SUBSCRIPTION, variables },
    {
      next: (result: ExecutionResult<{ activityEvents: DeliveredEvent }>) => {
        if (result.errors) collected.errors.push(...result.errors);
        if (result.data) collected.events.push(result.data.activityEvents);
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
  return eventIds((await simulateActivity(adsApi.urls.base, action)).events);
}

export const eventIds = (events: readonly { id: string }[]): string[] =>
  events.map((event) => event.id);
