import { createApp, createUser } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import {
  webhookAnswerSchema,
  webhookDeliveryLogSchema,
  webhookListSchema,
  webhookReplayAnswerSchema,
} from "@adsgraph/models";
import type { WebhookDeliveryRecord } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { createRestClient, verifyWebhookSignature } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookReceiver } from "./support/webhook-receiver.js";

/**
 * Issue 34's schedule at a millisecond scale: steps of 300, 600, 1,200 ms (each wait in
 * [step/2, step]), four attempts, so a delivery failing every time is dead about 1 to 2 s after
 * its first attempt. Two attempts in flight per webhook at most.
 */
const QUEUE = {
  webhookRetryBaseMs: 300,
  webhookRetryMaxMs: 2_400,
  webhookMaxAttempts: 4,
  webhookConcurrencyPerWebhook: 2,
  webhookPollMs: 50,
};
const HOUR = 3_600_000;

/** `YYYYMMDDHHmm` of an instant (UTC), the replay endpoint's format. */
function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, "");
}

interface TestApp {
  readonly consumerSecret: string;
  readonly client: RestClient;
  readonly receiver: WebhookReceiver;
}

describe.each(TEST_ENGINES)(
  "the webhook queue against apps/ads-api on %s: per-event retries, a delivery log, replay (issue 34)",
  (engine) => {
    let api: StartedAdsApi;
    // The service clock: moved back to store events in the past (replay windows end before now).
    let offsetMs = 0;
    const apps: TestApp[] = [];
    let nextUser = 0;

    beforeAll(async () => {
      api = await startAdsApi({
        engine,
        name: "webhookqueue",
        seed: "none",
        activityAdmin: true,
        clock: () => new Date(Date.now() + offsetMs),
        limits: QUEUE,
      });
    });
    afterAll(async () => {
      await Promise.allSettled(apps.map((app) => app.client.close()));
      await Promise.allSettled(apps.map((app) => app.receiver.close()));
      await api.close();
    });

    async function newApp(): Promise<TestApp> {
      nextUser += 1;
      const owner = await createUser(api.ctx.prisma, {
        screenName: `queueowner${nextUser}`,
        password: "correct horse battery",
      });
      const { consumerKey, consumerSecret } = await createApp(api.ctx.prisma, api.ctx.box, {
        name: `queue app ${nextUser}`,
        ownerId: owner.id,
        callbackUrls: [],
      });
      const client = createRestClient({
        hosts: { ...api.urls },
        auth: { consumer: { consumerKey, consumerSecret } },
        retry: { baseDelayMs: 1, maxDelayMs: 4, maxRetries: 0 },
      });
      const receiver = await WebhookReceiver.start(consumerSecret);
      const app = { consumerSecret, client, receiver };
      apps.push(app);
      return app;
    }

    async function register(app: TestApp): Promise<string> {
      const answer = await app.client.call("webhooks.create", { url: app.receiver.url });
      return webhookAnswerSchema.parse(answer).data.id;
    }

    async function followUser(app: TestApp): Promise<string> {
      const userId = `8${String(nextUser).padStart(3, "0")}${String(Date.now() % 100_000)}`;
      await app.client.call("activity.subscriptions.create", { filter: { user_id: userId } });
      return userId;
    }

    /** Stores one event for the user (the admin endpoint) and returns its id. */
    async function bio(userId: string, text: string): Promise<string> {
      const response = await fetch(`${api.urls.base}/_admin/activity/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event_type: "profile.update.bio", user_id: userId, bio: text }),
      });
      const body = (await response.json()) as { events: { id: string; forUserId: string }[] };
      expect(response.status).toBe(201);
      const event = body.events.find((entry) => entry.forUserId === userId);
      if (event === undefined) throw new Error("the action stored no event for the user");
      return event.id;
    }

    async function log(app: TestApp, webhookId: string, query: Record<string, unknown> = {}) {
      return webhookDeliveryLogSchema.parse(
        await app.client.call("webhooks.deliveries.list", { webhook_id: webhookId, ...query }),
      );
    }

    async function logEntry(
      app: TestApp,
      webhookId: string,
      eventId: string,
    ): Promise<WebhookDeliveryRecord | undefined> {
      return (await log(app, webhookId)).data.find((entry) => entry.event_id === eventId);
    }

    it("retries a failing event on its own schedule while later events go through; it ends dead in the log and a replay re-delivers it, signed", async () => {
      const app = await newApp();
      const webhookId = await register(app);
      const userId = await followUser(app);
      app.receiver.failWhen = (delivery) => delivery.data.payload.bio === "poison";
      let poison: string;
      const later: string[] = [];
      try {
        // Two hours back, so that a replay window (which ends in the past) can hold it.
        offsetMs = -2 * HOUR;
        poison = await bio(userId, "poison");
        await app.receiver.until(() => app.receiver.attemptsByEvent.has(poison));
        offsetMs = -1 * HOUR;
        for (const text of ["next 1", "next 2", "next 3"]) later.push(await bio(userId, text));
      } finally {
        offsetMs = 0;
      }
      const attemptsOfPoison = () => app.receiver.attemptsByEvent.get(poison)?.length ?? 0;
      let poisonAttemptsWhenLaterArrived = 0;
      await app.receiver.until(() => {
        const done = later.every((id) =>
          app.receiver.delivered.some((entry) => entry.delivery.data.id === id),
        );
        if (done) poisonAttemptsWhenLaterArrived = attemptsOfPoison();
        return done;
      });
      // The later events did not wait for the failing one to be given up.
      expect(poisonAttemptsWhenLaterArrived).toBeLessThan(QUEUE.webhookMaxAttempts);

      await app.receiver.until(() => attemptsOfPoison() >= QUEUE.webhookMaxAttempts);
      await expect
        .poll(async () => (await logEntry(app, webhookId, poison))?.state, { timeout: 10_000 })
        .toBe("dead");
      // The schedule: each wait at least half its step (base × 2^(n-1)), so they grow.
      const arrivals = app.receiver.attemptsByEvent.get(poison) ?? [];
      expect(arrivals).toHaveLength(QUEUE.webhookMaxAttempts);
      arrivals.slice(1).forEach((at, index) => {
        const floor = (QUEUE.webhookRetryBaseMs * 2 ** index) / 2;
        expect(at - (arrivals[index] ?? 0)).toBeGreaterThanOrEqual(floor);
      });

      const dead = await log(app, webhookId, { state: "dead" });
      expect(dead.data).toEqual([
        expect.objectContaining({
          event_id: poison,
          state: "dead",
          attempts: QUEUE.webhookMaxAttempts,
          replay_job_id: null,
          last_status: 500,
          last_error: "answered HTTP 500",
          next_attempt_at: null,
        }),
      ]);
      expect(dead.data[0]?.completed_at).not.toBeNull();
      expect(JSON.stringify(dead)).not.toContain(app.consumerSecret);
      const delivered = await log(app, webhookId, { state: "delivered" });
      expect(delivered.data.map((entry) => entry.event_id)).toEqual([...later].reverse());
      expect(
        delivered.data.every((entry) => entry.attempts === 1 && entry.last_status === 200),
      ).toBe(true);

      // Re-drive: the receiver is fixed; a replay of the window holding the dead event.
      app.receiver.failWhen = undefined;
      const now = Date.now();
      const job = webhookReplayAnswerSchema.parse(
        await app.client.call("webhooks.replay", {
          webhook_id: webhookId,
          from_date: minuteOf(now - 2 * HOUR - 10 * 60_000),
          to_date: minuteOf(now - 2 * HOUR + 20 * 60_000),
        }),
      ).data.job_id;
      await app.receiver.until(() =>
        app.receiver.delivered.some((entry) => entry.delivery.data.id === poison),
      );
      const replayed = app.receiver.delivered.filter((entry) => entry.delivery.data.id === poison);
      expect(replayed.map((entry) => entry.delivery.replay_job_id)).toEqual([job]);
      await expect
        .poll(async () => (await log(app, webhookId, { state: "delivered" })).data[0])
        .toMatchObject({ event_id: poison, replay_job_id: job, attempts: 1 });
      // The dead delivery stays in the log as it was.
      expect((await log(app, webhookId, { state: "dead" })).data).toEqual(dead.data);

      // Every attempt (first tries, retries, the replay) was signed: none was refused, and the
      // exported verifier tells a changed body or another secret.
      expect(app.receiver.refused).toEqual([]);
      const received = replayed[0];
      if (received === undefined) throw new Error("the replay arrived");
      expect(verifyWebhookSignature(received.raw, received.signature, app.consumerSecret)).toBe(
        true,
      );
      const tampered = received.raw.replace('"poison"', '"Poison"');
      expect(verifyWebhookSignature(tampered, received.signature, app.consumerSecret)).toBe(false);
      expect(verifyWebhookSignature(received.raw, received.signature, "another-secret")).toBe(
        false,
      );
    });

    it("keeps at most the per-webhook number of attempts in flight to a slow receiver", async () => {
      const app = await newApp();
      await register(app);
      const userId = await followUser(app);
      app.receiver.hold = true;
      const ids: string[] = [];
      for (let index = 0; index < 6; index += 1) ids.push(await bio(userId, `slow ${index}`));
      for (let released = 0; released < ids.length; released += 1) {
        const inFlight = Math.min(QUEUE.webhookConcurrencyPerWebhook, ids.length - released);
        await app.receiver.until(() => app.receiver.open >= inFlight);
        app.receiver.releaseOne();
      }
      await app.receiver.until(() => app.receiver.delivered.length >= ids.length);
      expect(app.receiver.maxOpen).toBe(QUEUE.webhookConcurrencyPerWebhook);
      expect(app.receiver.delivered.map((entry) => entry.delivery.data.id).sort()).toEqual(
        [...ids].sort(),
      );
    });

    it("tries again a delivery whose attempt's process died once its lease ran out, and not before", async () => {
      const app = await newApp();
      const webhookId = await register(app);
      const userId = await followUser(app);
      const [crashed, running] = [await bio(userId, "crashed"), await bio(userId, "running")];
      await app.receiver.until(() => app.receiver.delivered.length >= 2);
      await expect
        .poll(async () => (await log(app, webhookId, { state: "delivered" })).data.length)
        .toBe(2);
      // What a kill -9 mid-attempt leaves: pending, the attempt counted, leased. One lease ran
      // out a second ago, the other runs for an hour more.
      const past = new Date(Date.now() - 1_000);
      const future = new Date(Date.now() + HOUR);
      const leftBy = (at: Date) => ({
        state: "pending",
        attempts: 1,
        nextAttemptAt: at,
        leasedUntil: at,
        completedAt: null,
      });
      const hook = BigInt(webhookId);
      await api.ctx.prisma.webhookDelivery.updateMany({
        where: { webhookId: hook, eventId: BigInt(running) },
        data: leftBy(future),
      });
      await api.ctx.prisma.webhookDelivery.updateMany({
        where: { webhookId: hook, eventId: BigInt(crashed) },
        data: leftBy(past),
      });
      await app.receiver.until(() => app.receiver.delivered.length >= 3);
      expect(app.receiver.delivered.map((entry) => entry.delivery.data.id)).toEqual([
        crashed,
        running,
        crashed,
      ]);
      await expect
        .poll(async () => (await logEntry(app, webhookId, crashed))?.state)
        .toBe("delivered");
      expect(await logEntry(app, webhookId, crashed)).toMatchObject({ attempts: 2 });
      expect(await logEntry(app, webhookId, running)).toMatchObject({
        state: "pending",
        attempts: 1,
      });
    });

    it("never delivers to a URL that failed the challenge", async () => {
      const app = await newApp();
      const userId = await followUser(app);
      app.receiver.wrongCrc = true;
      const refused = await fetch(`${api.urls.base}/2/webhooks`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await bearerOf(app)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ url: app.receiver.url }),
      });
      expect(refused.status).toBe(400);
      expect(webhookListSchema.parse(await app.client.call("webhooks.list", {})).data).toEqual([]);
      // A receiver that passes, registered after: once it has the events, the failed URL would
      // have had them too (one webhook per app: had the first been stored, this one is a 409).
      const good = await WebhookReceiver.start(app.consumerSecret);
      try {
        await app.client.call("webhooks.create", { url: good.url });
        const ids = [await bio(userId, "one"), await bio(userId, "two")];
        await good.until(() => good.delivered.length >= 2);
        expect(good.delivered.map((entry) => entry.delivery.data.id).sort()).toEqual(ids.sort());
        expect(app.receiver.attempts).toEqual([]);
      } finally {
        await good.close();
      }
    });

    it("pages the log newest first with a state filter and a cursor; bad input is a 400 naming it, another app's webhook a 404", async () => {
      const app = await newApp();
      const webhookId = await register(app);
      const userId = await followUser(app);
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) ids.push(await bio(userId, `paged ${index}`));
      await app.receiver.until(() => app.receiver.delivered.length >= 5);
      await expect
        .poll(async () => (await log(app, webhookId, { state: "delivered" })).data.length)
        .toBe(5);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await log(app, webhookId, {
          state: "delivered",
          count: 2,
          ...(cursor === undefined ? {} : { cursor }),
        });
        expect(page.meta.result_count).toBe(page.data.length);
        seen.push(...page.data.map((entry) => entry.event_id));
        cursor = page.next_cursor ?? undefined;
        pages += 1;
      } while (cursor !== undefined);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
      // rest-client pages it like any list (next_cursor).
      const items = [];
      for await (const item of app.client.items("webhooks.deliveries.list", {
        webhook_id: webhookId,
        state: "delivered",
        count: 2,
      })) {
        items.push(item.event_id);
      }
      expect(items).toEqual(seen);
      expect((await log(app, webhookId, { state: "dead" })).data).toEqual([]);

      const bearer = await bearerOf(app);
      const get = async (path: string) => {
        const response = await fetch(`${api.urls.base}${path}`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
        const body = (await response.json()) as { errors?: { parameter?: string }[] };
        return { status: response.status, parameter: body.errors?.[0]?.parameter };
      };
      const base = `/2/webhooks/${webhookId}/deliveries`;
      expect(await get(`${base}?state=failed`)).toEqual({ status: 400, parameter: "state" });
      expect(await get(`${base}?count=0`)).toEqual({ status: 400, parameter: "count" });
      expect(await get(`${base}?cursor=not-a-cursor`)).toEqual({
        status: 400,
        parameter: "cursor",
      });
      // A cursor of the unfiltered log is not one of the delivered log.
      const unfiltered = await log(app, webhookId, { count: 1 });
      expect(
        await get(
          `${base}?state=delivered&cursor=${encodeURIComponent(unfiltered.next_cursor ?? "")}`,
        ),
      ).toEqual({ status: 400, parameter: "cursor" });
      const other = await newApp();
      const answer = await fetch(`${api.urls.base}${base}`, {
        headers: { authorization: `Bearer ${await bearerOf(other)}` },
      });
      expect(answer.status).toBe(404);
    });

    async function bearerOf(app: TestApp): Promise<string> {
      const token = await app.client.call("oauth2.token", { grant_type: "client_credentials" });
      return (token as { access_token: string }).access_token;
    }
  },
);
