import type { Clock } from "../types.js";

/**
 * Remembers the nonces of accepted requests (RFC 5849 §3.3). `checkAndRemember` returns true
 * when the (consumer, timestamp, nonce) triple is new, and records it; false when it was seen.
 * A shared store (e.g. Redis `SET key NX EX window`) is needed when several servers verify.
 */
export interface ReplayStore {
  checkAndRemember(
    consumerKey: string,
    timestamp: number,
    nonce: string,
  ): Promise<boolean> | boolean;
}

export interface MemoryReplayStoreOptions {
  /** Seconds a nonce is kept after its timestamp; match the verifier's window (default 300). */
  readonly windowSeconds?: number;
  /** Most triples held at once (default 100 000). */
  readonly maxEntries?: number;
  readonly clock?: Clock;
}

/**
 * An in-process `ReplayStore`. Entries are bucketed by timestamp and a bucket is dropped once
 * its timestamp is older than the window, since the verifier refuses such requests anyway.
 * When it is full of live entries it refuses new nonces (fails closed): evicting a live entry
 * would let that request be replayed. Nonces are only remembered after a valid signature, so
 * only a holder of valid credentials can fill it.
 */
export function createMemoryReplayStore(options: MemoryReplayStoreOptions = {}): ReplayStore & {
  readonly size: number;
} {
  const windowSeconds = options.windowSeconds ?? 300;
  const maxEntries = options.maxEntries ?? 100_000;
  const clock = options.clock ?? Date.now;
  const buckets = new Map<number, Set<string>>();
  let size = 0;
  let lastSweep = Number.NEGATIVE_INFINITY;

  function evictExpired(nowSeconds: number): void {
    // At most one sweep per second; there are at most 2 × window + 1 live buckets.
    if (nowSeconds === lastSweep) return;
    lastSweep = nowSeconds;
    for (const [timestamp, bucket] of buckets) {
      if (timestamp < nowSeconds - windowSeconds) {
        size -= bucket.size;
        buckets.delete(timestamp);
      }
    }
  }

  return {
    get size() {
      return size;
    },
    checkAndRemember(consumerKey, timestamp, nonce) {
      const nowSeconds = Math.floor(clock() / 1000);
      evictExpired(nowSeconds);
      // Older than the window: already refused as stale, and remembering it would be pointless.
      if (timestamp < nowSeconds - windowSeconds) return false;
      // JSON keeps the triple unambiguous whatever characters the parts hold.
      const key = JSON.stringify([consumerKey, nonce]);
      const bucket = buckets.get(timestamp);
      if (bucket?.has(key) === true) return false;
      if (size >= maxEntries) return false;
      if (bucket === undefined) buckets.set(timestamp, new Set([key]));
      else bucket.add(key);
      size += 1;
      return true;
    },
  };
}
