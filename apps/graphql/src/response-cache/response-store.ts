import type { ActiveSession } from "../sessions/session-store.js";

/** The bytes a stored answer is sent as to this caller now (issue 35: current budgets). */
export type Presenter = (session: ActiveSession) => Promise<Buffer>;

/** One stored answer: the exact bytes sent, and what they rest on. */
export interface StoredResponse {
  userId: string;
  body: Buffer;
  contentType: string;
  /** What each hit redoes for its caller; absent: `body` is sent as it is. */
  present?: Presenter | undefined;
  /** Not served from this time on (the earliest freshness or access expiry it rests on). */
  expiresAt: number;
  /** Per account used: the oldest `checkedAt` of its snapshots (a later write voids it). */
  accounts: ReadonlyMap<string, number>;
  /** The query snapshots used: a new upstream answer for one drops the entry. */
  snapshots: ReadonlySet<string>;
  /** Per write scope that is no account (post-data API): the oldest `checkedAt` used. */
  scopes?: ReadonlyMap<string, number>;
}

export interface ResponseStoreLimits {
  /** All entries together, in bytes (body, key and bookkeeping). */
  maxBytes: number;
  /** One user's entries together: past it their own least recently used go first. */
  userMaxBytes: number;
}

interface Entry extends StoredResponse {
  key: string;
  bytes: number;
}

/** Rough bookkeeping cost of an entry beside its body (maps, strings, the indexes). */
const OVERHEAD_BYTES = 512;
const PER_DEPENDENCY_BYTES = 128;

/**
 * Stored answers bounded by bytes: least recently used first, overall and per user. A user past
 * their share evicts only their own entries, so one client (however many distinct queries it
 * sends) holds at most `userMaxBytes` and cannot push everyone else out; only many users
 * together reach `maxBytes`, where the least recently used entry of anyone goes.
 */
export class ResponseStore {
  readonly #limits: ResponseStoreLimits;
  /** Insertion order is recency: a hit moves its entry to the end. */
  readonly #entries = new Map<string, Entry>();
  readonly #byUser = new Map<string, { bytes: number; keys: Set<string> }>();
  readonly #bySnapshot = new Map<string, Set<string>>();
  #bytes = 0;

  constructor(limits: ResponseStoreLimits) {
    this.#limits = limits;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): StoredResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const user = this.#byUser.get(entry.userId);
    user?.keys.delete(key);
    user?.keys.add(key);
    return entry;
  }

  /** Stores an answer; false when it alone exceeds a limit (then nothing is kept). */
  set(key: string, response: StoredResponse): boolean {
    const bytes =
      response.body.byteLength +
      key.length * 2 +
      OVERHEAD_BYTES +
      PER_DEPENDENCY_BYTES * (response.accounts.size + response.snapshots.size);
    this.delete(key);
    if (bytes > this.#limits.userMaxBytes || bytes > this.#limits.maxBytes) return false;
    const user = this.#byUser.get(response.userId) ?? { bytes: 0, keys: new Set<string>() };
    this.#byUser.set(response.userId, user);
    while (user.bytes + bytes > this.#limits.userMaxBytes) {
      const oldest = user.keys.values().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    while (this.#bytes + bytes > this.#limits.maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    const entry: Entry = { ...response, key, bytes };
    this.#entries.set(key, entry);
    // The user's record may have been dropped by the evictions above when it emptied.
    const owner = this.#byUser.get(response.userId) ?? user;
    this.#byUser.set(response.userId, owner);
    owner.keys.add(key);
    owner.bytes += bytes;
    this.#bytes += bytes;
    for (const snapshot of response.snapshots) {
      const keys = this.#bySnapshot.get(snapshot) ?? new Set<string>();
      keys.add(key);
      this.#bySnapshot.set(snapshot, keys);
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    const user = this.#byUser.get(entry.userId);
    if (user !== undefined) {
      user.keys.delete(key);
      user.bytes -= entry.bytes;
      if (user.keys.size === 0) this.#byUser.delete(entry.userId);
    }
    for (const snapshot of entry.snapshots) {
      const keys = this.#bySnapshot.get(snapshot);
      keys?.delete(key);
      if (keys?.size === 0) this.#bySnapshot.delete(snapshot);
    }
  }

  /** Drops every entry that used this query snapshot. */
  deleteBySnapshot(snapshotKey: string): void {
    const keys = this.#bySnapshot.get(snapshotKey);
    if (keys === undefined) return;
    for (const key of [...keys]) this.delete(key);
  }

  /** Drops every entry. */
  clear(): void {
    this.#entries.clear();
    this.#byUser.clear();
    this.#bySnapshot.clear();
    this.#bytes = 0;
  }

  /** Drops every entry of a user. */
  deleteByUser(userId: string): void {
    const user = this.#byUser.get(userId);
    if (user === undefined) return;
    for (const key of [...user.keys]) this.delete(key);
  }
}
