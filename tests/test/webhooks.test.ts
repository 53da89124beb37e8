import { createApp, createUser } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import {
  activitySubscriptionAnswerSchema,
  webhookAnswerSchema,
  webhookListSchema,
  webhookReplayAnswerSchema,
} from "@adsgraph/models";
import { buildBasicAuthorization } from "@adsgraph/oauth";
import { TEST_ENGINES } from "@adsgraph/storage";
import { createRestClient, verifyWebhookSignature } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookReceiver } from "./support/webhook-receiver.js";

/**
 * Retries fast (tests wait for deliveries, not for backoff), and many, so none is dead; one
 * attempt in flight per webhook, so first attempts arrive in event-id order (the order these
 * tests assert; with more in flight only their start is ordered). The queue's own behaviour
 * (failures, the schedule, the log, bounds): webhook-queue.test.ts.
 */
const RETRY = {
  webhookRetryBaseMs: 40,
  webhookRetryMaxMs: 200,
  webhookMaxAttempts: 1_000,
  webhookConcurrencyPerWebhook: 1,
};

/** `YYYYMMDDHHmm` of an instant (UTC), the replay endpoint's format. */
function minuteOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, "");
}

interface TestApp {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** rest-client with the app's API key alone (it fetches the app-only bearer token). */
  readonly client: RestClient;
  readonly bearer: string;
  readonly receiver: WebhookReceiver;
}

describe.each(TEST_ENGINES)(
  "webhooks against apps/ads-api on %s (spec §6 'or by webhooks', §9 replay; issue 18)",
  (engine) => {
    let api: StartedAdsApi;
    // The service clock: moved back to store events in the past (replay windows).
    let offsetMs = 0;
    const apps: TestApp[] = [];
    const clients: RestClient[] = [];
    let nextUser = 0;

    beforeAll(async () => {
      api = await startAdsApi({
        engine,
        name: "webhooks",
        seed: "none",
        activityAdmin: true,
        clock: () => new Date(Date.now() + offsetMs),
        limits: { ...RETRY, webhookPollMs: 50 },
      });
    });
    afterAll(async () => {
      await Promise.allSettled(clients.map((client) => client.close()));
      await Promise.allSettled(apps.map((app) => app.receiver.close()));
      await api.close();
    });

    async function newApp(): Promise<TestApp> {
      nextUser += 1;
      const owner = await createUser(api.ctx.prisma, {
        screenName: `hookowner${nextUser}`,
        password: "correct horse battery",
      });
      const { consumerKey, consumerSecret } = await createApp(api.ctx.prisma, api.ctx.box, {
        name: `webhook app ${nextUser}`,
        ownerId: owner.id,
        callbackUrls: [],
      });
      const client = createRestClient({
        hosts: { ...api.urls },
        auth: { consumer: { consumerKey, consumerSecret } },
        retry: { baseDelayMs: 1, maxDelayMs: 4, maxRetries: 0 },
      });
      clients.push(client);
      const token = await fetch(`${api.urls.base}/oauth2/token`, {
        method: "POST",
        headers: {
          authorization: buildBasicAuthorization(consumerKey, consumerSecret),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      });
      const { access_token: bearer } = (await token.json()) as { access_token: string };
      const receiver = await WebhookReceiver.start(consumerSecret);
      const app = { consumerKey, consumerSecret, client, bearer, receiver };
      apps.push(app);
      return app;
    }

    /** A raw JSON request with the app's bearer: hostile input the client would refuse itself. */
    async function send(app: TestApp, method: string, path: string, json?: unknown) {
      const response = await fetch(`${api.urls.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${app.bearer}`,
          ...(json === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const body = (await response.json()) as {
        errors?: { message: string; parameter?: string }[];
      };
      return { status: response.status, body, error: body.errors?.[0] };
    }

    async function register(app: TestApp) {
      const answer = await app.client.call("webhooks.create", { url: app.receiver.url });
      return webhookAnswerSchema.parse(answer).data;
    }

    /** Subscribes the app to a user of its own and returns that user's id. */
    async function followUser(app: TestApp): Promise<string> {
      const userId = `9${String(nextUser).padStart(3, "0")}${String(Date.now() % 100_000)}`;
      const created = await app.client.call("activity.subscriptions.create", {
        filter: { user_id: userId },
      });
      activitySubscriptionAnswerSchema.parse(created);
      return userId;
    }

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

    it("refuses a webhook whose CRC answer is wrong, non-200 or unreachable: 400 'CRC failed', nothing stored", async () => {
      const app = await newApp();
      app.receiver.wrongCrc = true;
      const wrong = await send(app, "POST", "/2/webhooks", { url: app.receiver.url });
      expect(wrong.status).toBe(400);
      expect(wrong.error?.message).toMatch(/^CRC failed: response_token is not/);
      // the message never carries the secret
      expect(JSON.stringify(wrong.body)).not.toContain(app.consumerSecret);
      app.receiver.wrongCrc = false;
      app.receiver.crcStatus = 500;
      const failing = await send(app, "POST", "/2/webhooks", { url: app.receiver.url });
      expect(failing.error?.message).toMatch(/^CRC failed: it answered HTTP 500/);
      app.receiver.crcStatus = 200;
      const closed = await WebhookReceiver.start(app.consumerSecret);
      const closedUrl = closed.url;
      await closed.close();
      const unreachable = await send(app, "POST", "/2/webhooks", { url: closedUrl });
      expect(unreachable.status).toBe(400);
      expect(unreachable.error?.message).toMatch(/^CRC failed: the URL could not be reached/);
      const listed = webhookListSchema.parse(await app.client.call("webhooks.list", {}));
      expect(listed).toEqual({ data: [], meta: { result_count: 0 } });
    });

    it("delivers each event signed with the consumer secret: verifiable, in id order; a tampered body does not verify", async () => {
      const app = await newApp();
      const webhook = await register(app);
      expect(webhook).toMatchObject({ url: app.receiver.url, valid: true });
      const listed = webhookListSchema.parse(await app.client.call("webhooks.list", {}));
      expect(listed.data).toEqual([webhook]);
      // one webhook per app: a second is a conflict
      const second = await send(app, "POST", "/2/webhooks", { url: app.receiver.url });
      expect(second.status).toBe(409);
      expect(second.error?.message).toMatch(/at most 1 webhook/);

      const userId = await followUser(app);
      const ids = [];
      for (const text of ["one", "two", "three"]) ids.push(await bio(userId, text));
      await app.receiver.until(() => app.receiver.delivered.length >= 3);
      const got = app.receiver.delivered;
      expect(got.map((entry) => entry.delivery.data.id)).toEqual(ids);
      expect(got.map((entry) => entry.delivery.data.payload.bio)).toEqual(["one", "two", "three"]);
      expect(got.every((entry) => entry.delivery.replay_job_id === undefined)).toBe(true);
      expect(app.receiver.refused).toEqual([]);
      const first = got[0];
      if (first === undefined) throw new Error("a delivery arrived");
      expect(verifyWebhookSignature(first.raw, first.signature, app.consumerSecret)).toBe(true);
      const tampered = first.raw.replace('"one"', '"One"');
      expect(tampered).not.toBe(first.raw);
      expect(verifyWebhookSignature(tampered, first.signature, app.consumerSecret)).toBe(false);
      expect(verifyWebhookSignature(first.raw, first.signature, `${app.consumerSecret}x`)).toBe(
        false,
      );

      const deleted = await app.client.call("webhooks.delete", { webhook_id: webhook.id });
      expect(deleted).toEqual({ data: { deleted: true } });
      const again = await send(app, "DELETE", `/2/webhooks/${webhook.id}`);
      expect(again.status).toBe(404);
    });

    it("retries a failing receiver with growing waits, then delivers exactly once", async () => {
      const app = await newApp();
      await register(app);
      const userId = await followUser(app);
      app.receiver.failNext = 3;
      const failedFirst = await bio(userId, "retried");
      await app.receiver.until(() => app.receiver.delivered.length >= 1);
      expect(app.receiver.attempts).toHaveLength(4);
      // Each wait is at least half its step (base × 2^(n-1), the jitter's floor): lower bounds only.
      const gaps = app.receiver.attempts
        .slice(1)
        .map((at, index) => at - (app.receiver.attempts[index] ?? 0));
      gaps.forEach((gap, index) => {
        expect(gap).toBeGreaterThanOrEqual((RETRY.webhookRetryBaseMs * 2 ** index) / 2 - 2);
      });
      // A later event comes after it (one queue per webhook): the retried one was not sent again.
      const later = await bio(userId, "later");
      await app.receiver.until(() => app.receiver.delivered.length >= 2);
      expect(app.receiver.delivered.map((entry) => entry.delivery.data.id)).toEqual([
        failedFirst,
        later,
      ]);
    });

    it("keeps pending deliveries across an ads-api restart", async () => {
      const app = await newApp();
      await register(app);
      const userId = await followUser(app);
      app.receiver.failNext = Number.POSITIVE_INFINITY;
      const pending = await bio(userId, "survives");
      await app.receiver.until(() => app.receiver.attempts.length >= 1);
      await api.restart();
      app.receiver.failNext = 0;
      await app.receiver.until(() => app.receiver.delivered.length >= 1);
      expect(app.receiver.delivered.map((entry) => entry.delivery.data.id)).toEqual([pending]);
    });

    it("replays exactly the events of a window, marked with the job id", async () => {
      const app = await newApp();
      const webhook = await register(app);
      const userId = await followUser(app);
      const hour = 3_600_000;
      const now = Date.now();
      const inside: string[] = [];
      try {
        offsetMs = -3 * hour;
        await bio(userId, "before");
        offsetMs = -2 * hour;
        inside.push(await bio(userId, "in 1"), await bio(userId, "in 2"));
        offsetMs = -1 * hour;
        await bio(userId, "after");
      } finally {
        offsetMs = 0;
      }
      await app.receiver.until(() => app.receiver.delivered.length >= 4);
      const answer = webhookReplayAnswerSchema.parse(
        await app.client.call("webhooks.replay", {
          webhook_id: webhook.id,
          from_date: minuteOf(now - 2 * hour - 5 * 60_000),
          to_date: minuteOf(now - hour - 5 * 60_000),
        }),
      );
      const jobId = answer.data.job_id;
      // a live event after the replay is queued behind it: once it arrives, the replay is done
      const live = await bio(userId, "live");
      await app.receiver.until(() =>
        app.receiver.delivered.some((entry) => entry.delivery.data.id === live),
      );
      const replayed = app.receiver.delivered.filter(
        (entry) => entry.delivery.replay_job_id === jobId,
      );
      expect(replayed.map((entry) => entry.delivery.data.id)).toEqual(inside);
      expect(replayed.map((entry) => entry.replayHeader)).toEqual([jobId, jobId]);
      expect(app.receiver.delivered.map((entry) => entry.delivery.data.payload.bio)).toEqual([
        "before",
        "in 1",
        "in 2",
        "after",
        "in 1",
        "in 2",
        "live",
      ]);
    });

    it("stops delivering to a webhook that fails its re-run CRC check, and resumes once it passes", async () => {
      const app = await newApp();
      const webhook = await register(app);
      const userId = await followUser(app);
      app.receiver.wrongCrc = true;
      const failed = await send(app, "PUT", `/2/webhooks/${webhook.id}`);
      expect(failed.status).toBe(400);
      expect(failed.error?.message).toMatch(/^CRC failed/);
      const listed = webhookListSchema.parse(await app.client.call("webhooks.list", {}));
      expect(listed.data.map((entry) => entry.valid)).toEqual([false]);
      await bio(userId, "while invalid");
      app.receiver.wrongCrc = false;
      const revalidated = webhookAnswerSchema.parse(
        await app.client.call("webhooks.validate", { webhook_id: webhook.id }),
      );
      expect(revalidated.data.valid).toBe(true);
      const after = await bio(userId, "after revalidation");
      await app.receiver.until(() => app.receiver.delivered.length >= 1);
      // the event stored while it was invalid was never queued for it
      expect(app.receiver.delivered.map((entry) => entry.delivery.data.id)).toEqual([after]);
    });

    it("refuses hostile input with a 400 naming the parameter, and another app's webhook as missing", async () => {
      const app = await newApp();
      const badUrls = [
        "ftp://127.0.0.1/hook",
        "http://example.com/hook",
        "https://user:pw@example.com/hook",
        "https://example.com/hook#frag",
        `https://example.com/${"a".repeat(1_100)}`,
        "/relative/hook",
        "https://exa mple.com/",
        42,
      ];
      for (const url of badUrls) {
        const answer = await send(app, "POST", "/2/webhooks", { url });
        expect(answer.status, String(url)).toBe(400);
        expect(answer.error?.parameter, String(url)).toBe("url");
      }
      const webhook = await register(app);
      const now = Date.now();
      const day = 24 * 3_600_000;
      const windows: [Record<string, unknown>, string][] = [
        [{ from_date: "2026-03-25", to_date: minuteOf(now) }, "from_date"],
        [{ from_date: "202613011200", to_date: minuteOf(now) }, "from_date"],
        [{ from_date: minuteOf(now - day), to_date: "20260230T1200" }, "to_date"],
        [{ from_date: minuteOf(now - day), to_date: minuteOf(now - 2 * day) }, "to_date"],
        [{ from_date: minuteOf(now - day), to_date: minuteOf(now + day) }, "to_date"],
        [{ from_date: minuteOf(now - 6 * day), to_date: minuteOf(now - 10 * 60_000) }, "to_date"],
        [{ from_date: minuteOf(now - day) }, "to_date"],
      ];
      for (const [window, parameter] of windows) {
        const answer = await send(app, "POST", "/2/webhooks/replay", {
          webhook_id: webhook.id,
          ...window,
        });
        expect(answer.status, JSON.stringify(window)).toBe(400);
        expect(answer.error?.parameter, JSON.stringify(window)).toBe(parameter);
      }
      const other = await newApp();
      const replayOthers = await send(other, "POST", "/2/webhooks/replay", {
        webhook_id: webhook.id,
        from_date: minuteOf(now - day),
        to_date: minuteOf(now - 60_000),
      });
      expect(replayOthers.status).toBe(404);
      expect(replayOthers.error?.parameter).toBe("webhook_id");
      expect((await send(other, "PUT", `/2/webhooks/${webhook.id}`)).status).toBe(404);
      expect((await send(other, "DELETE", `/2/webhooks/${webhook.id}`)).status).toBe(404);
      expect((await send(app, "DELETE", "/2/webhooks/not-an-id")).status).toBe(400);
      expect((await send(app, "DELETE", `/2/webhooks/${"9".repeat(20)}`)).status).toBe(404);
      // still there, still the app's
      const listed = webhookListSchema.parse(await app.client.call("webhooks.list", {}));
      expect(listed.data.map((entry) => entry.id)).toEqual([webhook.id]);
    });
  },
);
