import { connect as connectTo, createServer, type Server, type Socket } from "node:net";
import type { ActivityEvent } from "@adsgraph/models";
import {
  connectRedis,
  deletePrefixed,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, describe, expect, it } from "vitest";
import { createActivityFanOut } from "./activity-fanout.js";
import type { OpenStream } from "./activity-feed.js";
import { createClusterFeed } from "./cluster-feed.js";
import { activityKeys } from "./cluster-keys.js";
import type { UpstreamSubscriptions } from "./upstream-subscriptions.js";

const prefix = testRedisPrefix("graphql-activity-feed");
const opened: SharedRedis[] = [];
afterAll(async () => {
  for (const redis of opened) await redis.close();
  await deletePrefixed(TEST_REDIS_URL, prefix);
});

async function redisAt(url: string): Promise<SharedRedis> {
  const redis = await connectRedis({ url, prefix });
  opened.push(redis);
  return redis;
}

/**
 * ads-api's stream of one app: events stored in id order; a stream resumes after `sinceId`
 * (without one, after the newest stored event) and then follows new ones.
 */
function upstreamStream() {
  const events: ActivityEvent[] = [];
  const wakers = new Set<() => void>();
  const opens: (string | undefined)[] = [];
  let nextId = 9_007_199_254_740_993n; // past 2^53: ids are never JS numbers
  const open: OpenStream = ({ signal, onState, sinceId }) => {
    opens.push(sinceId);
    return (async function* () {
      let position =
        sinceId === undefined
          ? events.length
          : events.filter((event) => BigInt(event.id) <= BigInt(sinceId)).length;
      onState({ state: "connected", sinceId });
      while (!signal.aborted) {
        const event = events[position];
        if (event !== undefined) {
          position += 1;
          yield event;
          continue;
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            wakers.delete(wake);
            resolve();
          };
          wakers.add(wake);
          signal.addEventListener("abort", wake, { once: true });
        });
      }
    })();
  };
  const record = (forUserId: string): string => {
    nextId += 1n;
    const id = String(nextId);
    events.push({
      id,
      event_type: "profile.update.bio",
      created_at: "2026-05-01T00:00:00Z",
      for_user_id: forUserId,
      subscription_id: "1",
      payload: { bio: id },
    });
    for (const wake of [...wakers]) wake();
    return id;
  };
  return { open, opens, record };
}

const noUpstream: UpstreamSubscriptions = {
  acquire: () => Promise.resolve(),
  release: () => Promise.resolve(),
  size: 0,
};

function replica(
  redis: SharedRedis,
  name: string,
  keys: ReturnType<typeof activityKeys>,
  open: OpenStream,
) {
  const fellBack: string[] = [];
  const fanOut = createActivityFanOut({
    openStream: open,
    upstream: noUpstream,
    perUser: 5,
    max: 50,
    queueSize: 1_000,
    onError: () => undefined,
    feed: (sink) =>
      createClusterFeed({
        redis,
        keys,
        replicaId: name,
        leaseMs: 600,
        retainedEvents: 100,
        openStream: open,
        sink,
        onError: () => undefined,
        fellBack: (part) => fellBack.push(part),
      }),
  });
  return { fanOut, fellBack };
}

/** Reads a subscriber's events into an array as they come. */
function drain(iterator: AsyncIterableIterator<ActivityEvent>): string[] {
  const ids: string[] = [];
  void (async () => {
    for await (const event of iterator) ids.push(event.id);
  })();
  return ids;
}

/** A TCP relay to Redis that a test cuts (connections dropped and refused) and restores. */
async function relay(): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const target = new URL(TEST_REDIS_URL);
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      const current = createServer((inbound) => {
        const outbound = connectTo(Number(target.port || "6379"), target.hostname);
        sockets.add(inbound).add(outbound);
        const end = () => {
          inbound.destroy();
          outbound.destroy();
          sockets.delete(inbound);
          sockets.delete(outbound);
        };
        inbound.on("error", end).on("close", end);
        outbound.on("error", end).on("close", end);
        inbound.pipe(outbound).pipe(inbound);
      });
      server = current;
      current.listen(port, "127.0.0.1", () => {
        const address = current.address();
        resolve(typeof address === "object" && address !== null ? address.port : port);
      });
    });
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        if (server === undefined) {
          resolve();
          return;
        }
        server.close(() => {
          resolve();
        });
        server = undefined;
        for (const socket of sockets) socket.destroy();
      }),
    restore: async () => {
      await listen(port);
    },
  };
}

describe("createClusterFeed", () => {
  it("opens one upstream stream for two replicas and gives each of their subscribers every event once", async () => {
    const upstream = upstreamStream();
    const keys = activityKeys("feed-one-stream");
    const one = replica(await redisAt(TEST_REDIS_URL), "one", keys, upstream.open);
    const two = replica(await redisAt(TEST_REDIS_URL), "two", keys, upstream.open);
    const onOne = drain(await one.fanOut.subscribe({ userId: "1", types: null }));
    const onTwo = drain(await two.fanOut.subscribe({ userId: "1", types: null }));
    const otherOnTwo = drain(await two.fanOut.subscribe({ userId: "2", types: null }));
    expect(upstream.opens).toHaveLength(1);
    const roles = [one.fanOut.stats().role, two.fanOut.stats().role].sort();
    expect(roles).toEqual(["follower", "holder"]);

    const forOne = [upstream.record("1"), upstream.record("1")];
    const forTwo = [upstream.record("2")];
    forOne.push(upstream.record("1"));
    await expect
      .poll(() => onOne.length >= 3 && onTwo.length >= 3 && otherOnTwo.length >= 1)
      .toBe(true);
    expect(onOne).toEqual(forOne);
    expect(onTwo).toEqual(forOne);
    expect(otherOnTwo).toEqual(forTwo);
    expect(upstream.opens).toHaveLength(1);

    await one.fanOut.close();
    await two.fanOut.close();
    expect(one.fellBack).toEqual([]);
  });

  it("moves the stream to the other replica when its holder dies, resuming from the last published event", async () => {
    const upstream = upstreamStream();
    const keys = activityKeys("feed-takeover");
    const one = replica(await redisAt(TEST_REDIS_URL), "one", keys, upstream.open);
    const two = replica(await redisAt(TEST_REDIS_URL), "two", keys, upstream.open);
    drain(await one.fanOut.subscribe({ userId: "1", types: null }));
    const onTwo = drain(await two.fanOut.subscribe({ userId: "1", types: null }));
    expect(one.fanOut.stats().role).toBe("holder");
    const before = [upstream.record("1"), upstream.record("1")];
    await expect.poll(() => onTwo.length).toBeGreaterThanOrEqual(2);

    one.fanOut.halt();
    const during = [upstream.record("1"), upstream.record("1")];
    await expect.poll(() => two.fanOut.stats().role).toBe("holder");
    expect(upstream.opens).toEqual([undefined, before[1]]);
    const after = [upstream.record("1")];
    await expect.poll(() => onTwo.length).toBeGreaterThanOrEqual(5);
    expect(onTwo).toEqual([...before, ...during, ...after]);
    await two.fanOut.close();
  });

  it("replays a resumed subscriber's events from the log on any replica, then live ones, and refuses an id from before the log", async () => {
    const upstream = upstreamStream();
    const keys = activityKeys("feed-resume");
    const one = replica(await redisAt(TEST_REDIS_URL), "one", keys, upstream.open);
    const first = drain(await one.fanOut.subscribe({ userId: "1", types: null }));
    const before = [upstream.record("1"), upstream.record("2"), upstream.record("1")];
    await expect.poll(() => first.length).toBe(2);

    const two = replica(await redisAt(TEST_REDIS_URL), "two", keys, upstream.open);
    const resumed = drain(
      await two.fanOut.subscribe({ userId: "1", types: null, after: before[0] }),
    );
    const later = upstream.record("1");
    await expect.poll(() => resumed.length).toBeGreaterThanOrEqual(2);
    // User 2's event is not this subscriber's; the seam doubles nothing.
    expect(resumed).toEqual([before[2], later]);

    await expect(
      two.fanOut.subscribe({ userId: "1", types: null, after: "5" }),
    ).rejects.toMatchObject({ code: "RESUME_WINDOW_EXPIRED", oldestRetainedId: before[0] });
    await one.fanOut.close();
    await two.fanOut.close();
  });

  it("runs its own stream while Redis is down, from the last event it delivered, and goes back to the cluster's", async () => {
    const upstream = upstreamStream();
    const keys = activityKeys("feed-fallback");
    const path = await relay();
    const alone = replica(await redisAt(path.url), "alone", keys, upstream.open);
    const ids = drain(await alone.fanOut.subscribe({ userId: "1", types: null }));
    const before = [upstream.record("1")];
    await expect.poll(() => ids.length).toBeGreaterThanOrEqual(1);
    expect(alone.fanOut.stats().role).toBe("holder");

    await path.cut();
    await expect.poll(() => alone.fanOut.stats().role).toBe("local");
    expect(alone.fellBack).toEqual(["activity fan-out"]);
    // Its own stream resumes after the last event it delivered.
    await expect.poll(() => upstream.opens.length).toBe(2);
    expect(upstream.opens[1]).toBe(before[0]);
    const during = [upstream.record("1"), upstream.record("1")];
    await expect.poll(() => ids.length).toBeGreaterThanOrEqual(3);

    await path.restore();
    await expect.poll(() => alone.fanOut.stats().role).toBe("holder");
    const after = [upstream.record("1"), upstream.record("1")];
    await expect.poll(() => ids.length).toBeGreaterThanOrEqual(5);
    expect(ids).toEqual([...before, ...during, ...after]);
    // Back on the cluster's stream: the fallback stream has stopped.
    expect(alone.fanOut.stats().role).toBe("holder");
    await alone.fanOut.close();
    await path.cut();
  });
});
