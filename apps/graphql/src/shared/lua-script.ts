import { createHash } from "node:crypto";
import type { SharedRedis } from "@adsgraph/storage";

type Redis = SharedRedis["client"];

/** A Lua script run atomically by Redis: `keys` are prefixed by the client (its keyPrefix). */
export type LuaScript = (
  client: Redis,
  keys: readonly string[],
  args: ReadonlyArray<string | number>,
) => Promise<unknown>;

/**
 * Runs by its SHA1 (EVALSHA), sending the source only when Redis does not hold it yet (after
 * a restart or SCRIPT FLUSH), as ioredis' defineCommand does, without a dynamic method.
 */
export function luaScript(source: string): LuaScript {
  const sha = createHash("sha1").update(source, "utf8").digest("hex");
  return async (client, keys, args) => {
    try {
      return await client.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return client.eval(source, keys.length, ...keys, ...args);
    }
  };
}
