import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { connectRedis, deletePrefixed } from "./redis.js";
import { TEST_REDIS_URL, testRedisPrefix } from "./test-targets.js";

const prefix = testRedisPrefix("storage-redis");
afterAll(() => deletePrefixed(TEST_REDIS_URL, prefix));

describe("connectRedis", () => {
  it("prefixes keys and channels, and delivers published messages to subscribers", async () => {
    const a = await connectRedis({ url: TEST_REDIS_URL, prefix });
    const b = await connectRedis({ url: TEST_REDIS_URL, prefix });
    try {
      expect(a.up).toBe(true);
      await a.client.set("k", "v");
      expect(await b.client.get("k")).toBe("v");
      expect(await b.client.exists("k")).toBe(1);
      const got: string[] = [];
      const arrived = new Promise<void>((resolve) => {
        void b.subscribe("news", (message) => {
          got.push(message);
          resolve();
        });
      });
      // The subscription is in place once subscribe resolved; publish until it is heard.
      const timer = setInterval(() => void a.publish("news", "hello"), 20);
      await arrived;
      clearInterval(timer);
      expect(got[0]).toBe("hello");
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("starts down (without waiting on a timer) when nothing listens, and fails commands at once", async () => {
    const states: boolean[] = [];
    const redis = await connectRedis({
      url: "redis://127.0.0.1:1",
      prefix,
      onStateChange: (up) => states.push(up),
    });
    try {
      expect(redis.up).toBe(false);
      await expect(redis.client.get("k")).rejects.toThrow();
      await expect(redis.publish("news", "x")).rejects.toThrow();
    } finally {
      await redis.close();
    }
  });

  it.skipIf(!hasRedisServer())(
    "hears a channel subscribed while Redis was down once Redis comes up",
    async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      const redis = await connectRedis({ url, prefix });
      expect(redis.up).toBe(false);
      const got: string[] = [];
      // Asked for while nothing listens: Redis never confirms it.
      await redis.subscribe("late", (message) => got.push(message));
      const server = spawn(
        "redis-server",
        ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"],
        { stdio: "ignore" },
      );
      try {
        await expect.poll(() => redis.up).toBe(true);
        const other = await connectRedis({ url, prefix });
        try {
          // Published until heard: the subscription is confirmed at some point after `up`.
          await expect
            .poll(async () => {
              await other.publish("late", "heard");
              return got.length;
            })
            .toBeGreaterThan(0);
          expect(got[0]).toBe("heard");
        } finally {
          await other.close();
        }
      } finally {
        await redis.close();
        server.kill();
      }
    },
  );
});

function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"]).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === "object" && address) resolve(address.port);
        else reject(new Error("no free port"));
      });
    });
  });
}
