import { createHash } from "node:crypto";
import type { SharedRedis } from "@adsgraph/storage";

type Client = SharedRedis["client"];

/** One argument of a script: Redis receives every value as a string. */
export type ScriptArg = string | number;

/**
 * A Lua script run atomically by Redis: EVALSHA, and EVAL once when Redis does not know it yet
 * (after a restart or SCRIPT FLUSH). Its KEYS get the client's key prefix, as every key does.
 */
export function defineScript<R>(
  lua: string,
  numberOfKeys: number,
): (client: Client, keys: readonly string[], args: readonly ScriptArg[]) => Promise<R> {
  const sha = createHash("sha1").update(lua).digest("hex");
  return async (client, keys, args) => {
    if (keys.length !== numberOfKeys) throw new Error(`script expects ${numberOfKeys} keys`);
    try {
      return (await client.evalsha(sha, numberOfKeys, ...keys, ...args)) as R;
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return (await client.eval(lua, numberOfKeys, ...keys, ...args)) as R;
    }
  };
}

/** Redis' own clock in milliseconds, inside a script: every replica's entries age alike. */
export const LUA_NOW_MS =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";
