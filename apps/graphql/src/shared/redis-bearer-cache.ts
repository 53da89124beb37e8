import { createHash, randomUUID } from "node:crypto";
import { createBearerTokenCache, untilAborted } from "@adsgraph/oauth";
import type {
  BearerTokenCache,
  BearerTokenSource,
  ConsumerCredentials,
  TokenCredentials,
} from "@adsgraph/oauth";
import { redisScript, type SecretBox, type SharedRedis } from "@adsgraph/storage";

export interface RedisBearerCacheOptions {
  readonly redis: SharedRedis;
  /** Seals the token in Redis (the sessions' box: every replica holds its keys). */
  readonly box: SecretBox;
  /** Told each failed Redis call; the cache then answers from this process alone (`fellBack`). */
  readonly onFallback: (error: unknown) => void;
  /** How long a replica fetching the token holds the others off (default 15 s). */
  readonly lockMs?: number;
  /** How often the others look for the token without a message (default 50 ms). */
  readonly pollMs?: number;
  /** How long the token is kept (default 1 h): /oauth2/token answers the same one until revoked. */
  readonly ttlMs?: number;
}

/** Deletes the token hash KEYS[1] only while its digest is ARGV[1] (the token meant). */
const DELETE_TOKEN_IF = redisScript(`
if redis.call('HGET', KEYS[1], 'digest') == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/** Releases the lock KEYS[1] only while ARGV[1] holds it (it may have lapsed to another). */
const RELEASE_LOCK = redisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/** A failed Redis call (or a value this replica cannot open): the cache falls back. */
class SharedUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super("shared bearer token unavailable");
  }
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function shared<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    throw new SharedUnavailable(error);
  });
}

/**
 * The app-only bearer token fetched once for every replica (issue 19), as a `bearerCache` for
 * rest-client. In Redis per app: a hash holding the token sealed with the box (never in clear)
 * with the consumer secret's and the token's digests; a fetch lock (SET NX PX) that one replica
 * takes to call /oauth2/token while the others wait (a message on the app's channel, or their
 * poll) and then read its token. No replica keeps a copy: each use reads Redis, so an evicted
 * or revoked token is gone for all at once. An eviction (after a 401) deletes the token only
 * while it is still the refused one (compare-and-delete), so a replica late with its 401 never
 * drops the new token. While Redis fails, this process's own cache answers.
 */
export function createRedisBearerCache(
  options: RedisBearerCacheOptions,
): (source: BearerTokenSource) => BearerTokenCache {
  const { redis, box, onFallback } = options;
  const lockMs = options.lockMs ?? 15_000;
  const pollMs = options.pollMs ?? 50;
  const ttlMs = options.ttlMs ?? 60 * 60_000;

  return (source) => {
    const local = createBearerTokenCache(source);
    /** Waiters for a token per app channel, woken by its messages. */
    const wakers = new Map<string, Set<() => void>>();
    const subscribed = new Map<string, Promise<unknown>>();
    /** This process's callers share one read or fetch per app. */
    const reading = new Map<string, Promise<string>>();
    /** Evictions and invalidations under way: a read waits for them (ordering across calls). */
    const settling = new Map<string, Promise<unknown>>();

    const names = (consumerKey: string) => {
      const app = sha256(consumerKey);
      return { token: `bearer:${app}`, lock: `bearer:${app}:lock`, channel: `bearer:${app}` };
    };

    function subscribe(channel: string): Promise<unknown> {
      let done = subscribed.get(channel);
      if (done === undefined) {
        // Without the subscription the waiters still poll; a failure is no error here.
        done = redis
          .subscribe(channel, () => {
            for (const wake of wakers.get(channel) ?? []) wake();
          })
          .catch(() => undefined);
        subscribed.set(channel, done);
      }
      return done;
    }

    /** Until a message on `channel` or `pollMs`, whichever comes first. */
    function nextChance(channel: string): Promise<void> {
      return new Promise((resolve) => {
        const set = wakers.get(channel) ?? new Set();
        wakers.set(channel, set);
        const wake = () => {
          clearTimeout(timer);
          set.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, pollMs);
        set.add(wake);
      });
    }

    /** The stored token for this consumer, if any and fetched with the same secret. */
    async function stored(consumer: ConsumerCredentials): Promise<string | undefined> {
      const sealed = await shared(redis.client.hget(names(consumer.consumerKey).token, "sealed"));
      if (sealed === null) return undefined;
      let entry: { token: string; secret: string };
      try {
        entry = JSON.parse(box.open(sealed)) as { token: string; secret: string };
      } catch {
        // Neither the box's message nor JSON's (which quotes its input) may reach a log.
        throw new SharedUnavailable(new Error("the stored bearer token could not be opened"));
      }
      // Another secret (rotation): this caller fetches with its own credentials.
      return entry.secret === sha256(consumer.consumerSecret) ? entry.token : undefined;
    }

    /** Takes the app's fetch lock (waiting for another holder), runs `work`, releases it. */
    async function underLock<T>(consumerKey: string, work: () => Promise<T>): Promise<T> {
      const { lock, channel } = names(consumerKey);
      const owner = randomUUID();
      await subscribe(channel);
      while ((await shared(redis.client.set(lock, owner, "PX", lockMs, "NX"))) !== "OK") {
        await nextChance(channel);
      }
      try {
        return await work();
      } finally {
        await RELEASE_LOCK.run(redis.client, [lock], [owner]).catch(() => undefined);
        await redis.publish(channel, "unlocked").catch(() => undefined);
      }
    }

    async function read(consumer: ConsumerCredentials): Promise<string> {
      const { token: tokenKey, lock, channel } = names(consumer.consumerKey);
      await subscribe(channel);
      for (;;) {
        const token = await stored(consumer);
        if (token !== undefined) return token;
        const owner = randomUUID();
        if ((await shared(redis.client.set(lock, owner, "PX", lockMs, "NX"))) === "OK") {
          try {
            // Another replica may have stored it between our read and our lock.
            const late = await stored(consumer);
            if (late !== undefined) return late;
            const fetched = await source.fetchToken(consumer);
            const sealed = box.seal(
              JSON.stringify({ token: fetched, secret: sha256(consumer.consumerSecret) }),
            );
            await redis.client
              .multi()
              .hset(tokenKey, { sealed, digest: sha256(fetched) })
              .pexpire(tokenKey, ttlMs)
              .exec()
              .then(() => redis.publish(channel, "stored"))
              // The token is ours all the same; the others fetch their own while Redis is down.
              .catch(onFallback);
            return fetched;
          } finally {
            await RELEASE_LOCK.run(redis.client, [lock], [owner]).catch(() => undefined);
          }
        }
        await nextChance(channel);
      }
    }

    function readShared(consumer: ConsumerCredentials): Promise<string> {
      const key = consumer.consumerKey;
      let pending = reading.get(key);
      if (pending === undefined) {
        pending = (async () => {
          await settling.get(key)?.catch(() => undefined);
          return read(consumer);
        })().finally(() => {
          reading.delete(key);
        });
        reading.set(key, pending);
      }
      return pending;
    }

    function track(consumerKey: string, work: Promise<unknown>): Promise<unknown> {
      const running = work.finally(() => {
        if (settling.get(consumerKey) === running) settling.delete(consumerKey);
      });
      settling.set(consumerKey, running);
      return running;
    }

    return {
      async get(consumer, { signal } = {}) {
        try {
          return await untilAborted(readShared(consumer), signal);
        } catch (error) {
          if (!(error instanceof SharedUnavailable)) throw error;
          onFallback(error.reason);
          return local.get(consumer, { signal });
        }
      },

      async invalidate(consumer: ConsumerCredentials, owner: TokenCredentials) {
        const key = consumer.consumerKey;
        const { token: tokenKey, channel } = names(key);
        const run = underLock(key, async () => {
          const token = (await stored(consumer)) ?? (await source.fetchToken(consumer));
          try {
            await source.revokeToken(consumer, owner, token);
          } finally {
            // Revoked (or maybe): no replica may read it again. Should Redis fail here, the
            // others' 401s evict it later; revoking once more from the local cache would not.
            await DELETE_TOKEN_IF.run(redis.client, [tokenKey], [sha256(token)]).catch(onFallback);
            await redis.publish(channel, "revoked").catch(() => undefined);
          }
        });
        try {
          await track(key, run);
        } catch (error) {
          if (!(error instanceof SharedUnavailable)) throw error;
          onFallback(error.reason);
          await local.invalidate(consumer, owner);
        } finally {
          local.evict(key);
        }
      },

      evict(consumerKey, token) {
        local.evict(consumerKey, token);
        // Without the refused token nothing can be compared: forget whatever is stored.
        const deletion =
          token === undefined
            ? redis.client.del(names(consumerKey).token)
            : DELETE_TOKEN_IF.run(redis.client, [names(consumerKey).token], [sha256(token)]);
        void track(consumerKey, deletion.catch(onFallback));
      },
    };
  };
}
