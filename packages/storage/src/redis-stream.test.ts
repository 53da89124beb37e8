import { afterAll, describe, expect, it } from "vitest";
import { connectRedis, deletePrefixed } from "./redis.js";
import { rangeStream, readStreamAfter } from "./redis-stream.js";
import { TEST_REDIS_URL, testRedisPrefix } from "./test-targets.js";

const prefix = testRedisPrefix("storage-redis-stream");
afterAll(() => deletePrefixed(TEST_REDIS_URL, prefix));

describe("Redis Stream reads", () => {
  it("reads the entries after an id with their fields, and [] when none come", async () => {
    const redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
    // A connection of its own for the blocking read, as callers use one.
    const reader = redis.client.duplicate({ enableOfflineQueue: true });
    try {
      await redis.client.xadd("log", "7-0", "t", "event", "id", "7");
      await redis.client.xadd("log", "9-0", "t", "event", "id", "9");
      expect(await readStreamAfter(reader, "log", "7-0", { count: 10, blockMs: 50 })).toEqual([
        { id: "9-0", fields: { t: "event", id: "9" } },
      ]);
      expect(await readStreamAfter(reader, "log", "9-0", { count: 10, blockMs: 50 })).toEqual([]);
      expect(await rangeStream(redis.client, "log", "-", "+", 1)).toEqual([
        { id: "7-0", fields: { t: "event", id: "7" } },
      ]);
    } finally {
      reader.disconnect();
      await redis.close();
    }
  });
});
