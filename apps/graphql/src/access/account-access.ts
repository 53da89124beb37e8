/**
 * Which accounts a user may see, as upstream last said, kept for a short time. Snapshots of an
 * account are served only to a user this says has access, so a user who loses access upstream
 * loses the cached data once the entry expires (ACCESS_CHECK_TTL_SECONDS).
 *
 * Process-wide but keyed by user: one user's answer never stands for another's. In the shared
 * mode (issue 19) the answers live in Redis too (`SharedAccessStore`), so one replica's check
 * serves every replica; this process keeps a near-cache of them, so that `holds` stays
 * synchronous, and a forget anywhere drops every replica's copies.
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
  /** Forgets everything about a user (sign-out, upstream 401), on every replica. */
  forget(userId: string): void;
}

/** Access answers the replicas share (Redis); every method falls back quietly when it fails. */
export interface SharedAccessStore {
  /** The shared answer and how long it still holds, or undefined (none, or Redis failed). */
  get(
    userId: string,
    accountId: string,
  ): Promise<{ allowed: boolean; remainingMs: number } | undefined>;
  /** Stores an answer for `ttlMs` (in the background). */
  set(userId: string, accountId: string, allowed: boolean, ttlMs: number): void;
  /** Deletes a user's answers and tells the other replicas to drop theirs (in the background). */
  forget(userId: string): void;
  /** Calls `listener` with each user another replica forgot; and with undefined for "all". */
  onForgotten(listener: (userId: string | undefined) => void): void;
}

interface Entry {
  allowed: boolean;
  until: number;
}

/**
 * A repeat of the same answer within this share of the TTL is not written to the shared store
 * again: every upstream read of an account remembers it, and the store need not hear each one.
 */
const REWRITE_AFTER_SHARE = 0.1;

export function createAccountAccess({
  ttlMs,
  now = Date.now,
  maxEntries = 100_000,
  shared,
}: {
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
  shared?: SharedAccessStore | undefined;
}): AccountAccess {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<boolean>>();
  const key = (userId: string, accountId: string) => `${userId}\u0000${accountId}`;

  const keepLocally = (userId: string, accountId: string, allowed: boolean, until: number) => {
    if (entries.size >= maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    const k = key(userId, accountId);
    entries.delete(k);
    entries.set(k, { allowed, until });
  };

  const remember = (userId: string, accountId: string, allowed: boolean) => {
    if (ttlMs <= 0) return;
    const at = now();
    const previous = entries.get(key(userId, accountId));
    const recent =
      previous !== undefined &&
      previous.allowed === allowed &&
      previous.until - at > ttlMs * (1 - REWRITE_AFTER_SHARE);
    keepLocally(userId, accountId, allowed, at + ttlMs);
    if (!recent) shared?.set(userId, accountId, allowed, ttlMs);
  };

  const forgetLocally = (userId: string | undefined) => {
    if (userId === undefined) {
      entries.clear();
      return;
    }
    for (const k of entries.keys()) if (k.startsWith(`${userId}\u0000`)) entries.delete(k);
  };
  shared?.onForgotten(forgetLocally);

  /** The shared store's answer (kept locally for as long as it holds there), else upstream's. */
  const check = async (userId: string, accountId: string, ask: () => Promise<boolean>) => {
    if (ttlMs > 0) {
      const held = await shared?.get(userId, accountId);
      if (held !== undefined) {
        keepLocally(userId, accountId, held.allowed, now() + Math.min(held.remainingMs, ttlMs));
        return held.allowed;
      }
    }
    const allowed = await ask();
    remember(userId, accountId, allowed);
    return allowed;
  };

  return {
    async canAccess(userId, accountId, ask) {
      const k = key(userId, accountId);
      const entry = entries.get(k);
      if (entry && entry.until > now()) return entry.allowed;
      const pending = inFlight.get(k);
      if (pending) return pending;
      const asking = check(userId, accountId, ask).finally(() => inFlight.delete(k));
      inFlight.set(k, asking);
      return asking;
    },
    holds(userId, accountId) {
      const entry = entries.get(key(userId, accountId));
      return entry !== undefined && entry.allowed && entry.until > now();
    },
    remember,
    forget(userId) {
      forgetLocally(userId);
      shared?.forget(userId);
    },
  };
}
