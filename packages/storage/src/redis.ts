import { Redis } from "ioredis";

/** How the apps reach Redis in shared mode (docs/operations.md "Replicas"). */
export interface SharedRedisOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://` (TLS). */
  readonly url: string;
  /** Prepended to every key and channel, so deployments (or test files) can share one Redis. */
  readonly prefix?: string | undefined;
  /**
   * A command without an answer after this long fails (the caller falls back or refuses)
   * instead of holding a request while Redis hangs.
   */
  readonly commandTimeoutMs?: number | undefined;
  /** Told when the connection goes down (with why) or comes back; never told a credential. */
  readonly onStateChange?: ((up: boolean, reason: string | undefined) => void) | undefined;
}

/** One app's Redis: a command connection, a subscriber connection, and whether it is up. */
export interface SharedRedis {
  /** Commands; keys are prefixed by ioredis (`keyPrefix`), including scripts' KEYS. */
  readonly client: Redis;
  readonly prefix: string;
  /** True while the command connection is ready; commands fail at once while it is not. */
  readonly up: boolean;
  /** Publishes on a channel (prefixed). Rejects while Redis is down. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` with each message of a channel (prefixed), on one subscriber connection
   * shared by all channels; resubscribed after a reconnect. Returns the unsubscribe.
   */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  /** Calls `listener` on every change of `up`; returns the removal. */
  onStateChange(listener: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 5_000;

/** Reconnect delay: 100 ms, growing to 2 s, for as long as the process runs. */
const retryStrategy = (times: number): number => Math.min(100 * times, 2_000);

/** The reason of a connection error without the URL (which may hold a password). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return "error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.name;
}

/**
 * Connects to Redis. Resolves once the command connection is ready or has failed once (never on
 * a timer): a server started while Redis is down starts degraded and keeps reconnecting, and
 * `up` says which. Commands are not queued while disconnected (`enableOfflineQueue: false`):
 * they fail at once, so callers fall back (facade) or refuse (ads-api) instead of waiting.
 */
export async function connectRedis(options: SharedRedisOptions): Promise<SharedRedis> {
  const prefix = options.prefix ?? "adsgraph:";
  const common = {
    lazyConnect: true,
    retryStrategy,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
  } as const;
  const client = new Redis(options.url, {
    ...common,
    keyPrefix: prefix,
    enableOfflineQueue: false,
  });
  // Subscriptions are queued while down and renewed on reconnect (ioredis' autoResubscribe).
  const subscriber = new Redis(options.url, { ...common, enableOfflineQueue: true });
  const listeners = new Set<(up: boolean) => void>();
  const channels = new Map<string, Set<(message: string) => void>>();
  let up = false;
  let closed = false;

  const setUp = (next: boolean, reason?: string) => {
    if (next === up || closed) return;
    up = next;
    options.onStateChange?.(next, reason);
    for (const listener of listeners) listener(next);
  };
  client.on("ready", () => {
    setUp(true);
  });
  client.on("error", (error: unknown) => {
    setUp(false, reasonOf(error));
  });
  client.on("close", () => {
    setUp(false, "connection closed");
  });
  subscriber.on("error", () => {
    // Reported through the command connection's state; ioredis reconnects both.
  });
  // ioredis renews on reconnect only the subscriptions Redis confirmed: one asked for while Redis
  // was down (a replica started during an outage) would never be. Every channel is asked for
  // again whenever the subscriber is ready (SUBSCRIBE is idempotent).
  subscriber.on("ready", () => {
    const names = [...channels.keys()];
    if (names.length > 0) subscriber.subscribe(...names).catch(() => undefined);
  });
  subscriber.on("message", (channel: string, message: string) => {
    for (const listener of channels.get(channel) ?? []) listener(message);
  });

  await Promise.all([
    client.connect().catch(() => undefined),
    subscriber.connect().catch(() => undefined),
  ]);

  return {
    client,
    prefix,
    get up() {
      return up;
    },
    async publish(channel, message) {
      await client.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      const name = prefix + channel;
      let set = channels.get(name);
      if (set === undefined) {
        set = new Set();
        channels.set(name, set);
        await subscriber.subscribe(name).catch(() => undefined);
      }
      set.add(listener);
      return async () => {
        const current = channels.get(name);
        current?.delete(listener);
        if (current?.size === 0) {
          channels.delete(name);
          await subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      channels.clear();
      await Promise.all([
        client.quit().catch(() => {
          client.disconnect();
        }),
        subscriber.quit().catch(() => {
          subscriber.disconnect();
        }),
      ]);
    },
  };
}

/** Deletes every key under a prefix (tests tidy their own prefix; SCAN, never KEYS). */
export async function deletePrefixed(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    await redis.quit();
  }
}
