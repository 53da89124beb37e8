import type { AccountAccess } from "../access/account-access.js";
import type { ResponseRecorder } from "./response-recorder.js";
import { ResponseStore, type Presenter, type StoredResponse } from "./response-store.js";

/** An answer as kept: its bytes, and what each hit redoes for its caller, if anything. */
export interface PreparedAnswer {
  body: Buffer;
  present?: Presenter | undefined;
}

/**
 * Whole GraphQL answers built only from fresh snapshots, kept in process and served again to
 * the same user for the same operation without executing it or touching the database.
 *
 * A stored answer is served only while every condition under which the snapshot path would
 * have answered the same way without asking upstream still holds:
 * - no snapshot it used has passed its freshness (`expiresAt`, also never past the access TTL);
 * - no account it used was written through this process since its snapshots were checked
 *   (`accountWrites`, the snapshot path's own rule), and the caller wrote nothing since;
 * - the caller's grant for each account it used is still held (`AccountAccess.holds`: upstream
 *   said so within ACCESS_CHECK_TTL_SECONDS; a revoked session or an upstream 401 forgets it);
 * - no newer upstream answer for one of its snapshots arrived in this process.
 *
 * Several replicas over one database: each keeps its own entries, built from snapshots that
 * were fresh when read. A miss falls back to the snapshot path (the database); an entry can
 * only be as old as a snapshot the snapshot path would itself still serve in that replica, and
 * freshness bounds it the same way. In the shared mode a write through another replica reaches
 * `accountWrites` and `forgetUser` here before it is answered (`shared-account-writes.ts`), and
 * a forget of the user's access drops `holds`; without Redis (or while it is down) a write
 * through another replica is not seen at once, but neither is it by this replica's snapshot
 * path.
 */
export interface ResponseCache {
  readonly enabled: boolean;
  /** A stored answer valid now for this user and key (an invalid one is dropped). */
  lookup(key: string, userId: string): StoredResponse | undefined;
  /** Keeps an answer whose recorder says it rests only on fresh snapshots. */
  store(
    key: string,
    userId: string,
    recorder: ResponseRecorder,
    answer: PreparedAnswer,
    contentType: string,
  ): boolean;
  /** Upstream answered this query snapshot anew: answers built on the old one go. */
  snapshotAnswered(snapshotKey: string): void;
  /** The user wrote something, or their credentials failed: none of their answers is served again. */
  forgetUser(userId: string): void;
  /** Drops every stored answer (invalidations from other replicas may have been missed). */
  clear(): void;
  /** Bytes and entries held, and answers served (tests, diagnostics). */
  stats(): { bytes: number; entries: number; hits: number };
}

export interface ResponseCacheOptions {
  /** RESPONSE_CACHE_MAX_BYTES: 0 turns the cache off. */
  maxBytes: number;
  /** RESPONSE_CACHE_USER_MAX_BYTES: one user's share. */
  userMaxBytes: number;
  access: AccountAccess;
  /** When each write scope last saw a write (the snapshot path's AccountWrites): read only. */
  accountWrites: ReadonlyMap<string, number>;
  accessTtlMs: number;
  now?: () => number;
}

export function createResponseCache({
  maxBytes,
  userMaxBytes,
  access,
  accountWrites,
  accessTtlMs,
  now = Date.now,
}: ResponseCacheOptions): ResponseCache {
  const store = new ResponseStore({ maxBytes, userMaxBytes });
  const enabled = maxBytes > 0 && userMaxBytes > 0;
  let hits = 0;

  const writtenSince = (scope: string, checkedAt: number) => {
    const writtenAt = accountWrites.get(scope);
    return writtenAt !== undefined && writtenAt >= checkedAt;
  };
  const stillValid = (
    userId: string,
    accounts: ReadonlyMap<string, number>,
    scopes: ReadonlyMap<string, number> = new Map(),
  ): boolean => {
    for (const [accountId, checkedAt] of accounts) {
      if (writtenSince(accountId, checkedAt)) return false;
      if (!access.holds(userId, accountId)) return false;
    }
    // Scopes that are no account (the post-data API's): written since, nothing to hold.
    for (const [scope, checkedAt] of scopes) if (writtenSince(scope, checkedAt)) return false;
    return true;
  };

  return {
    enabled,
    lookup(key, userId) {
      const stored = store.get(key);
      if (stored === undefined) return undefined;
      const at = now();
      // The key covers the user, but an entry must never reach anyone else, whatever the key.
      if (
        stored.userId !== userId ||
        at >= stored.expiresAt ||
        !stillValid(userId, stored.accounts, stored.scopes)
      ) {
        store.delete(key);
        return undefined;
      }
      hits += 1;
      return stored;
    },
    store(key, userId, recorder, { body, present }, contentType) {
      if (!enabled || !recorder.cacheable) return false;
      const at = now();
      const expiresAt = Math.min(recorder.freshUntil, at + accessTtlMs);
      // Checked again now: a write or revocation while the answer was being built voids it.
      if (expiresAt <= at || !stillValid(userId, recorder.accounts, recorder.scopes)) return false;
      return store.set(key, {
        userId,
        body,
        contentType,
        present,
        expiresAt,
        accounts: recorder.accounts,
        snapshots: recorder.snapshots,
        scopes: recorder.scopes,
      });
    },
    snapshotAnswered(snapshotKey) {
      store.deleteBySnapshot(snapshotKey);
    },
    forgetUser(userId) {
      store.deleteByUser(userId);
    },
    clear() {
      store.clear();
    },
    stats: () => ({ bytes: store.bytes, entries: store.size, hits }),
  };
}
