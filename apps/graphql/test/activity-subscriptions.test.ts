import { DEMO } from "@adsgraph/ads-api";
import { ACTIVITY_EVENT_TYPES } from "@adsgraph/models";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, signIn, STACK_ENGINE, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";
import {
  ACTIVITY_SUBSCRIPTION as SUBSCRIPTION,
  act,
  collectActivity,
  connectActivity,
  eventIds as ids,
  type Collected,
} from "./support/activity-clients.js";

const USER_A = DEMO.user.id;
const USER_B = DEMO.friend.id;
/** A user nobody subscribes for. */
const USER_C = "1400000000000000099";

function connect(
  facade: RunningFacade,
  connectionParams?: Record<string, unknown>,
  headers?: Record<string, string>,
): Client {
  return connectActivity(facade.url, connectionParams, headers);
}

const collect = (client: Client, variables?: Record<string, unknown>): Collected =>
  collectActivity(client, variables);

describe("activity subscriptions over graphql-ws", () => {
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: STACK_ENGINE, activityAdmin: true });
    facade = await startFacade({
      env: {
        ...adsApi.env,
        ACTIVITY_STREAM_BACKOFF_MS: "20",
        ACTIVITY_SUBSCRIPTIONS_PER_USER: "3",
      },
    });
    tokenA = await signIn(facade, DEMO.user);
    tokenB = await signIn(facade, DEMO.friend);
  });

  afterAll(async () => {
    await facade.close();
    await adsApi.close();
  });

  it("gives each user exactly the events about it, as its types allow, from one upstream stream", async () => {
    await adsApi.requests.reset();
    const clientA = connect(facade, { authorization: `Bearer ${tokenA}` });
    const clientB = connect(facade, { authorization: `Bearer ${tokenB}` });
    const a = collect(clientA);
    const b = collect(clientB);
    const bSpaces = collect(clientB, { types: ["SPACES_START"] });
    await expect.poll(() => facade.services.activity.stats().live).toBe(3);
    // Each subscription's first message says it is live, before any event.
    await Promise.all([a.live, b.live, bSpaces.live]);
    for (const collected of [a, b, bSpaces]) {
      expect(collected.messages[0]?.__typename).toBe("ActivityFeedLive");
    }

    const stored = [
      ...(await act(adsApi, {
        event_type: "dm.sent",
        sender_id: USER_A,
        recipient_id: USER_B,
        text: "hello B",
      })),
      ...(await act(adsApi, { event_type: "profile.update.bio", user_id: USER_A, bio: "new bio" })),
      ...(await act(adsApi, {
        event_type: "profile.update.screenname",
        user_id: USER_B,
        screen_name: "b_renamed",
      })),
      ...(await act(adsApi, {
        event_type: "spaces.start",
        space_id: "777",
        host_id: USER_B,
        title: "B's space",
      })),
      ...(await act(adsApi, { event_type: "dm.read", sender_id: USER_B, recipient_id: USER_A })),
      // simulated under its deprecated name: delivered in the dot form (spec §6)
      ...(await act(adsApi, { event_type: "ProfileGeoUpdate", user_id: USER_A, location: "Oslo" })),
    ];
    // Nobody subscribed for C: the app gets no event about C, and nobody sees it.
    expect(
      await act(adsApi, { event_type: "profile.update.bio", user_id: USER_C, bio: "c" }),
    ).toEqual([]);

    // Every event stored for the app reaches its user's subscribers once.
    await expect
      .poll(() => a.events.length + b.events.length)
      .toBeGreaterThanOrEqual(stored.length);
    await expect.poll(() => bSpaces.events.length).toBeGreaterThanOrEqual(1);
    expect([...ids(a.events), ...ids(b.events)].sort()).toEqual([...stored].sort());
    expect(a.events.every((event) => event.forUserId === USER_A)).toBe(true);
    expect(b.events.every((event) => event.forUserId === USER_B)).toBe(true);
    expect(a.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["PROFILE_UPDATE_BIO"]),
    );
    const bio = a.events.find((event) => event.type === "PROFILE_UPDATE_BIO");
    expect(bio?.payload).toEqual({ __typename: "ProfileBioUpdate", bio: "new bio" });
    expect(bio?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(a.events.find((event) => event.type === "PROFILE_UPDATE_GEO")?.payload).toEqual({
      __typename: "ProfileGeoUpdate",
      location: "Oslo",
    });
    expect(b.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["PROFILE_UPDATE_SCREENNAME", "SPACES_START"]),
    );
    // The types filter: only the space, same event as B's other subscription got.
    expect(bSpaces.events).toEqual(b.events.filter((event) => event.type === "SPACES_START"));
    expect(bSpaces.events[0]?.payload).toEqual({
      __typename: "SpaceActivity",
      spaceId: "777",
      hostId: USER_B,
      title: "B's space",
    });
    // Ids are digit strings in increasing order per subscriber.
    for (const events of [a.events, b.events]) {
      const values = ids(events).map(BigInt);
      expect(values).toEqual([...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    }

    // Three subscribers, one upstream connection.
    expect((await adsApi.requests.counts()).byEndpoint["activity.stream"]).toBe(1);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await clientA.dispose();
    await clientB.dispose();
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("says when it is live: an event posted right after the live message arrives, every time", async () => {
    // Fresh users: each subscription makes its user's upstream subscription anew.
    for (let run = 0; run < 20; run += 1) {
      const user = { id: `14000000000000${String(1000 + run)}`, screenName: `live_${run}` };
      const client = connect(facade, { authorization: `Bearer ${await signIn(facade, user)}` });
      const collected = collect(client);
      const live = await collected.live;
      const stored = await act(adsApi, {
        event_type: "profile.update.bio",
        user_id: user.id,
        bio: `run ${run}`,
      });
      expect(stored).toHaveLength(1);
      await expect.poll(() => ids(collected.events), { timeout: 5_000 }).toEqual(stored);
      expect(collected.messages[0]).toBe(live);
      expect(live.types).toHaveLength(ACTIVITY_EVENT_TYPES.length);
      expect(collected.errors).toEqual([]);
      await client.dispose();
    }
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("gives each event a stable global id, which node(id:) refuses: an event cannot be read again", async () => {
    const client = connect(facade, { authorization: `Bearer ${tokenA}` });
    const a = collect(client, { types: ["PROFILE_UPDATE_VERIFIED"] });
    const live = await a.live;
    expect(live.types).toEqual(["PROFILE_UPDATE_VERIFIED"]);
    await act(adsApi, { event_type: "profile.update.verified", user_id: USER_A, verified: true });
    await expect.poll(() => a.events.length).toBe(1);
    const [event] = a.events;
    expect(event?.id).not.toBe(event?.rawId);
    expect(Buffer.from(event?.id ?? "", "base64").toString()).toBe(`ActivityEvent:${event?.rawId}`);
    const { body } = await postGraphQL(facade.url, "query($id: ID!) { node(id: $id) { id } }", {
      variables: { id: event?.id },
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(body.data).toEqual({ node: null });
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(body.errors)).toMatch(/ActivityEvent/);
    await client.dispose();
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("resumes after ads-api restarts: every event once, none doubled", async () => {
    const client = connect(facade, { authorization: `Bearer ${tokenA}` });
    const a = collect(client);
    await expect.poll(() => facade.services.activity.stats().live).toBe(1);
    // One event before the restart, so the reader has an id to resume from.
    const before = await act(adsApi, {
      event_type: "profile.update.verified",
      user_id: USER_A,
      verified: true,
    });
    await expect.poll(() => a.events.length).toBe(before.length);

    const connections = facade.services.activity.stats().connections;
    await adsApi.restart();
    // Recorded at once, most likely before the facade's reader has reconnected.
    const after: string[] = [];
    for (const bio of ["one", "two", "three"]) {
      after.push(
        ...(await act(adsApi, { event_type: "profile.update.bio", user_id: USER_A, bio })),
      );
    }
    await expect.poll(() => a.events.length).toBeGreaterThanOrEqual(before.length + after.length);
    expect(ids(a.events)).toEqual([...before, ...after]);
    expect(a.events.slice(1).map((event) => event.payload.bio)).toEqual(["one", "two", "three"]);
    expect(facade.services.activity.stats().connections).toBeGreaterThan(connections);
    await client.dispose();
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("refuses a connection without a live session, or a cookie from another site", async () => {
    const none = collect(connect(facade));
    await expect.poll(() => none.closed).toBeDefined();
    expect(none.closed?.code).toBe(4401);
    expect(none.closed?.reason).toMatch(/^No session/);

    const malformed = collect(connect(facade, { authorization: "Bearer nope" }));
    await expect.poll(() => malformed.closed).toBeDefined();
    expect(malformed.closed?.code).toBe(4401);

    const crossSite = collect(
      connect(facade, undefined, {
        cookie: `adsgraph_session=${tokenA}`,
        origin: "https://evil.example",
      }),
    );
    await expect.poll(() => crossSite.closed).toBeDefined();
    expect(crossSite.closed?.code).toBe(4403);
    expect(crossSite.closed?.reason).toMatch(/cookie/);

    // The same cookie from the facade's own pages is the session.
    const ownSite = connect(facade, undefined, {
      cookie: `adsgraph_session=${tokenA}`,
      origin: facade.origin,
    });
    const own = collect(ownSite);
    await expect.poll(() => facade.services.activity.stats().live).toBe(1);
    expect(own.closed).toBeUndefined();
    await ownSite.dispose();
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("ends the subscriptions of a session that ends", async () => {
    const { token, session } = await facade.services.sessions.create({
      userId: USER_A,
      screenName: DEMO.user.screenName,
      accessToken: DEMO.accessToken.token,
      accessTokenSecret: DEMO.accessToken.secret,
    });
    const collected = collect(connect(facade, { authorization: `Bearer ${token}` }));
    await expect.poll(() => facade.services.activity.stats().live).toBe(1);
    await facade.services.sessions.revoke(session.id, "test: signed out");
    await expect.poll(() => collected.closed).toBeDefined();
    expect(collected.closed?.code).toBe(4401);
    expect(collected.closed?.reason).toMatch(/session ended/);
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("caps one user's subscriptions", async () => {
    const client = connect(facade, { authorization: `Bearer ${tokenB}` });
    const held = [collect(client), collect(client), collect(client)];
    await expect.poll(() => facade.services.activity.stats().live).toBe(3);
    const refused = collect(client);
    await expect.poll(() => refused.errors.length).toBeGreaterThan(0);
    expect(refused.errors).toMatchObject([{ extensions: { code: "SUBSCRIPTION_LIMIT_EXCEEDED" } }]);
    expect(held.every((subscription) => subscription.errors.length === 0)).toBe(true);
    await client.dispose();
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
  });

  it("answers a subscription sent over HTTP POST with a 400 naming the WebSocket transport", async () => {
    const { status, body } = await postGraphQL(facade.url, SUBSCRIPTION, {
      // GraphQL over HTTP's media type: a request error answers 400 (as application/json, 200).
      headers: { authorization: `Bearer ${tokenA}`, accept: "application/graphql-response+json" },
    });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/Subscriptions run over WebSocket/);
    expect(body.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});
