import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { DEMO } from "@adsgraph/ads-api";
import { simulateActivity, startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { type ClientOptions } from "ws";
import { signIn, STACK_ENGINE, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";
import { act, collectActivity, eventIds as ids } from "./support/activity-clients.js";

const USER_A = DEMO.user.id;

/** A graphql-ws client whose WebSocket the test can reach (to stall it, to watch its pings). */
function connect(
  facade: RunningFacade,
  token: string,
  options: ClientOptions = {},
): { client: Client; socket: Promise<WebSocket> } {
  let connected!: (socket: WebSocket) => void;
  const socket = new Promise<WebSocket>((resolve) => {
    connected = resolve;
  });
  const client = createClient({
    url: facade.url.replace(/^http/, "ws"),
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols: string | string[]) {
        super(address, protocols, options);
      }
    },
    on: {
      connected: (opened) => {
        connected(opened as WebSocket);
      },
    },
  });
  return { client, socket };
}

/** Holds this whole process (the facade's event loop with it) for `ms`, as a long GC or a hot loop would. */
function holdEventLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Holds ads-api's answers to `POST /2/activity/subscriptions` until `open()`: the upstream
 * subscription exists (`processed` settles), the facade does not know yet.
 */
function holdSubscriptionCreates(adsApi: StartedAdsApi) {
  const server = adsApi.server.apps.base.server;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let markProcessed!: () => void;
  const processed = new Promise<void>((resolve) => {
    markProcessed = resolve;
  });
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "POST" || request.url?.startsWith("/2/activity/subscriptions") !== true)
      return;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.end = ((...args: unknown[]) => {
      markProcessed();
      void opened.then(() => end(...args));
      return response;
    }) as typeof response.end;
  };
  server.prependListener("request", listener);
  return {
    processed,
    open: () => {
      server.off("request", listener);
      open();
    },
  };
}

/** Settles once the facade answered a ping sent now: whatever it sent before has arrived. */
async function roundTrip(socket: WebSocket): Promise<void> {
  const pong = new Promise((resolve) => socket.once("pong", resolve));
  socket.ping();
  await pong;
}

/** GraphQL errors of a subscription's `error` messages (graphql-ws hands each as an array). */
const errorsOf = (collected: { errors: unknown[] }) =>
  collected.errors.flat() as { message: string; extensions?: { code?: string } }[];

describe("subscription delivery over graphql-ws", () => {
  let adsApi: StartedAdsApi;

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: STACK_ENGINE, activityAdmin: true });
  });
  afterAll(async () => {
    await adsApi.close();
  });

  describe("slow subscribers (queues of 2 events)", () => {
    let facade: RunningFacade;
    let token: string;

    beforeAll(async () => {
      facade = await startFacade({
        env: {
          ...adsApi.env,
          ACTIVITY_STREAM_BACKOFF_MS: "20",
          ACTIVITY_SUBSCRIBER_QUEUE: "2",
          // The stalled client answers no ping while it stalls: not the subject here.
          GRAPHQL_WS_PING_MS: "600000",
        },
      });
      token = await signIn(facade);
    });
    afterAll(async () => {
      await facade.close();
    });

    it("says it is live only once the user's upstream subscription exists (issue 32)", async () => {
      // A user with no upstream subscription yet: the first subscriber makes it.
      const user = { id: "1400000000000003401", screenName: "live_34" };
      const held = holdSubscriptionCreates(adsApi);
      const { client, socket } = connect(facade, await signIn(facade, user));
      const collected = collectActivity(client);
      try {
        await held.processed;
        // ads-api made the subscription, the facade has not heard so: nothing is live yet.
        await roundTrip(await socket);
        expect(collected.messages).toEqual([]);
      } finally {
        held.open();
      }
      const live = await collected.live;
      expect(collected.messages).toEqual([live]);
      const stored = await act(adsApi, {
        event_type: "profile.update.bio",
        user_id: user.id,
        bio: "first",
      });
      await expect.poll(() => ids(collected.events)).toEqual(stored);
      await client.dispose();
      await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
    });

    it("ends only the subscription its client does not keep up with, with SUBSCRIBER_TOO_SLOW; the socket and the others go on", async () => {
      const stalled = connect(facade, token);
      const bios = collectActivity(stalled.client, { types: ["PROFILE_UPDATE_BIO"] });
      const spaces = collectActivity(stalled.client, { types: ["SPACES_START"] });
      const other = connect(facade, token);
      const otherBios = collectActivity(other.client, { types: ["PROFILE_UPDATE_BIO"] });
      await Promise.all([bios.live, spaces.live, otherBios.live]);
      const fanOut = () => facade.services.activity.stats().subscribers;
      expect(fanOut()).toBe(3);

      // The first client stops reading: the kernel's buffers fill, then the facade's writes
      // wait, then its bio subscription's queue. (ws offers no public way to stop reading.)
      const socket = (await stalled.socket) as unknown as { _socket: Socket };
      socket._socket.pause();
      const bio = "b".repeat(24_000);
      const posted: string[] = [];
      for (let batch = 0; fanOut() === 3 && batch < 20; batch += 1) {
        const actions = Array.from({ length: 50 }, () => ({
          event_type: "profile.update.bio",
          user_id: USER_A,
          bio,
        }));
        const { events } = await simulateActivity(adsApi.urls.base, actions);
        posted.push(...events.map((event) => event.id));
        // The other socket keeps up with every event all along.
        await expect.poll(() => otherBios.events.length, { timeout: 20_000 }).toBe(posted.length);
      }
      await expect.poll(fanOut, { timeout: 20_000 }).toBe(2);

      socket._socket.resume();
      await expect.poll(() => errorsOf(bios), { timeout: 20_000 }).toHaveLength(1);
      expect(errorsOf(bios)).toEqual([
        {
          message:
            "The subscription ended: more than 2 events waited for this client to read them. " +
            "Read faster (or ask for fewer `types`) and subscribe again.",
          extensions: { code: "SUBSCRIBER_TOO_SLOW" },
        },
      ]);
      // What it got before is the start of what was posted, in order, none skipped.
      expect(bios.events.length).toBeLessThan(posted.length);
      expect(ids(bios.events)).toEqual(posted.slice(0, bios.events.length));

      // The same socket's other subscription, and the socket, go on.
      const space = await act(adsApi, {
        event_type: "spaces.start",
        space_id: "34",
        host_id: USER_A,
        title: "still here",
      });
      await expect.poll(() => ids(spaces.events)).toEqual(space);
      expect([bios.closed, spaces.closed, otherBios.closed]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
      expect([errorsOf(spaces), errorsOf(otherBios)]).toEqual([[], []]);
      expect(otherBios.events).toHaveLength(posted.length);
      await stalled.client.dispose();
      await other.client.dispose();
      await expect.poll(fanOut).toBe(0);
    });
  });

  // One facade at a time: the app holds one upstream stream, a second would replace it.
  describe("keep-alive (pings every 200 ms)", () => {
    let facade: RunningFacade;
    let token: string;

    beforeAll(async () => {
      facade = await startFacade({
        env: { ...adsApi.env, ACTIVITY_STREAM_BACKOFF_MS: "20", GRAPHQL_WS_PING_MS: "200" },
      });
      token = await signIn(facade);
    });
    afterAll(async () => {
      await facade.close();
    });

    it("keeps every socket through a facade that stalled for several ping intervals", async () => {
      const { client, socket } = connect(facade, token);
      const collected = collectActivity(client);
      await collected.live;
      const ws = await socket;
      // Right as a ping arrives: the client has answered, and its pong waits unread in the
      // facade's socket while the process is held, as behind a long pause of the facade.
      await new Promise<void>((resolve) => {
        ws.once("ping", () => {
          holdEventLoop(1_000);
          resolve();
        });
      });

      const stored = await act(adsApi, {
        event_type: "profile.update.bio",
        user_id: USER_A,
        bio: "after the stall",
      });
      await expect
        .poll(() => ({ events: ids(collected.events), closed: collected.closed }))
        .toEqual({ events: stored, closed: undefined });
      expect(errorsOf(collected)).toEqual([]);
      await client.dispose();
      await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
    });

    it("closes the socket of a client that answers no ping, with 4410 and the reason", async () => {
      // Reads every message but never answers a ping: a client that is gone, for the facade.
      const { client } = connect(facade, token, { autoPong: false });
      const collected = collectActivity(client);
      await expect.poll(() => collected.closed, { timeout: 20_000 }).toBeDefined();
      expect(collected.closed).toEqual({
        code: 4410,
        reason: expect.stringMatching(/answered no ping/) as string,
      });
      await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
    });
  });
});
