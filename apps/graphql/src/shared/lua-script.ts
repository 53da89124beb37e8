import { createHash } from "node:crypto";
import type { SharedRedis } from "@adsgraph/storage";

type RedisClient = SharedRedis["client"];

/** A Lua script Redis runs atomically; its KEYS get the client's key prefix like any command's. */
export interface LuaScript {
  run(
    client: RedisClient,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown>;
}

/**
 * Runs by EVALSHA (the body travels once per Redis server), sending the body with EVAL only
 * when the server answers NOSCRIPT (first use, or after a restart or SCRIPT FLUSH).
 */
export function luaScript(source: string): LuaScript {
  const sha = createHash("sha1").update(source).digest("hex");
  return {
    async run(client, keys, args) {
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
        return client.eval(source, keys.length, ...keys, ...args);
      }
    },
  };
}
