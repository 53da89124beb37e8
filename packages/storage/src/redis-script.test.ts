import { createHash, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { connectRedis, deletePrefixed } from "./redis.js";
import { LUA_NOW_MS, redisScript } from "./redis-script.js";
import { TEST_REDIS_URL, testRedisPrefix } from "./test-targets.js";

const prefix = testRedisPrefix("storage-redis-script");
afterAll(() => deletePrefixed(TEST_REDIS_URL, prefix));

describe("redisScript", () => {
  it("runs by SHA once Redis knows the body, sending it once when it does not", async () => {
    const redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
    try {
      // A body no Redis has seen yet: its first run must send it.
      const lua = `-- ${randomUUID()}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`;
      const script = redisScript<number>(lua);
      const sha = createHash("sha1").update(lua).digest("hex");
      const known = async () => ((await redis.client.script("EXISTS", sha)) as number[])[0] === 1;
      expect(await known()).toBe(false);
      expect(await script.run(redis.client, ["counter"], [2])).toBe(2);
      expect(await known()).toBe(true);
      expect(await script.run(redis.client, ["counter"], [3])).toBe(5);
      // KEYS get the connection's prefix, as every key does.
      const raw = await connectRedis({ url: TEST_REDIS_URL, prefix: "" });
      try {
        expect(await raw.client.get(`${prefix}counter`)).toBe("5");
      } finally {
        await raw.close();
      }
    } finally {
      await redis.close();
    }
  });

  it("gives a script Redis' clock in milliseconds, and fails as Redis does on an error", async () => {
    const redis = await connectRedis({ url: TEST_REDIS_URL, prefix });
    try {
      const before = Date.now();
      const now = await redisScript<number>(`${LUA_NOW_MS}\nreturn now`).run(redis.client, [], []);
      // Redis runs on this machine: its clock and this process's agree to well within a minute.
      expect(Math.abs(now - before)).toBeLessThan(60_000);
      await expect(
        redisScript("return redis.call('NO_SUCH_COMMAND')").run(redis.client, [], []),
      ).rejects.toThrow(/Unknown Redis command|unknown command/i);
    } finally {
      await redis.close();
    }
  });
});
