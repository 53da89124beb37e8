/**
 * Which accounts a user may see, as upstream last said, kept for a short time. Snapshots of an
 * account are served only to a user this says has access, so a user who loses access upstream
 * loses the cached data once the entry expires (ACCESS_CHECK_TTL_SECONDS).
 *
 * Process-wide but keyed by user: one user's answer never stands for another's.
 */
export interface AccountAccess {
  /** True when upstream (asked at most once per TTL per user and account) grants access. */
  canAccess(userId: string, accountId: string, ask: () => Promise<boolean>): Promise<boolean>;
  /**
   * True only while a grant upstream gave is held and unexpired; never asks (a cached response
   * is served only where the snapshot path would have served without asking).
   */
  holds(userId: string, accountId: string): boolean;
  /** Records what upstream just said (a successful read of the account proves access). */
  remember(userId: string, accountId: string, allowed: boolean): void;
  /** Forgets everything about a user (sign-out, upstream 401). */
  forget(userId: string): void;
}

interface Entry {
  allowed: boolean;
  until: number;
}

export function createAccountAccess({
  ttlMs,
  now = Date.now,
  maxEntries = 100_000,
}: {
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
}): AccountAccess {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<boolean>>();
  const key = (userId: string, accountId: string) => `${userId}\u0000${accountId}`;

  const remember = (userId: string, accountId: string, allowed: boolean) => {
    if (ttlMs <= 0) return;
    if (entries.size >= maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    const k = key(userId, accountId);
    entries.delete(k);
    entries.set(k, { allowed, until: now() + ttlMs });
  };

  return {
    async canAccess(userId, accountId, ask) {
      const k = key(userId, accountId);
      const entry = entries.get(k);
      if (entry && entry.until > now()) return entry.allowed;
      const pending = inFlight.get(k);
      if (pending) return pending;
      const asking = ask()
        .then((allowed) => {
          remember(userId, accountId, allowed);
          return allowed;
        })
        .finally(() => inFlight.delete(k));
      inFlight.set(k, asking);
      return asking;
    },
    holds(userId, accountId) {
      const entry = entries.get(key(userId, accountId));
      return entry !== undefined && entry.allowed && entry.until > now();
    },
    remember,
    forget(userId) {
      for (const k of entries.keys()) if (k.startsWith(`${userId}\u0000`)) entries.delete(k);
    },
  };
}
