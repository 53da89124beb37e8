import type { PrismaClient, Tx } from "../db/database.js";

/**
 * The class key of every owner cap's lock (`pg_advisory_xact_lock(int, int)`): the two-key
 * space is apart from the one-key locks (activity events' EVENT_WRITE_LOCK).
 */
const OWNER_CAP_LOCK = 34_004;

/** One create under a per-owner cap (at most `cap` rows of a kind per app, user, ...). */
export interface OwnerCap<T> {
  /** The kind and its owner, e.g. `activity_subscription:<app id>`: the lock's key. */
  readonly owner: string;
  readonly cap: number;
  /** Rows the owner holds now, read inside the lock. */
  held(tx: Tx): Promise<number>;
  /** The insert, in the same transaction. */
  create(tx: Tx): Promise<T>;
  /** The error past the cap (what the endpoint answered before: same status, code, text). */
  refuse(): Error;
}

/**
 * Creates a row unless its owner already holds `cap`, atomically (issue 34: count-then-insert
 * let twelve concurrent creates end at cap + 1). One transaction takes a transaction-level
 * advisory lock keyed by the owner, counts and inserts: creates of one owner run one after
 * another, on PostgreSQL across every replica of the database, on PGlite as its one
 * connection runs every transaction. Deletes need no lock: they only lower the count. The
 * key is hashed to 32 bits (`hashtext`): two owners sharing a hash only wait for each other.
 */
export function createUnderCap<T>(prisma: PrismaClient, cap: OwnerCap<T>): Promise<T> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OWNER_CAP_LOCK}::int, hashtext(${cap.owner}))`;
    if ((await cap.held(tx)) >= cap.cap) throw cap.refuse();
    return cap.create(tx);
  });
}
