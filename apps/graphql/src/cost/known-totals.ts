/**
 * What this user's earlier answers said of a list's size: its `total_count`, or the length of
 * a first page that was also the last. Bounded per user and in users (least recently used go
 * first); a known total makes a page's size, and so the requests below it, exact in the plan.
 * Stale totals only loosen nothing: the planner uses them for item counts (the requests of a
 * page do not depend on them), see plan-walk.ts.
 */
export interface KnownTotals {
  get(key: string): number | undefined;
}

export interface KnownTotalsBookOptions {
  /** Users remembered at once (default 10,000). */
  readonly maxUsers?: number;
  /** Lists remembered per user (default 256). */
  readonly maxPerUser?: number;
}

/** Totals seen, per user (process-wide; never shared between users). */
export class KnownTotalsBook {
  readonly #users = new Map<string, Map<string, number>>();
  readonly #maxUsers: number;
  readonly #maxPerUser: number;

  constructor({ maxUsers = 10_000, maxPerUser = 256 }: KnownTotalsBookOptions = {}) {
    this.#maxUsers = maxUsers;
    this.#maxPerUser = maxPerUser;
  }

  /** The totals one user has seen (the planner's `knowledge.totals`). */
  forUser(userId: string): KnownTotals {
    return { get: (key) => this.#users.get(userId)?.get(key) };
  }

  /** Remembers a list's size as an answer to `userId` showed it. */
  remember(userId: string, key: string, total: number): void {
    let totals = this.#users.get(userId);
    if (totals === undefined) {
      totals = new Map();
      if (this.#users.size >= this.#maxUsers) {
        const oldest = this.#users.keys().next();
        if (!oldest.done) this.#users.delete(oldest.value);
      }
    } else {
      this.#users.delete(userId); // re-inserted below: most recently used last
    }
    this.#users.set(userId, totals);
    totals.delete(key);
    if (totals.size >= this.#maxPerUser) {
      const oldest = totals.keys().next();
      if (!oldest.done) totals.delete(oldest.value);
    }
    totals.set(key, total);
  }

  /** Forgets what one user has seen (a write of theirs changed sizes). */
  forget(userId: string): void {
    this.#users.delete(userId);
  }
}
