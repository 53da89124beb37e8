/** One cached answer: the exact bytes sent, and what it is valid for. */
interface Entry {
  readonly version: bigint;
  /** The service-clock instant (ms) from which the answer may read differently (e.g. a start_time). */
  readonly stableUntil: number;
  /** UTF-8 bytes: a string would be encoded again on every send. */
  readonly body: Buffer;
}

/** Default bound of the cache: the sum of the cached bodies' sizes in bytes. */
export const LIST_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Answers of account-scoped lists, by endpoint and validated parameters (the account id among
 * them), kept as the bytes that were sent. An entry answers only for the account data version
 * it was made from (`account_data_version`, bumped by database triggers in the transaction of
 * every write) and only before its `stableUntil`: a write, by this process or another one over
 * the same database, is seen by the next request, which reads the version anyway. It holds no
 * access decision: the route authenticates and checks the caller's roles before every lookup.
 * Bounded by the total size of the bodies; the oldest entries go first.
 */
export class ListAnswerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes = LIST_CACHE_MAX_BYTES) {
    this.#maxBytes = maxBytes;
  }

  get(key: string, version: bigint, now: number): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.version !== version || now >= entry.stableUntil) {
      this.#delete(key, entry);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, entry: Entry): void {
    if (entry.body.length > this.#maxBytes) return;
    const old = this.#entries.get(key);
    if (old !== undefined) this.#delete(key, old);
    // A version read before the rows cannot be newer than them: replace, never keep an older one.
    this.#entries.set(key, entry);
    this.#bytes += entry.body.length;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
  }

  /** Entries held (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}
