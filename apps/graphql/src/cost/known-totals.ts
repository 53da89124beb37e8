import type { FreshnessPolicy } from "../snapshots/freshness.js";
import { writeScopeOf } from "../snapshots/freshness.js";

/**
 * What this user's earlier answers said of a list's size: its `total_count`, or the length of
 * a first page that was also the last. Bounded per user and in users (least recently used go
 * first); a known total makes a page's size, and so the requests below it, exact in the plan.
 * A size stands only while a snapshot of the list would (the list endpoint's freshness, e.g.
 * SNAPSHOT_FRESH_SECONDS_ENTITY) and until a write to its account (`accountWrites`, the
 * snapshot path's own rule, every replica's writes included): an older one could make the
 * plan's upper bound too small.
 */
export interface KnownTotals {
  get(key: string): number | undefined;
}

export interface KnownTotalsBookOptions {
  /** Users remembered at once (default 10,000). */
  readonly maxUsers?: number;
  /** Lists remembered per user (default 256). */
  readonly maxPerUser?: number;
  /**
   * How long a list's size stands (the snapshot freshness policy of the list's endpoint). Left
   * out: 30 s, SNAPSHOT_FRESH_SECONDS_ENTITY's default.
   */
  readonly policy?: Pick<FreshnessPolicy, "freshForMs">;
  /** When each write scope (account) was last written (services' `accountWrites`). */
  readonly accountWrites?: ReadonlyMap<string, number>;
  /** The clock (ms), for tests. */
  readonly now?: () => number;
}

interface Known {
  readonly total: number;
  /** When the answer showing it was learned (ms). */
  readonly at: number;
}

const DEFAULT_FRESH_MS = 30_000;

/** The list endpoint and account a listKey names (`<list>|<account>|<filters>`). */
function listAndAccount(key: string): { list: string; accountId: string | null } {
  const [list = "", account = ""] = key.split("|", 2);
  return { list, accountId: account === "" ? null : account };
}

/** Totals seen, per user (process-wide; never shared between users). */
export class KnownTotalsBook {
  readonly #users = new Map<string, Map<string, Known>>();
  readonly #maxUsers: number;
  readonly #maxPerUser: number;
  readonly #freshForMs: (list: string) => number;
  readonly #accountWrites: ReadonlyMap<string, number> | undefined;
  readonly #now: () => number;

  constructor({
    maxUsers = 10_000,
    maxPerUser = 256,
    policy,
    accountWrites,
    now = Date.now,
  }: KnownTotalsBookOptions = {}) {
    this.#maxUsers = maxUsers;
    this.#maxPerUser = maxPerUser;
    this.#freshForMs =
      policy === undefined ? () => DEFAULT_FRESH_MS : (list) => policy.freshForMs(list);
    this.#accountWrites = accountWrites;
    this.#now = now;
  }

  /** The totals one user has seen and that still stand (the planner's `knowledge.totals`). */
  forUser(userId: string): KnownTotals {
    return {
      get: (key) => {
        const totals = this.#users.get(userId);
        const known = totals?.get(key);
        if (known === undefined) return undefined;
        if (this.#stands(key, known)) return known.total;
        totals?.delete(key);
        return undefined;
      },
    };
  }

  #stands(key: string, known: Known): boolean {
    const { list, accountId } = listAndAccount(key);
    let freshMs: number;
    try {
      freshMs = this.#freshForMs(list);
    } catch {
      return false; // a key naming no endpoint the catalog knows: never trusted
    }
    if (this.#now() - known.at >= freshMs) return false;
    const scope = writeScopeOf(list, accountId);
    const writtenAt = scope === null ? undefined : this.#accountWrites?.get(scope);
    // A write in the same millisecond may have landed after the answer: not trusted either.
    return writtenAt === undefined || writtenAt < known.at;
  }

  /**
   * Remembers a list's size as an answer to `userId` showed it; `seenAt` (ms, default now): when
   * the answer was asked for (learnTotals passes the plan's time), the time the size holds from.
   */
  remember(userId: string, key: string, total: number, seenAt: number = this.#now()): void {
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
    totals.set(key, { total, at: seenAt });
  }

  /** Forgets what one user has seen (a write of theirs changed sizes). */
  forget(userId: string): void {
    this.#users.delete(userId);
  }
}
