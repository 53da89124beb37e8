import type { KeyObject } from "node:crypto";
import type { AccessToken, App, User } from "../generated/prisma/client.js";

/** A consumer key and access token this process verified a request of, as they were read. */
export interface KnownCredential {
  readonly consumerKey: string;
  /** The access token as sent (the key here: no digest to make per request). */
  readonly token: string;
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
 * Credentials of requests this process verified, by consumer key and token, so that the
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

  get(consumerKey: string, token: string): KnownCredential | undefined {
    return this.#entries.get(keyOf(consumerKey, token));
  }

  remember(entry: KnownCredential): void {
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(keyOf(entry.consumerKey, entry.token), entry);
  }

  forget(consumerKey: string, token: string): void {
    this.#entries.delete(keyOf(consumerKey, token));
  }

  /** Entries held (tests). */
  get size(): number {
    return this.#entries.size;
  }
}

/** The key's length first: no two pairs share a key, whatever characters they hold. */
const keyOf = (consumerKey: string, token: string) =>
  `${consumerKey.length}:${consumerKey}${token}`;
