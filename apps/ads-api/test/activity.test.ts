import { activitySubscriptionAnswerSchema, activitySubscriptionListSchema } from "@adsgraph/models";
import type { ActivityEvent } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateActivity } from "../testing/index.js";
import { StreamReader } from "./support/activity.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf } from "./support/bodies.js";
import { appBearer } from "./support/post-data.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

/** Digit-string ids strictly increasing (compared as BIGINTs, never as JS numbers). */
function increasing(ids: readonly string[]): boolean {
  return ids.every((id, index) => index === 0 || BigInt(ids[index - 1] ?? "0") < BigInt(id));
}

async function answerOf(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json") && text !== "";
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: json ? (JSON.parse(text) as unknown) : undefined,
  };
}

/** The subscription cap of this file's server (the default, LIMITS', is 10,000). */
const CAP = 20;

describe.each(TEST_ENGINES)("activity events on %s (spec §5, §6; issue 18)", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    // Keep-alive lines often, so that a test sees one without waiting long.
    server = await startTestServer(engine, {
      activityAdmin: true,
      // A small subscription cap: the test fills it (the default is 10,000).
      limits: { streamKeepAliveMs: 100, activitySubscriptionsPerApp: CAP },
    });
  });
  afterAll(() => server.close());

  /** An app of its own (each test's stream is the only one of its app). */
  async function newApp(): Promise<{ actor: Actor; bearer: string }> {
    const actor = await createActor(server.ctx);
    return { actor, bearer: `Bearer ${await appBearer(server, actor)}` };
  }

  async function send(
    method: string,
    path: string,
    authorization: string | undefined,
    json?: unknown,
  ): Promise<ApiResponse> {
    return answerOf(
      await fetch(`${server.urls.base}${path}`, {
        method,
        headers: {
          ...(authorization === undefined ? {} : { authorization }),
          ...(json === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      }),
    );
  }

  async function subscribe(bearer: string, json: unknown) {
    const response = await send("POST", "/2/activity/subscriptions", bearer, json);
    expect(response.status, response.text).toBe(201);
    return activitySubscriptionAnswerSchema.parse(response.body).data;
  }

  const bio = (userId: string, text: string) => ({
    event_type: "profile.update.bio",
    user_id: userId,
    bio: text,
  });

  it("creates, lists and deletes an app's subscriptions (bearer), each app seeing its own", async () => {
    const { bearer } = await newApp();
    const other = await newApp();
    const created = await subscribe(bearer, {
      event_type: "dm.received",
      filter: { user_id: "1234567890123456789", direction: "both" },
    });
    expect(created).toMatchObject({
      event_type: "dm.received",
      filter: { user_id: "1234567890123456789", direction: "both" },
    });
    expect(created.subscription_id).toMatch(/^\d+$/);
    const second = await subscribe(bearer, { filter: { keyword: "hello" } });
    expect(second.event_type).toBeNull();
    const listed = await send("GET", "/2/activity/subscriptions", bearer);
    expect(listed.status).toBe(200);
    expect(activitySubscriptionListSchema.parse(listed.body).data).toEqual([created, second]);
    const othersList = await send("GET", "/2/activity/subscriptions", other.bearer);
    expect(activitySubscriptionListSchema.parse(othersList.body).data).toEqual([]);
    // another app's subscription is not found, like a missing one
    const stolen = await send(
      "DELETE",
      `/2/activity/subscriptions/${created.subscription_id}`,
      other.bearer,
    );
    expect(stolen.status).toBe(404);
    expect(errorOf(stolen).parameter).toBe("subscription_id");
    const deleted = await send(
      "DELETE",
      `/2/activity/subscriptions/${created.subscription_id}`,
      bearer,
    );
    expect(deleted.status).toBe(200);
    expect(activitySubscriptionAnswerSchema.parse(deleted.body).data).toEqual(created);
    const again = await send(
      "DELETE",
      `/2/activity/subscriptions/${created.subscription_id}`,
      bearer,
    );
    expect(again.status).toBe(404);
    const after = await send("GET", "/2/activity/subscriptions", bearer);
    expect(activitySubscriptionListSchema.parse(after.body).data).toEqual([second]);
  });

  it("takes the deprecated PascalCase names as aliases, stored and delivered in the dot form (spec §6)", async () => {
    const { bearer } = await newApp();
    const created = await subscribe(bearer, {
      event_type: "ProfileBioUpdate",
      filter: { user_id: "4001" },
    });
    // the answer shows the form stored: the dot-separated one
    expect(created.event_type).toBe("profile.update.bio");
    const pairs = [
      ["ProfilePictureUpdate", "profile.update.profile_picture"],
      ["ProfileBannerUpdate", "profile.update.banner_picture"],
      ["ProfileGeoUpdate", "profile.update.geo"],
      ["ProfileUrlUpdate", "profile.update.url"],
    ] as const;
    for (const [old, current] of pairs) {
      const other = await newApp();
      expect((await subscribe(other.bearer, { event_type: old })).event_type).toBe(current);
    }
    const stream = await StreamReader.open(server, bearer);
    try {
      // a simulated action may name the old type too; the event carries the new one
      await simulateActivity(server.urls.base, {
        event_type: "ProfileGeoUpdate",
        user_id: "4001",
        location: "Lisbon",
      });
      await simulateActivity(server.urls.base, {
        event_type: "ProfileBioUpdate",
        user_id: "4001",
        bio: "renamed",
      });
      expect(await stream.event()).toMatchObject({
        event_type: "profile.update.bio",
        for_user_id: "4001",
        payload: { bio: "renamed" },
      });
    } finally {
      stream.close();
    }
    const listed = await send("GET", "/2/activity/subscriptions", bearer);
    expect(activitySubscriptionListSchema.parse(listed.body).data).toEqual([created]);
  });

  it("refuses bad subscriptions with a 400 naming the parameter", async () => {
    const { bearer } = await newApp();
    const cases: [unknown, string][] = [
      [{ event_type: "profile.update.picture" }, "event_type"],
      [{ event_type: "profileBioUpdate" }, "event_type"],
      [{ filter: { user_id: 42 } }, "filter.user_id"],
      [{ filter: { user_id: "12a" } }, "filter.user_id"],
      [{ filter: { keyword: "" } }, "filter.keyword"],
      [{ filter: { user_id: "1", direction: "sideways" } }, "filter.direction"],
      [{ filter: { direction: "sent" } }, "filter.user_id"],
      // a misspelled filter key is refused, not read as an empty filter (issue 34)
      [{ filter: { usr_id: "1" } }, "filter.usr_id"],
    ];
    for (const [json, parameter] of cases) {
      const response = await send("POST", "/2/activity/subscriptions", bearer, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(errorOf(response).parameter, JSON.stringify(json)).toBe(parameter);
    }
    const badId = await send("DELETE", "/2/activity/subscriptions/abc", bearer);
    expect(badId.status).toBe(400);
    expect(errorOf(badId).parameter).toBe("subscription_id");
    const list = await send("GET", "/2/activity/subscriptions", bearer);
    expect(activitySubscriptionListSchema.parse(list.body).data).toEqual([]);
  });

  it("takes OAuth 1.0a user context (its permissions rule: read-only may not subscribe) and refuses no auth", async () => {
    const writer = await createActor(server.ctx);
    const created = await writer.client.post(
      "/2/activity/subscriptions",
      { json: { event_type: "spaces.start", filter: { user_id: writer.userId } } },
      "base",
    );
    expect(created.status, created.text).toBe(201);
    // the subscription belongs to the app (consumer), whichever way it authenticated
    const viaBearer = await send(
      "GET",
      "/2/activity/subscriptions",
      `Bearer ${await appBearer(server, writer)}`,
    );
    expect(activitySubscriptionListSchema.parse(viaBearer.body).data).toHaveLength(1);
    const reader = await createActor(server.ctx, { accessType: "read" });
    const refused = await reader.client.post(
      "/2/activity/subscriptions",
      { json: { event_type: "spaces.start" } },
      "base",
    );
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe(261);
    const read = await reader.client.get("/2/activity/subscriptions", {}, "base");
    expect(read.status).toBe(200);
    for (const [method, path] of [
      ["POST", "/2/activity/subscriptions"],
      ["GET", "/2/activity/subscriptions"],
      ["DELETE", "/2/activity/subscriptions/1"],
      ["GET", "/2/activity/stream"],
    ] as const) {
      const response = await send(method, path, undefined, method === "POST" ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("holds at most the cap of subscriptions per app", async () => {
    const { bearer } = await newApp();
    for (let index = 0; index < CAP; index += 1) {
      await subscribe(bearer, { filter: { user_id: String(index + 1) } });
    }
    const over = await send("POST", "/2/activity/subscriptions", bearer, {});
    expect(over.status).toBe(403);
    expect(errorOf(over).message).toMatch(/at most/);
  });

  it("streams NDJSON with keep-alive lines, and refuses a bad since_id with a 400", async () => {
    const { bearer } = await newApp();
    const stream = await StreamReader.open(server, bearer);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^application\/x-ndjson/);
      // an idle stream sends blank lines; the first line is one of them
      expect(await stream.line()).toBe("");
    } finally {
      stream.close();
    }
    const bad = await StreamReader.open(server, bearer, { since_id: "12x" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(await bad.text())).toMatchObject({
      errors: [{ parameter: "since_id" }],
    });
  });

  it("delivers the events each app's filters take: user id, keyword, direction, event type", async () => {
    const byUser = await newApp();
    const byKeyword = await newApp();
    const byDirection = await newApp();
    const bySpaces = await newApp();
    await subscribe(byUser.bearer, { filter: { user_id: "1001" } });
    await subscribe(byKeyword.bearer, { event_type: "dm.sent", filter: { keyword: "LaUnCh" } });
    await subscribe(byDirection.bearer, { filter: { user_id: "2001", direction: "received" } });
    await subscribe(bySpaces.bearer, { event_type: "spaces.start", filter: { user_id: "3001" } });
    const streams = await Promise.all(
      [byUser, byKeyword, byDirection, bySpaces].map((app) =>
        StreamReader.open(server, app.bearer),
      ),
    );
    try {
      // Each app's first delivered event is the one its filter takes; the others come before.
      await simulateActivity(server.urls.base, bio("1002", "not this user"));
      await simulateActivity(server.urls.base, {
        event_type: "dm.sent",
        sender_id: "2001",
        recipient_id: "2002",
        text: "nothing to launch",
      });
      await simulateActivity(server.urls.base, {
        event_type: "dm.received",
        sender_id: "5",
        recipient_id: "6",
        text: "launch, but received",
      });
      await simulateActivity(server.urls.base, {
        event_type: "spaces.end",
        space_id: "77",
        host_id: "3001",
      });
      await simulateActivity(server.urls.base, {
        event_type: "spaces.start",
        space_id: "78",
        host_id: "3002",
      });
      await simulateActivity(server.urls.base, bio("1001", "the user's bio"));
      await simulateActivity(server.urls.base, {
        event_type: "dm.sent",
        sender_id: "9",
        recipient_id: "2001",
        text: "Big LAUNCH today",
      });
      await simulateActivity(server.urls.base, {
        event_type: "dm.read",
        sender_id: "2002",
        recipient_id: "2001",
      });
      await simulateActivity(server.urls.base, {
        event_type: "spaces.start",
        space_id: "79",
        host_id: "3001",
      });
      const [user, keyword, direction, spaces] = await Promise.all(
        streams.map((stream) => stream.event()),
      );
      expect(user).toMatchObject({
        event_type: "profile.update.bio",
        for_user_id: "1001",
        payload: { user_id: "1001", bio: "the user's bio" },
      });
      // the first dm.sent's text has "launch" too: both are taken, in order
      expect(keyword).toMatchObject({
        event_type: "dm.sent",
        payload: { text: "nothing to launch" },
      });
      expect(await streams[1]?.event()).toMatchObject({
        event_type: "dm.sent",
        payload: { text: "Big LAUNCH today" },
      });
      // 2001 received: the DM 9 → 2001 (its type dm.sent is the sender's view), then the read
      expect(direction).toMatchObject({
        event_type: "dm.sent",
        for_user_id: "2001",
        payload: { sender_id: "9", recipient_id: "2001" },
      });
      expect(direction?.payload).not.toHaveProperty("participant_ids");
      expect(await streams[2]?.event()).toMatchObject({ event_type: "dm.read" });
      expect(spaces).toMatchObject({
        event_type: "spaces.start",
        for_user_id: "3001",
        payload: { space_id: "79" },
      });
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("keeps one stream per app: a second connection replaces the first", async () => {
    const { bearer } = await newApp();
    await subscribe(bearer, { filter: { user_id: "5001" } });
    const first = await StreamReader.open(server, bearer);
    // the first is registered once its head arrived; the second then closes it
    expect(first.status).toBe(200);
    const second = await StreamReader.open(server, bearer);
    try {
      expect(second.status).toBe(200);
      await first.ended();
      await simulateActivity(server.urls.base, bio("5001", "after the switch"));
      expect(await second.event()).toMatchObject({ payload: { bio: "after the switch" } });
    } finally {
      first.close();
      second.close();
    }
  });

  it("resumes with since_id after the server restarted: stored events first, then live, none lost or doubled", async () => {
    const { bearer } = await newApp();
    await subscribe(bearer, { filter: { user_id: "6001" } });
    const before = await StreamReader.open(server, bearer);
    let seen: ActivityEvent[];
    try {
      for (const text of ["b1", "b2", "b3"])
        await simulateActivity(server.urls.base, bio("6001", text));
      seen = await before.events(3);
    } finally {
      before.close();
    }
    expect(seen.map((event) => event.payload.bio)).toEqual(["b1", "b2", "b3"]);
    const [first, , third] = seen.map((event) => event.id);
    if (first === undefined || third === undefined) throw new Error("three events were read");
    expect(increasing(seen.map((event) => event.id))).toBe(true);
    // A stream open across the restart is ended by the closing server.
    const across = await StreamReader.open(server, bearer, { since_id: third });
    await server.restart();
    await across.ended();
    for (const text of ["b4", "b5"]) await simulateActivity(server.urls.base, bio("6001", text));
    const resumed = await StreamReader.open(server, bearer, { since_id: third });
    try {
      expect(resumed.startsAfter).toBe(third);
      const missed = await resumed.events(2);
      expect(missed.map((event) => event.payload.bio)).toEqual(["b4", "b5"]);
      await simulateActivity(server.urls.base, bio("6001", "b6"));
      const live = await resumed.event();
      expect(live.payload.bio).toBe("b6");
      expect(increasing([...missed, live].map((event) => event.id))).toBe(true);
    } finally {
      resumed.close();
    }
    // From now on: it says it starts after the newest event, so a reader resumes from there.
    const fromNow = await StreamReader.open(server, bearer);
    fromNow.close();
    // From the first id: every later one once, in order.
    const replay = await StreamReader.open(server, bearer, { since_id: first });
    try {
      const events = await replay.events(5);
      expect(fromNow.startsAfter).toBe(events.at(-1)?.id);
      expect(events.map((event) => event.payload.bio)).toEqual(["b2", "b3", "b4", "b5", "b6"]);
      expect(increasing(events.map((event) => event.id))).toBe(true);
    } finally {
      replay.close();
    }
  });

  it("stores one event per (app, user it is for): a DM between two followed users is two events", async () => {
    const { actor, bearer } = await newApp();
    const [sender, recipient] = ["7001", "7002"];
    const forSender = await subscribe(bearer, { filter: { user_id: sender } });
    const forRecipient = await subscribe(bearer, { filter: { user_id: recipient } });
    // a younger subscription of the same user never adds a third event
    await subscribe(bearer, { event_type: "dm.sent", filter: { user_id: recipient } });
    const stream = await StreamReader.open(server, bearer);
    try {
      const stored = await simulateActivity(server.urls.base, {
        event_type: "dm.sent",
        sender_id: sender,
        recipient_id: recipient,
        text: "hello",
      });
      const ours = stored.events.filter((event) => event.appId === actor.appId);
      expect(ours.map((event) => event.forUserId)).toEqual([sender, recipient]);
      const events = await stream.events(2);
      expect(events.map((event) => [event.for_user_id, event.subscription_id])).toEqual([
        [sender, forSender.subscription_id],
        [recipient, forRecipient.subscription_id],
      ]);
      expect(increasing(events.map((event) => event.id))).toBe(true);
      expect(events.map((event) => event.id)).toEqual(ours.map((event) => event.id));
    } finally {
      stream.close();
    }
  });

  it("takes an array of actions in one transaction: stored in order, or (one bad item) none, the 400 naming its index and field", async () => {
    const { bearer } = await newApp();
    await subscribe(bearer, { filter: { user_id: "8001" } });
    const stream = await StreamReader.open(server, bearer);
    try {
      const refused = await send("POST", "/_admin/activity/events", undefined, [
        bio("8001", "never stored 1"),
        { event_type: "profile.update.bio", user_id: "8001" },
        bio("8001", "never stored 2"),
        { event_type: "dm.sent", sender_id: "8001", recipient_id: 5, text: "x" },
      ]);
      expect(refused.status).toBe(400);
      expect(
        (refused.body as { errors: { parameter?: string }[] }).errors.map(
          (error) => error.parameter,
        ),
      ).toEqual(["[1].bio", "[3].recipient_id"]);
      const tooMany = await send(
        "POST",
        "/_admin/activity/events",
        undefined,
        Array.from({ length: 1001 }, (_, index) => bio("8001", `n${index}`)),
      );
      expect(tooMany.status).toBe(400);
      expect(errorOf(tooMany).message).toMatch(/1 to 1000 actions/);
      const stored = await simulateActivity(
        server.urls.base,
        ["a", "b", "c"].map((text) => bio("8001", text)),
      );
      expect(stored.events.map((event) => event.action)).toEqual([0, 1, 2]);
      expect(increasing(stored.events.map((event) => event.id))).toBe(true);
      // the stream's first events are the array's, in order: nothing of the refused body
      const events = await stream.events(3);
      expect(events.map((event) => event.payload.bio)).toEqual(["a", "b", "c"]);
      expect(events.map((event) => event.id)).toEqual(stored.events.map((event) => event.id));
    } finally {
      stream.close();
    }
  });

  it("serves the admin endpoint only when enabled, to loopback clients, with a valid action", async () => {
    const bad = await send("POST", "/_admin/activity/events", undefined, {
      event_type: "dm.sent",
      sender_id: "1",
      recipient_id: "2",
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).parameter).toBe("text");
    const unknown = await send("POST", "/_admin/activity/events", undefined, {
      event_type: "ProfileHatUpdate",
      user_id: "1",
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ parameter: "event_type" });
    // an alias takes its dot form's fields
    const old = await send("POST", "/_admin/activity/events", undefined, {
      event_type: "ProfileUrlUpdate",
      user_id: "1",
    });
    expect(old.status).toBe(400);
    expect(errorOf(old)).toMatchObject({ parameter: "url" });
    // a peer that is not loopback (Fastify's inject sets the address)
    const remote = await server.server.apps.base.inject({
      method: "POST",
      url: "/_admin/activity/events",
      remoteAddress: "203.0.113.7",
      payload: bio("1", "x"),
    });
    expect(remote.statusCode).toBe(403);
    const off = await server.startAnother({ activityAdmin: false });
    const refused = await fetch(`${off.urls.base}/_admin/activity/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(bio("1", "x")),
    });
    expect(refused.status).toBe(404);
  });
});
