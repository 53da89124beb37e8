/** Default share of one client (API key and user, or token): `NonceQuotaOptions.maxPerClient`. */
export const DEFAULT_NONCES_PER_CLIENT = 100_000;
/** Default bound of all clients together: see `NonceQuotaOptions.maxEntries`. */
export const DEFAULT_MAX_NONCES = 1_000_000;

export interface NonceQuotaOptions {
  /** Seconds an entry is kept after its timestamp; the verifier's window (default 300). */
  readonly windowSeconds?: number | undefined;
  /**
   * Entries one client may hold (default 100,000). An entry lives until its timestamp is a
   * window old: about one window for a client with a right clock, at most two. 100,000 in that
   * time is 10 endpoint families at the service's default 10,000 per 15 minutes each, straddling
   * a window boundary, or 160 signed requests a second for 10 minutes from one user.
   */
  readonly maxPerClient?: number | undefined;
  /**
   * All clients together (default 1,000,000). Past it, only a client holding at least its fair
   * share (this bound divided among the clients holding entries, but never less than
   * `minPerClient`) is refused; a client below its share is always admitted. So the total passes
   * the bound only through clients below their share: with n clients it stays under
   * (1 + H(n)) × this bound + n × (`minPerClient` + 1) (H the harmonic number, about 1 + ln n),
   * and each client within `maxPerClient`.
   */
  readonly maxEntries?: number | undefined;
  /**
   * The floor of the fair share (default 1% of `maxPerClient`: 1,000, about 3 signed requests
   * a second over a window). The fair share shrinks as clients come: without a floor, many
   * small clients (every request token is one) could bring it down to a handful, and then
   * every ordinary client would be refused once the total is past `maxEntries`. With it, a
   * client signing at an ordinary rate is never refused for what others hold; the cost is at
   * most this many entries per client beyond the bound, so clients should be costly to
   * multiply (a client is an API key and a user where the token lookup names owners; request
   * tokens are as many as the server lets a caller obtain).
   */
  readonly minPerClient?: number | undefined;
}

/** Whether a client may record one more nonce; when not, when its oldest one expires. */
export type QuotaDecision =
  { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

interface ClientCounts {
  total: number;
  readonly byTimestamp: Map<number, number>;
}

/**
 * How many live nonces each client holds, by timestamp, with the bounds of a replay store: the
 * counting part of a store, shared by the in-memory store and durable ones (which keep the
 * nonces themselves in a table and only the counts here). Memory is one map entry per client
 * and timestamp (at most 2 × window + 1 per client), whatever the number of nonces.
 */
export class NonceQuota {
  readonly windowSeconds: number;
  readonly maxPerClient: number;
  readonly maxEntries: number;
  readonly minPerClient: number;
  readonly #clients = new Map<string, ClientCounts>();
  /** Which clients hold entries of each timestamp, to expire them a second at a time. */
  readonly #timestamps = new Map<number, Set<string>>();
  #size = 0;
  #expiredBefore = Number.NEGATIVE_INFINITY;

  constructor(options: NonceQuotaOptions = {}) {
    this.windowSeconds = options.windowSeconds ?? 300;
    this.maxPerClient = options.maxPerClient ?? DEFAULT_NONCES_PER_CLIENT;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_NONCES;
    this.minPerClient = options.minPerClient ?? Math.floor(this.maxPerClient / 100);
  }

  /** Entries counted, all clients together. */
  get size(): number {
    return this.#size;
  }

  /** Clients holding at least one entry. */
  get clients(): number {
    return this.#clients.size;
  }

  countOf(client: string): number {
    return this.#clients.get(client)?.total ?? 0;
  }

  /** The oldest timestamp still kept at `nowSeconds`: older ones are refused as stale. */
  cutoff(nowSeconds: number): number {
    return nowSeconds - this.windowSeconds;
  }

  /** Forgets entries whose timestamp is older than the window (at most once a second). */
  expire(nowSeconds: number): void {
    const cutoff = this.cutoff(nowSeconds);
    if (cutoff <= this.#expiredBefore) return;
    this.#expiredBefore = cutoff;
    for (const [timestamp, clients] of this.#timestamps) {
      if (timestamp >= cutoff) continue;
      for (const client of clients) this.#drop(client, timestamp);
      this.#timestamps.delete(timestamp);
    }
  }

  /**
   * Counts one entry of `client` at `timestamp` when its share allows it: under
   * `maxPerClient`, and, once all clients together hold `maxEntries`, under its fair share or
   * under `minPerClient`.
   */
  take(client: string, timestamp: number, nowSeconds: number): QuotaDecision {
    this.expire(nowSeconds);
    const counts = this.#clients.get(client);
    const held = counts?.total ?? 0;
    const holders = this.#clients.size + (counts === undefined ? 1 : 0);
    const share = Math.max(this.maxEntries / holders, this.minPerClient);
    const overShare = this.#size >= this.maxEntries && held >= share;
    if (held >= this.maxPerClient || overShare) {
      return { ok: false, retryAfterSeconds: this.#retryAfter(counts, nowSeconds) };
    }
    this.add(client, timestamp, 1);
    return { ok: true };
  }

  /** Counts entries without checking the bounds (a durable store rebuilding at start). */
  add(client: string, timestamp: number, count: number): void {
    let counts = this.#clients.get(client);
    if (counts === undefined) {
      counts = { total: 0, byTimestamp: new Map() };
      this.#clients.set(client, counts);
    }
    counts.total += count;
    counts.byTimestamp.set(timestamp, (counts.byTimestamp.get(timestamp) ?? 0) + count);
    this.#size += count;
    let holders = this.#timestamps.get(timestamp);
    if (holders === undefined) {
      holders = new Set();
      this.#timestamps.set(timestamp, holders);
    }
    holders.add(client);
  }

  /** Gives back one entry taken for a nonce that was not recorded after all. */
  release(client: string, timestamp: number): void {
    const counts = this.#clients.get(client);
    const at = counts?.byTimestamp.get(timestamp);
    if (counts === undefined || at === undefined) return;
    if (at > 1) {
      counts.byTimestamp.set(timestamp, at - 1);
      counts.total -= 1;
      this.#size -= 1;
      return;
    }
    this.#drop(client, timestamp);
    const holders = this.#timestamps.get(timestamp);
    holders?.delete(client);
    if (holders?.size === 0) this.#timestamps.delete(timestamp);
  }

  /** Forgets everything (a durable store reloading its counts). */
  clear(): void {
    this.#clients.clear();
    this.#timestamps.clear();
    this.#size = 0;
  }

  #drop(client: string, timestamp: number): void {
    const counts = this.#clients.get(client);
    const count = counts?.byTimestamp.get(timestamp);
    if (counts === undefined || count === undefined) return;
    counts.byTimestamp.delete(timestamp);
    counts.total -= count;
    this.#size -= count;
    if (counts.total === 0) this.#clients.delete(client);
  }

  /** Seconds until the client's oldest entry expires and frees a place (at least 1). */
  #retryAfter(counts: ClientCounts | undefined, nowSeconds: number): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const timestamp of counts?.byTimestamp.keys() ?? []) oldest = Math.min(oldest, timestamp);
    if (oldest === Number.POSITIVE_INFINITY) return 1;
    return Math.max(1, oldest + this.windowSeconds + 1 - nowSeconds);
  }
}
