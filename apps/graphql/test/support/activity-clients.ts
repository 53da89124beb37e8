import { createClient, type Client, type ExecutionResult } from "graphql-ws";
import WebSocket from "ws";
import type { RunningAdsApi } from "./ads-api.js";

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

/** Waits for a condition (no fixed timeout: the test's own is the safety net). */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Simulates one action on ads-api (`POST /_admin/activity/events`); the stored events' ids. */
export async function act(
  adsApi: RunningAdsApi,
  action: Record<string, unknown>,
): Promise<string[]> {
  const response = await fetch(`${adsApi.env.ADS_API_BASE_URL}/_admin/activity/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(action),
  });
  if (response.status !== 201) throw new Error(`admin activity event: ${response.status}`);
  const body = (await response.json()) as { events: { id: string }[] };
  return body.events.map((event) => event.id);
}

/** Upstream stream connections ads-api served since its last reset. */
export async function streamsOpened(adsApi: RunningAdsApi): Promise<number> {
  const response = await fetch(`${adsApi.env.ADS_API_BASE_URL}/_admin/requests`);
  const body = (await response.json()) as { byEndpoint: Record<string, number> };
  return body.byEndpoint["activity.stream"] ?? 0;
}

export const eventIds = (events: readonly DeliveredEvent[]): string[] =>
  events.map((event) => event.id);
