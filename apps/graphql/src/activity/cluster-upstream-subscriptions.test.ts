import {
  connectRedis,
  deletePrefixed,
  TEST_REDIS_URL,
  testRedisPrefix,
  type SharedRedis,
} from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { activityKeys } from "./cluster-keys.js";
import { COUNT_SHARES } from "./cluster-scripts.js";
import { createClusterUpstreamSubscriptions } from "./cluster-upstream-subscriptions.js";

const prefix = testRedisPrefix("graphql-activity-subscriptions");
let redis: SharedRedis;
beforeAll(async () => {
  redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
});
afterAll(async () => {
  await redis.close();
  await deletePrefixed(TEST_REDIS_URL, prefix);
});

/** ads-api's subscriptions of one app, shared by every replica's client; each call answers later. */
function upstreamApp() {
  const held = new Map<string, string>();
  let next = 500;
  const { client, calls } = scriptedClient(async ({ endpointId, params }) => {
    // Let the other replica's steps interleave with this call, as over HTTP.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const row = (id: string, userId: string) => ({
      subscription_id: id,
      event_type: null,
      filter: { user_id: userId },
      created_at: "2026-05-01T00:00:00Z",
    });
    switch (endpointId) {
      case "activity.subscriptions.list":
        return { data: [...held].map(([id, userId]) => row(id, userId)) };
      case "activity.subscriptions.create": {
        next += 1;
        const userId = (params.filter as { user_id: string }).user_id;
        held.set(String(next), userId);
        return { data: row(String(next), userId) };
      }
      case "activity.subscriptions.delete": {
        const id = String(params.subscription_id);
        const userId = held.get(id) ?? "0";
        held.delete(id);
        return { data: row(id, userId) };
      }
      default:
        throw new Error(`unexpected ${endpointId}`);
    }
  });
  const count = (endpointId: string) =>
    calls.filter((call) => call.endpointId === endpointId).length;
  return { client, held, count };
}

const replica = (
  app: ReturnType<typeof upstreamApp>,
  name: string,
  keys: ReturnType<typeof activityKeys>,
  shared: SharedRedis = redis,
  shareMs = 60_000,
) => {
  const fellBack: string[] = [];
  const subscriptions = createClusterUpstreamSubscriptions({
    redis: shared,
    keys,
    replicaId: name,
    client: app.client,
    shareMs,
    onError: () => undefined,
    fellBack: (part) => fellBack.push(part),
  });
  return { subscriptions, fellBack };
};

describe("createClusterUpstreamSubscriptions", () => {
  it("makes one subscription per user for the cluster and deletes it when the last replica leaves", async () => {
    const app = upstreamApp();
    const keys = activityKeys("one-per-cluster");
    const one = replica(app, "one", keys);
    const two = replica(app, "two", keys);
    // Both replicas' first subscribers at once: the lock lets one create, the other finds it.
    await Promise.all([
      one.subscriptions.acquire("1"),
      two.subscriptions.acquire("1"),
      one.subscriptions.acquire("1"),
    ]);
    expect(app.count("activity.subscriptions.create")).toBe(1);
    expect([...app.held.values()]).toEqual(["1"]);

    await one.subscriptions.release("1");
    expect(app.count("activity.subscriptions.delete")).toBe(0);
    await one.subscriptions.release("1");
    // The second replica still holds a subscriber of the user.
    expect(app.count("activity.subscriptions.delete")).toBe(0);
    await two.subscriptions.release("1");
    expect(app.count("activity.subscriptions.delete")).toBe(1);
    expect(app.held.size).toBe(0);
    expect(await redis.client.exists(keys.user("1").subscription)).toBe(0);

    // The next first subscriber makes a new one.
    await two.subscriptions.acquire("1");
    expect(app.count("activity.subscriptions.create")).toBe(2);
    await two.subscriptions.release("1");
    expect(app.held.size).toBe(0);
    expect(one.fellBack).toEqual([]);
  });

  it("stops counting a replica that died once its share lapses", async () => {
    const app = upstreamApp();
    const keys = activityKeys("dead-share");
    const dead = replica(app, "dead", keys, redis, 300);
    // The living replica's share outlasts any stall of a busy machine: only the dead one lapses.
    const alive = replica(app, "alive", keys, redis, 30_000);
    await dead.subscriptions.acquire("2");
    await alive.subscriptions.acquire("2");
    expect(app.count("activity.subscriptions.create")).toBe(1);
    // The dead replica's heartbeat stops, and it never releases.
    dead.subscriptions.close?.();
    const holders = keys.user("2").holders;
    await expect.poll(() => COUNT_SHARES.run(redis.client, [holders], [])).toBe(1);
    await alive.subscriptions.release("2");
    expect(app.count("activity.subscriptions.delete")).toBe(1);
    expect(app.held.size).toBe(0);
  });

  it("makes its own subscription while Redis is down, and deletes it on release", async () => {
    const down = await connectRedis({ url: "redis://127.0.0.1:1", prefix });
    try {
      const app = upstreamApp();
      const keys = activityKeys("redis-down");
      const alone = replica(app, "alone", keys, down);
      await alone.subscriptions.acquire("3");
      expect(alone.fellBack).toEqual(["activity subscriptions"]);
      expect([...app.held.values()]).toEqual(["3"]);
      await alone.subscriptions.release("3");
      expect(app.held.size).toBe(0);
    } finally {
      await down.close();
    }
  });

  it("hands a subscription made while Redis was down to the cluster when others hold the user", async () => {
    const app = upstreamApp();
    const keys = activityKeys("hand-over");
    const down = await connectRedis({ url: "redis://127.0.0.1:1", prefix });
    const lone = replica(app, "lone", keys, down);
    try {
      await lone.subscriptions.acquire("4");
    } finally {
      await down.close();
    }
    const [made] = [...app.held.keys()];
    // Another replica, with Redis, takes the same user's subscription over (listed upstream).
    const other = replica(app, "other", keys);
    await other.subscriptions.acquire("4");
    expect(app.count("activity.subscriptions.create")).toBe(1);
    expect(await redis.client.get(keys.user("4").subscription)).toBe(made);
    await other.subscriptions.release("4");
    expect(app.held.size).toBe(0);
  });
});
