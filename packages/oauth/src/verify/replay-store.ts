import { createHash } from "node:crypto";
import type { Clock } from "../types.js";
import { NonceQuota } from "./nonce-quota.js";
import type { NonceQuotaOptions } from "./nonce-quota.js";

/** One nonce of a verified request (RFC 5849 §3.3). */
export interface ReplayEntry {
  /** Who signed: `replayClientId(consumerKey, { token, owner })`, a digest, no credential. */
  readonly client: string;
  /** `oauth_timestamp`, seconds, already checked to be within the window. */
  readonly timestamp: number;
  /** `oauth_nonce`: 1 to 255 printable ASCII characters. */
  readonly nonce: string;
}

/**
 * What a store answers: `new` (recorded now), `replayed` (recorded before, or older than the
 * window), or `full`: this client holds its whole share and nothing was recorded; a place frees
 * up in `retryAfterSeconds`.
 */
export type ReplayVerdict =
  | { readonly status: "new" }
  | { readonly status: "replayed" }
  | { readonly status: "full"; readonly retryAfterSeconds: number };

/**
 * Remembers the nonces of verified requests. The contract every store keeps (the in-memory one
 * below, PostgreSQL in apps/ads-api, Redis later):
 * - `remember` is called only once the signature verified, so forged requests cost nothing;
 * - an entry is new at most once: two requests with the same (client, timestamp, nonce), even
 *   in two processes sharing the store, never both get `new` (an atomic insert-if-absent);
 * - a durable store has the entry durable before it answers `new`: a crash after the request
 *   was acted on must not let it be replayed;
 * - entries are kept at least until their timestamp is older than now − window (the verifier
 *   refuses those anyway) and may be dropped after;
 * - each client's share is bounded (`NonceQuota`), so one client filling its share is refused
 *   (`full`) while every other client keeps being served. A client is an API key and a
 *   principal (`replayClientId`: the token's owner, a user, when the token lookup names one),
 *   so one user's many tokens share one share.
 * - a nonce is unique per client and timestamp: with owners, two tokens of one user may not use
 *   the same nonce at the same second (stricter than RFC 5849 §3.3, which is per token; random
 *   nonces never meet).
 */
export interface ReplayStore {
  remember(entry: ReplayEntry): Promise<ReplayVerdict> | ReplayVerdict;
}

/** Who signed a request besides the API key: the token's owner when known, else the token. */
export interface ReplaySigner {
  /** The access token; the request token on access_token; absent on request_token. */
  readonly token?: string | undefined;
  /** Whom the token acts for, as the verifier's token lookup said (a user id). */
  readonly owner?: string | undefined;
}

/**
 * The client a nonce belongs to, as a SHA-256 hex digest, so a store keys and bounds by client
 * without ever holding a token: the consumer key and the token's owner when the lookup gave one
 * (all tokens of one user with one API key are one client: minting more tokens buys no more
 * share), else the token signed with, else the API key alone. An owner and a token are never
 * the same client, whatever their text.
 */
export function replayClientId(consumerKey: string, signer: ReplaySigner = {}): string {
  const who =
    signer.owner !== undefined
      ? ["owner", signer.owner]
      : signer.token !== undefined
        ? ["token", signer.token]
        : null;
  return createHash("sha256")
    .update(JSON.stringify([consumerKey, who]))
    .digest("hex");
}

export interface MemoryReplayStoreOptions extends NonceQuotaOptions {
  readonly clock?: Clock | undefined;
}

/** The in-memory store answers at once. */
export interface MemoryReplayStore extends ReplayStore {
  remember(entry: ReplayEntry): ReplayVerdict;
  /** Nonces held, all clients together. */
  readonly size: number;
}

/**
 * An in-process `ReplayStore`, lost on restart: for one process that may forget (tests, tools);
 * a server should keep nonces durably. Bounded per client and in total as `NonceQuota` says;
 * an entry costs about 100 bytes (a 48-character nonce), so the default bounds mean about
 * 10 MB per client and 100 MB at the global bound.
 */
export function createMemoryReplayStore(options: MemoryReplayStoreOptions = {}): MemoryReplayStore {
  const quota = new NonceQuota(options);
  const clock = options.clock ?? Date.now;
  /** timestamp → client → nonces. */
  const seen = new Map<number, Map<string, Set<string>>>();

  let expiredBefore = Number.NEGATIVE_INFINITY;

  /** Drops timestamps older than the window, at most once a second. */
  function expire(nowSeconds: number): void {
    quota.expire(nowSeconds);
    const cutoff = quota.cutoff(nowSeconds);
    if (cutoff <= expiredBefore) return;
    expiredBefore = cutoff;
    for (const timestamp of seen.keys()) if (timestamp < cutoff) seen.delete(timestamp);
  }

  return {
    get size() {
      return quota.size;
    },
    remember({ client, timestamp, nonce }) {
      const nowSeconds = Math.floor(clock() / 1000);
      expire(nowSeconds);
      if (timestamp < quota.cutoff(nowSeconds)) return { status: "replayed" };
      let clients = seen.get(timestamp);
      if (clients?.get(client)?.has(nonce) === true) return { status: "replayed" };
      const decision = quota.take(client, timestamp, nowSeconds);
      if (!decision.ok) return { status: "full", retryAfterSeconds: decision.retryAfterSeconds };
      if (clients === undefined) {
        clients = new Map();
        seen.set(timestamp, clients);
      }
      const nonces = clients.get(client);
      if (nonces === undefined) clients.set(client, new Set([nonce]));
      else nonces.add(nonce);
      return { status: "new" };
    },
  };
}
