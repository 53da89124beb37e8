import { createHash } from "node:crypto";
import type { SharedRedis } from "./redis.js";

/** One argument of a script: Redis receives every value as a string. */
export type ScriptArg = string | number;

/** A Lua script Redis runs atomically: nothing else runs between its reads and writes. */
export interface RedisScript<R = unknown> {
  /** Runs it with its KEYS (prefixed by the client, as every key is) and ARGV; its reply. */
  run(
    client: SharedRedis["client"],
    keys: readonly string[],
    args: readonly ScriptArg[],
  ): Promise<R>;
}

/**
 * A script sent by SHA (EVALSHA: the body travels once per Redis server), with the body (EVAL)
 * only when the server answers NOSCRIPT (first use, or after a restart or SCRIPT FLUSH). Every
 * check-and-write of shared state goes through one, so replicas never race between a read and
 * a write. `R` is the reply the script returns, as the caller knows it.
 */
export function redisScript<R = unknown>(lua: string): RedisScript<R> {
  const sha = createHash("sha1").update(lua).digest("hex");
  return {
    async run(client, keys, args) {
      try {
        return (await client.evalsha(sha, keys.length, ...keys, ...args)) as R;
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
        return (await client.eval(lua, keys.length, ...keys, ...args)) as R;
      }
    },
  };
}

/** Lua: `now`, Redis' own clock in milliseconds, so every replica's entries age alike. */
export const LUA_NOW_MS =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";
