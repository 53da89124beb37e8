import { NonceQuota } from "@adsgraph/oauth";
import type { NonceQuotaOptions, ReplayEntry, ReplayStore, ReplayVerdict } from "@adsgraph/oauth";
import type { Database } from "../db/database.js";

export interface NonceStoreOptions extends NonceQuotaOptions {
  /** Milliseconds since the epoch; the verifier's clock (default `Date.now`). */
  readonly clock?: (() => number) | undefined;
  /** How often expired rows are deleted (default every 60 s). */
  readonly pruneIntervalMs?: number | undefined;
  /** Told when a background delete of expired rows failed; the next one tries again. */
  readonly onPruneError?: ((error: unknown) => void) | undefined;
}

/**
 * A statement that inserts one nonce and answers the rows it inserted (0: already there). It
 * may do more in the same round trip (credentials/checked-nonce-insert.ts); whatever it throws
 * leaves the nonce unrecorded and is thrown by `rememberWith`.
 */
export type NonceInsert = (entry: ReplayEntry) => Promise<number>;

/**
 * The replay store of ads-api, in the database (this file) or in Redis (shared mode,
 * redis-nonces.ts): started with the server and closed with it.
 */
export interface NonceStore extends ReplayStore {
  /** Answers once the verdict is durable (database) or decided atomically (Redis). */
  remember(entry: ReplayEntry): Promise<ReplayVerdict>;
  /**
   * `remember` with the caller's insert statement (the database store only): the same window,
   * share and pruning; new or replayed is decided by that statement's insert.
   */
  rememberWith?(entry: ReplayEntry, insert: NonceInsert): Promise<ReplayVerdict>;
  /** Deletes expired rows, loads each client's live count and starts the periodic delete. */
  start(): Promise<void>;
  /** Stops the periodic delete and waits for one under way. */
  close(): Promise<void>;
  /** Live nonces counted and clients holding them (this process's count; metrics). */
  held?(): { nonces: number; clients: number };
}

const DEFAULT_PRUNE_INTERVAL_MS = 60_000;

/**
 * Nonces kept in the `oauth_nonce` table for the timestamp window (the `ReplayStore` contract
 * of @adsgraph/oauth), so a request captured before a restart is still a replay after it.
 *
 * - New or replayed is decided by the insert itself (`INSERT … ON CONFLICT DO NOTHING`):
 *   atomic, so right with several processes on one database; the row is committed before the request goes on, so a crash cannot reopen the window.
 * - Each client's share is counted in memory (`NonceQuota`: one number per client and
 *   timestamp), rebuilt from the table at start, instead of a count query per request: a
 *   request costs one insert, and a client past its share costs no query at all. With several
 *   processes each bounds what it inserted, so a client may hold up to processes × its share.
 * - Expired rows are deleted every `pruneIntervalMs` (an unref'd timer) and, should the timer
 *   fall behind, by the next request that finds the last delete older than that.
 *
 * A client past its share gets `full` before its nonce is looked at, so a replay of its own
 * earlier request is then answered as a rate limit rather than as a replay: refused either way.
 */
export function createNonceStore(
  { prisma, sql }: Pick<Database, "prisma" | "sql">,
  options: NonceStoreOptions = {},
): NonceStore {
  const quota = new NonceQuota(options);
  const clock = options.clock ?? Date.now;
  const pruneIntervalMs = options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
  const nowSeconds = (): number => Math.floor(clock() / 1000);
  let loaded: Promise<void> | undefined;
  let pruning: Promise<void> | undefined;
  let lastPrune = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  async function deleteExpired(): Promise<void> {
    lastPrune = clock();
    await prisma.oAuthNonce.deleteMany({
      where: { timestamp: { lt: BigInt(quota.cutoff(nowSeconds())) } },
    });
  }

  /** Starts a delete of expired rows unless one ran within the interval or is under way. */
  function maybePrune(): void {
    if (pruning !== undefined || clock() - lastPrune < pruneIntervalMs) return;
    pruning = deleteExpired()
      .catch((error: unknown) => options.onPruneError?.(error))
      .finally(() => {
        pruning = undefined;
      });
  }

  async function load(): Promise<void> {
    await deleteExpired();
    const groups = await prisma.oAuthNonce.groupBy({
      by: ["clientId", "timestamp"],
      where: { timestamp: { gte: BigInt(quota.cutoff(nowSeconds())) } },
      _count: { _all: true },
    });
    quota.clear();
    for (const group of groups) {
      quota.add(group.clientId, Number(group.timestamp), group._count._all);
    }
  }

  function ready(): Promise<void> {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // let the next request try again
      throw error;
    });
    return loaded;
  }

  // Plain SQL (storage's RawSql), prepared once: the statement createMany({ skipDuplicates })
  // sends, without Prisma's pipeline, on every signed request.
  function insertNonce({ client, timestamp, nonce }: ReplayEntry): Promise<number> {
    return sql.execute(INSERT_NONCE_SQL, [client, String(timestamp), nonce], {
      name: "ads_api_insert_nonce",
    });
  }

  async function rememberWith(entry: ReplayEntry, insert: NonceInsert): Promise<ReplayVerdict> {
    const { client, timestamp } = entry;
    await ready();
    const now = nowSeconds();
    if (timestamp < quota.cutoff(now)) return { status: "replayed" };
    // Reserve the place first, so concurrent requests of one client cannot pass its bound.
    const decision = quota.take(client, timestamp, now);
    if (!decision.ok) return { status: "full", retryAfterSeconds: decision.retryAfterSeconds };
    let inserted: number;
    try {
      inserted = await insert(entry);
    } catch (error) {
      quota.release(client, timestamp);
      throw error;
    }
    maybePrune();
    if (inserted === 0) {
      quota.release(client, timestamp);
      return { status: "replayed" };
    }
    return { status: "new" };
  }

  return {
    async start() {
      await ready();
      if (timer === undefined) {
        timer = setInterval(maybePrune, pruneIntervalMs);
        timer.unref();
      }
    },

    async close() {
      clearInterval(timer);
      timer = undefined;
      await pruning;
    },

    held: () => ({ nonces: quota.size, clients: quota.clients }),

    remember: (entry) => rememberWith(entry, insertNonce),
    rememberWith,
  };
}

const INSERT_NONCE_SQL = `INSERT INTO oauth_nonce (client_id, oauth_timestamp, nonce)
  VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`;
