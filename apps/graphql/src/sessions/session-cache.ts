import { sessionDigest } from "./session-digest.js";

/** What the cache needs of a session (session-store's ActiveSession). */
interface CachedSession {
  readonly id: string;
  readonly expiresAt: Date;
}

/**
 * Recently resolved sessions of this process, keyed by the token's SHA-256 (never the token),
 * so that a signed-in caller's requests skip the database round trip for `ttlMs`. A session is
 * dropped here the moment this process revokes it (sign-out, upstream code 89), and in the
 * shared mode the moment another replica says it revoked it (`SessionRevocations`). Without
 * Redis another replica learns of a revocation only from the database: there a revoked session
 * is still accepted for at most `ttlMs` (docs/operations.md "Sessions").
 */
export interface SessionCache<S extends CachedSession> {
  get(tokenHash: string, now: number): S | undefined;
  set(tokenHash: string, session: S, now: number): void;
  /**
   * Forgets every cached token of the session with this digest (`sessionDigest`), and never
   * caches it again.
   */
  forget(digest: string): void;
  /** Forgets every cached session (revocations may have been missed). */
  clear(): void;
}

interface Entry<S> {
  session: S;
  digest: string;
  until: number;
}

export function createSessionCache<S extends CachedSession>(
  ttlMs: number,
  maxEntries = 10_000,
): SessionCache<S> {
  const entries = new Map<string, Entry<S>>();
  // Sessions revoked: a lookup that read the row before the revocation was written must not
  // put it back. Bounded like the entries (oldest forgotten first).
  const revoked = new Set<string>();
  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (entry === undefined) return undefined;
      // Past the cache's time or the session's own end: ask the database again.
      if (now >= entry.until || now >= entry.session.expiresAt.getTime()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    set(tokenHash, session, now) {
      if (ttlMs <= 0) return;
      const digest = sessionDigest(session.id);
      if (revoked.has(digest)) return;
      entries.delete(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { session, digest, until: now + ttlMs });
    },
    forget(digest) {
      if (ttlMs <= 0) return;
      if (revoked.size >= maxEntries) {
        const oldest = revoked.values().next();
        if (!oldest.done) revoked.delete(oldest.value);
      }
      revoked.add(digest);
      for (const [key, entry] of entries) if (entry.digest === digest) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
