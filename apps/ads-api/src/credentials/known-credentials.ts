import type { KeyObject } from "node:crypto";
import type { AccessToken, App, User } from "../generated/prisma/client.js";

/** A consumer key and access token this process verified a request of, as they were read. */
export interface KnownCredential {
  readonly consumerKey: string;
  readonly tokenHash: string;
  readonly app: App;
  readonly accessToken: AccessToken & { user: User };
  readonly consumerSecret: string;
  readonly tokenSecret: string;
  /** The HMAC key of the two secrets (`createSigningKey`), made once. */
  readonly signingKey: KeyObject;
  /** Digest of the app, token and user rows (checked-nonce-insert.ts). */
  readonly fingerprint: string;
}

/** Default bound: far more tokens than one process serves at once. */
const MAX_ENTRIES = 10_000;

/**
 * Credentials of requests this process verified, by consumer key and token hash, so that the
 * next request of the same token can check its signature before any query and then send one
 * statement (checked-nonce-insert.ts) that inserts its nonce only if the rows are still those
 * (by digest) and reads the account scope with it. Nothing here is trusted on its own: a
 * changed, invalidated or removed token or app fails that check, and the request is verified
 * from the database afresh. Cleared whole when full (a miss costs the full path once).
 */
export class KnownCredentials {
  readonly #entries = new Map<string, KnownCredential>();
  readonly #maxEntries: number;

  constructor(maxEntries = MAX_ENTRIES) {
    this.#maxEntries = maxEntries;
  }

  get(consumerKey: string, tokenHash: string): KnownCredential | undefined {
    return this.#entries.get(keyOf(consumerKey, tokenHash));
  }

  remember(entry: KnownCredential): void {
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(keyOf(entry.consumerKey, entry.tokenHash), entry);
  }

  forget(consumerKey: string, tokenHash: string): void {
    this.#entries.delete(keyOf(consumerKey, tokenHash));
  }

  /** Entries held (tests). */
  get size(): number {
    return this.#entries.size;
  }
}

/** A token hash is hex: the NUL cannot occur in it, so no two pairs share a key. */
const keyOf = (consumerKey: string, tokenHash: string) => `${tokenHash}\u0000${consumerKey}`;
