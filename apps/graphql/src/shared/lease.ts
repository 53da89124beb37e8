import { redisScript, type SharedRedis } from "@adsgraph/storage";

type RedisClient = SharedRedis["client"];

/** A key that lives with the lease: extended by each renewal, to its own expiry. */
export interface Attached {
  readonly key: string;
  readonly ttlMs: number;
}

/**
 * A lease in Redis that one holder at a time has (issue 19: the replica that runs the app's
 * activity stream). It expires `ttlMs` after the last renewal, so a holder that dies loses it
 * without anyone's help; every change is compared with the holder's token first, so a holder
 * that paused past the expiry can neither renew nor delete its successor's lease.
 */
export interface Lease {
  readonly key: string;
  /** This contender's value in the key (unique per contender). */
  readonly token: string;
  /** SET NX PX: true when this contender took the free lease, false when someone holds it. */
  tryAcquire(): Promise<boolean>;
  /** Extends the lease (and `attached` keys) if it is still this holder's; false: it is lost. */
  renew(attached?: readonly Attached[]): Promise<boolean>;
  /**
   * Deletes the lease (and `alsoDelete`, keys that die with it) if it is still this holder's;
   * false when it was not (expired, or another's now): nothing is deleted then.
   */
  release(alsoDelete?: readonly string[]): Promise<boolean>;
  /** The current holder's token; null while the lease is free. */
  holder(): Promise<string | null>;
}

// Compare-and-renew: extends the lease and the keys attached to it, only for its holder.
const RENEW = redisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
for i = 2, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[i + 1]) end
return 1
`);

// Compare-and-delete: the lease and the keys that belong to its holder go together.
const RELEASE = redisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', unpack(KEYS))
return 1
`);

export function createLease(
  client: RedisClient,
  { key, token, ttlMs }: { key: string; token: string; ttlMs: number },
): Lease {
  return {
    key,
    token,
    async tryAcquire() {
      return (await client.set(key, token, "PX", ttlMs, "NX")) === "OK";
    },
    async renew(attached = []) {
      const kept = await RENEW.run(
        client,
        [key, ...attached.map((each) => each.key)],
        [token, ttlMs, ...attached.map((each) => each.ttlMs)],
      );
      return kept === 1;
    },
    async release(alsoDelete = []) {
      return (await RELEASE.run(client, [key, ...alsoDelete], [token])) === 1;
    },
    holder: () => client.get(key),
  };
}
