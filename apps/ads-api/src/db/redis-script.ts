import type { SharedRedis } from "@adsgraph/storage";

/** Runs a script with its keys (prefixed by the connection) and arguments; resolves its reply. */
export type RedisScript = (
  keys: readonly string[],
  args: readonly (string | number)[],
) => Promise<unknown>;

type Command = (...args: (string | number)[]) => Promise<unknown>;

/**
 * A Lua script Redis runs atomically (nothing else runs between its commands), through
 * ioredis' `defineCommand`: sent once by SHA (EVALSHA, loaded again after NOSCRIPT), with the
 * connection's key prefix applied to its KEYS. Every check-and-write of shared state goes
 * through one, so replicas never race between a read and a write.
 */
export function defineScript(
  redis: SharedRedis,
  name: string,
  numberOfKeys: number,
  lua: string,
): RedisScript {
  const client = redis.client;
  // ioredis adds the command as a method of the connection, untyped: read it back by name.
  const commands = client as unknown as Record<string, Command | undefined>;
  if (commands[name] === undefined) client.defineCommand(name, { numberOfKeys, lua });
  const command = commands[name];
  if (command === undefined) throw new Error(`Redis script ${name} was not defined`);
  return (keys, args) => command.call(client, ...keys, ...args);
}
