// The subscribers of the activity fan-out bench: each is a graphql-ws client of its own (its
// own WebSocket, as a browser tab or a service would hold), signed in with its user's session,
// running one `activityEvents` subscription. Each notes the id and arrival time of every event
// it receives; bench/src/activity-fanout.ts joins them with what the generator sent.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { pooled } from "./pooled.js";

export const ACTIVITY_SUBSCRIPTION =
  "subscription { activityEvents { __typename ... on ActivityEvent { rawId type forUserId createdAt } } }";

interface ActivityEventData {
  activityEvents:
    | { __typename: "ActivityFeedLive" }
    | {
        __typename: "ActivityEvent";
        rawId: string;
        type: string;
        forUserId: string;
        createdAt: string;
      };
}

/** One subscriber: whose it is, and what it received (ids and `performance.now()` times). */
export interface Subscriber {
  readonly index: number;
  readonly userIndex: number;
  readonly userId: string;
  readonly ids: string[];
  readonly times: number[];
  /** Events whose forUserId was not this subscriber's user (must stay 0: privacy). */
  foreign: number;
  /** Errors the subscription or its connection reported (it ends with the first). */
  readonly errors: string[];
  /** True once the server acknowledged the connection (graphql-ws `connected`). */
  connected: boolean;
  /** True once the subscription has ended (complete or error). */
  ended: boolean;
}

export interface SubscriberSet {
  readonly subscribers: readonly Subscriber[];
  /** Closes every client (their WebSockets); resolves once all are closed. */
  close(): Promise<void>;
}

/** A user whose session the subscribers use. */
export interface SignedInUser {
  readonly id: string;
  readonly token: string;
}

/**
 * `perUser` subscribers for each user, opened `concurrency` at a time; resolves once every
 * connection is acknowledged (or has failed: see `errors`).
 */
export async function openSubscribers(
  wsUrl: string,
  users: readonly SignedInUser[],
  perUser: number,
  concurrency: number,
): Promise<SubscriberSet> {
  const clients: Client[] = [];
  const closed: Promise<void>[] = [];
  const subscribers: Subscriber[] = [];
  const open = (index: number) => {
    const userIndex = Math.floor(index / perUser);
    const user = users[userIndex];
    if (user === undefined) throw new Error(`no user for subscriber ${index}`);
    const subscriber: Subscriber = {
      index,
      userIndex,
      userId: user.id,
      ids: [],
      times: [],
      foreign: 0,
      errors: [],
      connected: false,
      ended: false,
    };
    subscribers.push(subscriber);
    let onClosed: (() => void) | undefined;
    closed.push(
      new Promise<void>((resolve) => {
        onClosed = resolve;
      }),
    );
    return new Promise<void>((resolve) => {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${user.token}` },
        // A lost connection is a finding, not something to hide behind a reconnect.
        retryAttempts: 0,
        on: {
          connected: () => {
            subscriber.connected = true;
            resolve();
          },
          closed: () => {
            onClosed?.();
            resolve();
          },
        },
      });
      clients.push(client);
      client.subscribe<ActivityEventData>(
        { query: ACTIVITY_SUBSCRIPTION },
        {
          next: (result) => {
            const at = performance.now();
            const event = result.data?.activityEvents;
            if (event === undefined) {
              subscriber.errors.push(JSON.stringify(result.errors ?? result).slice(0, 300));
              return;
            }
            // The first message says the subscription is live; it is no event.
            if (event.__typename === "ActivityFeedLive") return;
            if (event.forUserId !== user.id) subscriber.foreign += 1;
            subscriber.ids.push(event.rawId);
            subscriber.times.push(at);
          },
          error: (error) => {
            subscriber.ended = true;
            subscriber.errors.push(describe(error));
            resolve();
          },
          complete: () => {
            subscriber.ended = true;
            resolve();
          },
        },
      );
    });
  };
  await pooled(users.length * perUser, concurrency, open);
  subscribers.sort((a, b) => a.index - b.index);
  return {
    subscribers,
    close: async () => {
      for (const client of clients) void client.dispose();
      await Promise.all(closed);
    },
  };
}

/** What a graphql-ws sink's error is: GraphQL errors, a close event, or an Error. */
function describe(error: unknown): string {
  if (Array.isArray(error)) return JSON.stringify(error).slice(0, 300);
  if (error instanceof Error) return error.message;
  const event = error as { code?: number; reason?: string; type?: string; message?: string };
  if (typeof event.code === "number") return `closed ${event.code} ${event.reason ?? ""}`.trim();
  // A WebSocket error event (the upgrade refused, the connection reset).
  return event.message ?? event.type ?? JSON.stringify(error).slice(0, 300);
}
