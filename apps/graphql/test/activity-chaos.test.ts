// Issue 34's acceptance: while events are posted at a steady rate, the lease holder is killed,
// Redis and ads-api restart and clients reconnect with `after:`; every event posted after a
// subscription went live reaches it at least once (a repeat with the same id), none is lost.
import { DEMO } from "@adsgraph/ads-api";
import { startAdsApi, type StartedAdsApi } from "@adsgraph/ads-api/testing";
import { createTestTarget, generateKeyText, type TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";
import { loadEnv } from "../src/env.js";
import { createServices } from "../src/services.js";
import { globalId, signIn, startFacade, startFacadeProcess } from "../testing/index.js";
import type { FacadeProcess, RunningFacade } from "../testing/index.js";
import {
  createWatcher,
  disconnect,
  lostEvents,
  postSteadily,
  watch,
  type Posted,
  type Watcher,
} from "./support/activity-watchers.js";
import { act } from "./support/activity-clients.js";
import { startPrivateRedis, type PrivateRedis } from "./support/private-redis.js";

const USER_A = DEMO.user.id;
const USER_B = DEMO.friend.id;
/** One event every this many ms, alternating the two users. */
const EVERY_MS = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every watcher received an event of its user posted at or after `since`. */
async function flowing(watchers: readonly Watcher[], posted: readonly Posted[], since: number) {
  await expect
    .poll(
      () =>
        watchers.every((watcher) =>
          posted.some(
            (event) =>
              event.userId === watcher.userId &&
              event.at >= since &&
              watcher.received.has(event.rawId),
          ),
        ),
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
}

/** Posts two events for user A while one of its clients is away (counted with the steady ones). */
async function missWhileAway(adsApi: StartedAdsApi, posted: Posted[]): Promise<string[]> {
  const ids: string[] = [];
  for (const bio of ["away 1", "away 2"]) {
    const at = Date.now();
    const stored = await act(adsApi, { event_type: "profile.update.bio", user_id: USER_A, bio });
    for (const rawId of stored) posted.push({ userId: USER_A, rawId, at });
    ids.push(...stored);
  }
  return ids;
}

/** Waits for the last posted events to arrive, then reports and checks the losses. */
async function expectNothingLost(label: string, watchers: readonly Watcher[], posted: Posted[]) {
  await expect
    .poll(() => lostEvents(watchers, posted).every((report) => report.lost === 0), {
      timeout: 20_000,
      interval: 100,
    })
    .toBe(true)
    .catch(() => undefined);
  const reports = lostEvents(watchers, posted);
  const lost = reports.reduce((sum, report) => sum + report.lost, 0);
  console.info(`${label}: ${posted.length} events posted, lost ${lost}`, reports);
  for (const watcher of watchers) {
    expect(watcher.errors, watcher.name).toEqual([]);
    expect(watcher.mismatches, `${watcher.name}: a repeat with another id`).toEqual([]);
  }
  expect(reports.every((report) => report.expected > 0)).toBe(true);
  expect(lost).toBe(0);
}

describe.each(["pglite", "postgresql"] as const)(
  "activity events at least once, one facade on %s",
  (engine) => {
    let adsApi: StartedAdsApi;
    let facade: RunningFacade;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      adsApi = await startAdsApi({ engine, activityAdmin: true });
      facade = await startFacade({
        engine,
        env: { ...adsApi.env, ACTIVITY_STREAM_BACKOFF_MS: "20" },
      });
      tokens[USER_A] = await signIn(facade, DEMO.user);
      tokens[USER_B] = await signIn(facade, DEMO.friend);
    });

    afterAll(async () => {
      await facade.close();
      await adsApi.close();
    });

    it("loses nothing across an ads-api restart and a client's reconnect with after:", async () => {
      const watchers = [
        createWatcher("a1", USER_A),
        createWatcher("a2", USER_A),
        createWatcher("b1", USER_B),
      ];
      const token = (watcher: Watcher) => tokens[watcher.userId] ?? "";
      for (const watcher of watchers) await watch(watcher, facade.url, token(watcher));
      const writer = postSteadily(adsApi, [USER_A, USER_B], EVERY_MS);
      try {
        await flowing(watchers, writer.posted, Date.now());

        // (c) ads-api restarts: the upstream stream resumes after the last event it read.
        await adsApi.restart();
        await flowing(watchers, writer.posted, Date.now());

        // (d) a client leaves, misses events, and comes back with `after:`: they come first.
        const [a1] = watchers as [Watcher];
        await disconnect(a1);
        const missed = await missWhileAway(adsApi, writer.posted);
        await watch(a1, facade.url, token(a1));
        await expect.poll(() => missed.every((id) => a1.received.has(id))).toBe(true);
        await flowing(watchers, writer.posted, Date.now());
      } finally {
        await writer.stop();
      }
      await expectNothingLost(`one facade on ${engine}`, watchers, writer.posted);
      for (const watcher of watchers) await disconnect(watcher);
    });

    it("refuses a resume from before the events it keeps with RESUME_WINDOW_EXPIRED, naming the oldest kept", async () => {
      const watcher = createWatcher("stale", USER_A);
      // An event id from long before this facade started: what came after it is not all kept.
      watcher.newest = { raw: 1n, id: globalId("ActivityEvent", "1") };
      await expect(watch(watcher, facade.url, tokens[USER_A] ?? "")).rejects.toThrow();
      expect(watcher.current?.errors).toMatchObject([
        {
          extensions: {
            code: "RESUME_WINDOW_EXPIRED",
            oldestRetainedId: expect.any(String) as unknown,
          },
        },
      ]);
      await disconnect(watcher);
    });
  },
);

describe("a lone client's reconnect within the resume grace, one facade", () => {
  // Wide enough for a disconnect, two posts and a reconnect on a busy machine.
  const GRACE_MS = 10_000;
  let adsApi: StartedAdsApi;
  let facade: RunningFacade;
  let token: string;

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: "pglite", activityAdmin: true });
    facade = await startFacade({
      engine: "pglite",
      env: {
        ...adsApi.env,
        ACTIVITY_STREAM_BACKOFF_MS: "20",
        ACTIVITY_RESUME_GRACE_MS: String(GRACE_MS),
      },
    });
    token = await signIn(facade, DEMO.user);
  });

  afterAll(async () => {
    await facade.close();
    await adsApi.close();
  });

  /** The facade app's upstream subscriptions for user A, as ads-api lists them. */
  const heldUpstream = async () => {
    const { data } = await facade.services.upstream.app.call("activity.subscriptions.list");
    return data.filter((subscription) => subscription.filter.user_id === USER_A).length;
  };

  it("gives the user's only client every event posted while it was away, then releases after the grace", async () => {
    const posted: Posted[] = [];
    const watcher = createWatcher("lone", USER_A);
    await watch(watcher, facade.url, token);
    const at = Date.now();
    const before = await act(adsApi, {
      event_type: "profile.update.bio",
      user_id: USER_A,
      bio: "b",
    });
    for (const rawId of before) posted.push({ userId: USER_A, rawId, at });
    await expect.poll(() => before.every((id) => watcher.received.has(id))).toBe(true);

    // Its last subscriber gone, the user's events are still recorded for the grace.
    await disconnect(watcher);
    await expect.poll(() => facade.services.activity.stats().subscribers).toBe(0);
    const missed = await missWhileAway(adsApi, posted);
    await watch(watcher, facade.url, token);
    await expect.poll(() => missed.every((id) => watcher.received.has(id))).toBe(true);
    const [report] = lostEvents([watcher], posted);
    console.info(`lone client: ${posted.length} events posted, lost ${report?.lost}`, report);
    expect(report?.lost).toBe(0);
    expect(watcher.errors).toEqual([]);
    expect(watcher.mismatches).toEqual([]);

    // Gone for good: after the grace the upstream subscription is deleted and the stream stops.
    await disconnect(watcher);
    await expect.poll(heldUpstream, { timeout: GRACE_MS + 15_000, interval: 200 }).toBe(0);
    await expect.poll(() => facade.services.activity.stats().streaming).toBe(false);
    // What was posted since is not vouched for: a resume from before is refused.
    await act(adsApi, { event_type: "profile.update.bio", user_id: USER_A, bio: "unseen" });
    await expect(watch(watcher, facade.url, token)).rejects.toThrow();
    expect(watcher.current?.errors).toMatchObject([
      { extensions: { code: "RESUME_WINDOW_EXPIRED" } },
    ]);
    await disconnect(watcher);
  });
});

describe("activity events at least once, two facade replicas on PostgreSQL + Redis", () => {
  let redis: PrivateRedis;
  let adsApi: StartedAdsApi;
  let facadeTarget: TestTarget;
  const facades: FacadeProcess[] = [];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    redis = await startPrivateRedis();
    adsApi = await startAdsApi({ engine: "postgresql", activityAdmin: true });
    facadeTarget = await createTestTarget("postgresql", "activity_chaos_facade");
    const facadeEnv = {
      ...adsApi.env,
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      REDIS_URL: redis.url,
      DEV_SESSION: "false",
      // A failover in about 2 s (the lease) rather than 5.
      ACTIVITY_LEASE_MS: "2000",
      ACTIVITY_STREAM_BACKOFF_MS: "20",
    };
    // One after another: the first migrates the facade's database.
    for (let index = 0; index < 2; index += 1) {
      facades.push(await startFacadeProcess({ env: facadeEnv, database: facadeTarget.target }));
    }
    // Sessions live in PostgreSQL: opened here as the sign-in would, valid on either replica.
    const env = loadEnv({ ...facadeEnv, REDIS_URL: "", LOG_LEVEL: "silent" });
    const facadeDb = await openDatabase(facadeTarget.target);
    try {
      const services = createServices(facadeDb, env, () => undefined);
      tokens[USER_A] = await signIn({ services }, DEMO.user);
      tokens[USER_B] = await signIn({ services }, DEMO.friend);
      await services.upstream.close();
    } finally {
      await facadeDb.close();
    }
  });

  afterAll(async () => {
    for (const facade of facades) await facade.kill();
    await adsApi.close();
    await facadeTarget.drop();
    await redis.close();
  });

  const health = async (facade: FacadeProcess) =>
    (await (await fetch(`${facade.origin}/health`)).json()) as {
      redis: string;
      activity: { role: string };
    };

  it("loses nothing when the lease holder is killed, Redis and ads-api restart and a client resumes", async () => {
    const [one, two] = facades as [FacadeProcess, FacadeProcess];
    const on = new Map<Watcher, FacadeProcess>();
    const watchers: Watcher[] = [];
    for (const [facade, label] of [
      [one, "one"],
      [two, "two"],
    ] as const) {
      for (const [userId, user] of [
        [USER_A, "A"],
        [USER_B, "B"],
      ] as const) {
        const watcher = createWatcher(`${label}${user}`, userId);
        await watch(watcher, facade.url, tokens[userId] ?? "");
        on.set(watcher, facade);
        watchers.push(watcher);
      }
    }
    const writer = postSteadily(adsApi, [USER_A, USER_B], EVERY_MS);
    try {
      await flowing(watchers, writer.posted, Date.now());

      // (a) kill -9 of the lease holder: its clients reconnect to the other replica with
      // `after:`; the other replica takes the stream over from the last event in the log.
      const holder = (await health(one)).activity.role === "holder" ? one : two;
      const survivor = holder === one ? two : one;
      await holder.kill();
      for (const watcher of watchers.filter((w) => on.get(w) === holder)) {
        await expect.poll(() => watcher.current?.closed).toBeDefined();
        await watch(watcher, survivor.url, tokens[watcher.userId] ?? "");
        on.set(watcher, survivor);
      }
      await flowing(watchers, writer.posted, Date.now());
      expect((await health(survivor)).activity.role).toBe("holder");

      // (b) Redis dies (every key gone) and comes back.
      await redis.kill();
      await sleep(1_000);
      await redis.start();
      await expect.poll(async () => (await health(survivor)).redis, { timeout: 15_000 }).toBe("up");
      await flowing(watchers, writer.posted, Date.now());

      // (c) ads-api restarts.
      await adsApi.restart();
      await flowing(watchers, writer.posted, Date.now());

      // (d) a client leaves, misses events, and comes back with `after:`: they come first.
      const [first] = watchers as [Watcher];
      await disconnect(first);
      const missed = await missWhileAway(adsApi, writer.posted);
      await watch(first, survivor.url, tokens[first.userId] ?? "");
      await expect.poll(() => missed.every((id) => first.received.has(id))).toBe(true);
      await flowing(watchers, writer.posted, Date.now());
    } finally {
      await writer.stop();
    }
    await expectNothingLost("two replicas", watchers, writer.posted);
    for (const watcher of watchers) await disconnect(watcher);
    // Five restarts and kills in a row: about 60 s alone, past 120 s on a 2-core machine
    // busy with the rest of the suite.
  }, 240_000);
});
