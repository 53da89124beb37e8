import type { ActivityEvent } from "@adsgraph/models";
import { readActivityStream } from "@adsgraph/rest-client";
import type { ActivityStreamState, RestClient } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, DEMO_AUTH, startAdsApi } from "../support/ads-api.js";
import type { AdsApi } from "../support/ads-api.js";

/**
 * issue 18: rest-client's activity stream reader against the real `GET /2/activity/stream`:
 * it reconnects when ads-api is killed and started again, resumes from the last event id, and
 * a reader started afresh from its checkpoint gets what happened while none was reading —
 * every event once, none doubled.
 */

const USER = DEMO.user.id;

/** Collects what a reader yields in the background. */
class Collector {
  readonly events: ActivityEvent[] = [];
  readonly states: ActivityStreamState[] = [];
  readonly checkpoints: string[] = [];
  readonly #controller = new AbortController();
  readonly done: Promise<void>;

  constructor(client: RestClient, sinceId?: string) {
    const reader = readActivityStream(client, {
      signal: this.#controller.signal,
      sinceId,
      // Quick reconnects: the test waits for events, not for backoff.
      backoff: { initialMs: 20, maxMs: 200 },
      onState: (state) => this.states.push(state),
      checkpoint: (id) => {
        this.checkpoints.push(id);
      },
    });
    this.done = (async () => {
      for await (const event of reader) this.events.push(event);
    })();
  }

  async stop(): Promise<void> {
    this.#controller.abort();
    await this.done;
  }
}

describe("readActivityStream against ads-api", () => {
  let api: AdsApi;
  let client: RestClient;

  beforeAll(async () => {
    api = await startAdsApi();
    // The app-only bearer: the stream and the subscriptions are the app's (spec §5).
    client = api.client({ auth: { consumer: DEMO_AUTH.consumer } });
    await client.call("activity.subscriptions.create", { filter: { user_id: USER } });
  });
  afterAll(async () => {
    await api.close();
  });

  /** Simulates bio changes numbered `from`..`to` through ads-api's loopback admin endpoint. */
  async function bios(from: number, to: number): Promise<string[]> {
    const ids: string[] = [];
    for (let n = from; n <= to; n += 1) {
      const response = await fetch(`${api.urls.base}/_admin/activity/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event_type: "profile.update.bio", user_id: USER, bio: `bio ${n}` }),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { events: { id: string }[] };
      ids.push(...body.events.map((event) => event.id));
    }
    return ids;
  }

  const biosOf = (events: readonly ActivityEvent[]) =>
    events.map((event) => (event.payload as { bio: string }).bio);

  it("reconnects after ads-api is killed and restarted and resumes from the last id: every event once", async () => {
    const collector = new Collector(client);
    try {
      // Connected before the first event: a reader without since_id starts at the newest.
      await waitForState(collector, "connected");
      const first = await bios(1, 3);
      await expect.poll(() => collector.events.length).toBeGreaterThanOrEqual(3);

      await api.restart();
      // Stored while the reader is reconnecting (or before it notices): since_id brings them.
      const second = await bios(4, 6);
      await expect.poll(() => collector.events.length).toBeGreaterThanOrEqual(6);
      const third = await bios(7, 8);
      await expect.poll(() => collector.events.length).toBeGreaterThanOrEqual(8);

      expect(collector.events.map((event) => event.id)).toEqual([...first, ...second, ...third]);
      expect(biosOf(collector.events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `bio ${n}`));
      // It did lose the connection and come back with the last id it had yielded.
      const reconnects = collector.states.filter(
        (state) => state.state === "connecting" && state.attempt > 1,
      );
      expect(reconnects.length).toBeGreaterThan(0);
      expect(
        reconnects.some((state) => state.state === "connecting" && state.sinceId === first[2]),
      ).toBe(true);
    } finally {
      await collector.stop();
    }
    expect(collector.states.at(-1)).toMatchObject({ state: "stopped", reason: "aborted" });
  });

  it("a reader started afresh from the saved checkpoint gets what happened while none read, across a restart", async () => {
    const before = new Collector(client);
    let checkpoint: string;
    try {
      await waitForState(before, "connected");
      await bios(11, 12);
      await expect.poll(() => before.events.length).toBeGreaterThanOrEqual(2);
      // The checkpoint of an event is saved when the next one is asked for.
      await expect.poll(() => before.checkpoints.length).toBe(2);
      checkpoint = before.checkpoints.at(-1) ?? "";
    } finally {
      await before.stop();
    }
    expect(checkpoint).toBe(before.events.at(-1)?.id);

    // Nobody reads: these are only in ads-api's store, which outlives the restart.
    const missed = await bios(13, 15);
    await api.restart();

    const after = new Collector(client, checkpoint);
    try {
      await expect.poll(() => after.events.length).toBeGreaterThanOrEqual(3);
      const live = await bios(16, 16);
      await expect.poll(() => after.events.length).toBeGreaterThanOrEqual(4);
      expect(after.events.map((event) => event.id)).toEqual([...missed, ...live]);
      expect(biosOf(after.events)).toEqual(["bio 13", "bio 14", "bio 15", "bio 16"]);
    } finally {
      await after.stop();
    }
  });

  it("a since_id that is not digits is refused before any request", async () => {
    const before = (await api.requests.entries("activity.stream")).length;
    expect(() =>
      readActivityStream(client, { signal: new AbortController().signal, sinceId: "12abc" }),
    ).toThrow(/sinceId must be a string of digits/);
    expect((await api.requests.entries("activity.stream")).length).toBe(before);
  });
});

async function waitForState(collector: Collector, state: ActivityStreamState["state"]) {
  await expect.poll(() => collector.states.map((entry) => entry.state)).toContain(state);
}
