import { createHash, timingSafeEqual } from "node:crypto";
import type { ConsumerCredentials, TokenCredentials } from "./types.js";

/**
 * The two calls the cache makes, supplied by whoever does HTTP (packages/rest-client, through
 * the catalog's `oauth2.token` and `oauth2.invalidate_token`): this package sends nothing.
 */
export interface BearerTokenSource {
  /** POST /oauth2/token with the app's Basic credentials; resolves with the bearer token. */
  fetchToken(consumer: ConsumerCredentials): Promise<string>;
  /** POST /oauth2/invalidate_token for `bearerToken`, signed with the owner's access token. */
  revokeToken(
    consumer: ConsumerCredentials,
    owner: TokenCredentials,
    bearerToken: string,
  ): Promise<void>;
}

/** Holds one bearer token per app (spec §4.1: one token per application at a time). */
export interface BearerTokenCache {
  /**
   * The app's bearer token, fetched once and shared. Concurrent callers share one request; if
   * it fails they all get its error, nothing is cached, and the next call tries again once.
   * A caller whose `signal` aborts stops waiting (with the signal's reason); the shared request
   * goes on for the others.
   */
  get(
    consumer: ConsumerCredentials,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<string>;
  /**
   * Revokes the app's token (POST /oauth2/invalidate_token signed with the owner's access
   * token) and forgets it. With nothing cached it first asks /oauth2/token, which answers with
   * the app's current token. Calls to `get` made meanwhile wait and then fetch a new token.
   */
  invalidate(consumer: ConsumerCredentials, owner: TokenCredentials): Promise<void>;
  /**
   * Forgets the cached token without revoking it (e.g. after the API refused it). With `token`
   * (the one refused), only while the cache still holds that token: a caller whose 401 arrives
   * after another caller already fetched a new token leaves the new one in place.
   */
  evict(consumerKey: string, token?: string): void;
}

interface Entry {
  /** The secret the token was fetched with, hashed: a caller with another secret never gets it. */
  readonly secretDigest: Buffer;
  readonly token: Promise<string>;
  /** The token once fetched (compared by `evict`). */
  value?: string;
}

/**
 * Waits for `promise` unless `signal` aborts first (then rejects with its reason): a caller of a
 * shared bearer fetch can give up without cancelling it for the others.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  signal.throwIfAborted();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => {
    signal.removeEventListener("abort", onAbort);
  });
}

function digest(secret: string): Buffer {
  return createHash("sha256").update(secret, "utf8").digest();
}

/**
 * Creates a bearer-token cache keyed by consumer key over `source`. It never retries by
 * itself: a refusal (403 code 99, asked too often) reaches the waiting callers as `source`
 * threw it.
 */
export function createBearerTokenCache(source: BearerTokenSource): BearerTokenCache {
  const entries = new Map<string, Entry>();
  const invalidations = new Map<string, Promise<void>>();

  function obtain(consumer: ConsumerCredentials): Promise<string> {
    const secretDigest = digest(consumer.consumerSecret);
    const cached = entries.get(consumer.consumerKey);
    if (cached !== undefined && timingSafeEqual(cached.secretDigest, secretDigest))
      return cached.token;
    // No entry, or the secret changed (rotation): fetch with the credentials given now.
    const entry: Entry = { secretDigest, token: source.fetchToken(consumer) };
    entries.set(consumer.consumerKey, entry);
    entry.token.then(
      (value) => {
        entry.value = value;
      },
      () => undefined,
    );
    // Registered before any caller's handler, so by the time callers see the failure the
    // entry is gone and the next call starts afresh.
    entry.token.catch(() => {
      if (entries.get(consumer.consumerKey) === entry) entries.delete(consumer.consumerKey);
    });
    return entry.token;
  }

  return {
    async get(consumer, { signal } = {}) {
      const pending = invalidations.get(consumer.consumerKey);
      if (pending !== undefined) {
        await untilAborted(
          pending.catch(() => undefined),
          signal,
        );
      }
      return untilAborted(obtain(consumer), signal);
    },

    async invalidate(consumer, owner) {
      const key = consumer.consumerKey;
      const running = invalidations.get(key);
      if (running !== undefined) return running;
      const run = (async () => {
        try {
          const bearerToken = await obtain(consumer);
          await source.revokeToken(consumer, owner, bearerToken);
        } finally {
          entries.delete(key);
        }
      })();
      invalidations.set(key, run);
      try {
        await run;
      } finally {
        invalidations.delete(key);
      }
    },

    evict(consumerKey, token) {
      const entry = entries.get(consumerKey);
      // A pending fetch or another token is newer than the one refused: keep it.
      if (token !== undefined && entry?.value !== token) return;
      entries.delete(consumerKey);
    },
  };
}
