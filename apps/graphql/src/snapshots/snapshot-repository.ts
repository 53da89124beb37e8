import type { PrismaClient } from "../generated/prisma/client.js";
import { contentHash, type JsonObject } from "./content-hash.js";

/** One read of one upstream resource, as handed to the repository. */
export interface SnapshotInput {
  resourceType: string;
  resourceId: string;
  /** The advertising account it belongs to; null for reference data. */
  accountId: string | null;
  body: JsonObject;
  fetchedAt: Date;
  /** The body's content hash when the caller has it already. */
  contentHash?: string;
  /**
   * Only confirms the latest version (moves its checkedAt) when its hash is `contentHash`;
   * never writes a version (the body is not given).
   */
  touchOnly?: boolean;
  /**
   * Called when a touch finds another latest version (another replica recorded other content
   * since this process last did): nothing was confirmed, so the caller records in full next time.
   */
  touchMissed?: () => void;
}

/** One stored version of a resource. */
export interface SnapshotVersion {
  resourceType: string;
  resourceId: string;
  accountId: string | null;
  version: number;
  body: JsonObject;
  contentHash: string;
  /** When this content was first read. */
  fetchedAt: Date;
  /** The last read that found this same content. */
  checkedAt: Date;
}

export interface SnapshotRepository {
  /**
   * Records reads in one transaction: a new version where the content changed, else only the
   * latest version's `checkedAt` moves on. Returns how many new versions were written.
   */
  record(inputs: readonly SnapshotInput[]): Promise<number>;
  /** The latest version of each id that has one (ids never read are absent). */
  latest(
    resourceType: string,
    resourceIds: readonly string[],
  ): Promise<Map<string, SnapshotVersion>>;
  /** Every version of one resource, newest first. */
  history(resourceType: string, resourceId: string): Promise<SnapshotVersion[]>;
  /** Deletes up to `limit` rows of a type last checked before `before`; how many went. */
  prune(resourceType: string, before: Date, limit: number): Promise<number>;
}

type Row = {
  resourceType: string;
  resourceId: string;
  accountId: string | null;
  version: number;
  body: unknown;
  contentHash: string;
  fetchedAt: Date;
  checkedAt: Date;
};

function toVersion(row: Row): SnapshotVersion {
  return { ...row, body: row.body as JsonObject };
}

/** Adds to a key's list in place (a copy per item would make a large batch quadratic). */
function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

type Transaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Transaction-scoped advisory locks on resources (`["type","id"]`), taken in the order of their
 * lock numbers (a 64-bit hash; two resources sharing one only wait for each other). PGlite
 * serves one connection at a time, where they never wait.
 */
async function lockResources(tx: Transaction, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.$executeRaw`SELECT count(pg_advisory_xact_lock(lock)) FROM (
    SELECT DISTINCT hashtextextended(key, 0) AS lock FROM unnest(${keys}::text[]) AS key
    ORDER BY lock) AS locks`;
}

export function createSnapshotRepository(prisma: PrismaClient): SnapshotRepository {
  return {
    async record(inputs) {
      if (inputs.length === 0) return 0;
      const keyOf = (r: { resourceType: string; resourceId: string }) =>
        `${r.resourceType}\u0000${r.resourceId}`;
      // The last read of a resource within one batch wins, except that a touch never replaces
      // a version of the same batch: it only confirms content the writer built just before, so
      // dropping that version would leave nothing to confirm, and the resource never stored.
      const last = new Map<string, SnapshotInput>();
      for (const input of inputs) {
        const key = keyOf(input);
        const earlier = last.get(key);
        if (input.touchOnly === true && earlier !== undefined && earlier.touchOnly !== true)
          continue;
        last.set(key, input);
      }
      const reads = [...last.values()].map((input) => ({
        input,
        hash: input.contentHash ?? contentHash(input.body),
      }));
      const idsByType = new Map<string, string[]>();
      for (const { input } of reads) appendTo(idsByType, input.resourceType, input.resourceId);
      // A few statements per batch, whatever its size: a long transaction would hold up the
      // requests that share the database (PGlite runs one statement at a time). Its time limits
      // are the client's (db/database.ts), minutes rather than Prisma's 5 s.
      return prisma.$transaction(async (tx) => {
        // Replicas over one database record the same reads at the same moment (issue 19):
        // each batch first takes a lock per resource it records (transaction-scoped, in one
        // order for all, so two batches never deadlock), then reads the latest versions. A
        // second writer of a resource thus waits for the first to commit and reads its version
        // (READ COMMITTED: each statement sees what committed before it): it confirms the same
        // content, or numbers a different one after it, never failing on the unique version.
        await lockResources(
          tx,
          reads.map(({ input }) => JSON.stringify([input.resourceType, input.resourceId])),
        );
        const latest = new Map<
          string,
          { id: bigint; version: number; contentHash: string; checkedAt: Date }
        >();
        for (const [resourceType, resourceIds] of idsByType) {
          const rows = await tx.snapshot.findMany({
            where: { resourceType, resourceId: { in: resourceIds } },
            orderBy: [{ resourceId: "asc" }, { version: "desc" }],
            distinct: ["resourceId"],
            select: {
              id: true,
              resourceType: true,
              resourceId: true,
              version: true,
              contentHash: true,
              checkedAt: true,
            },
          });
          for (const row of rows) latest.set(keyOf(row), row);
        }
        const changed = reads.filter(
          ({ input, hash }) =>
            input.touchOnly !== true && latest.get(keyOf(input))?.contentHash !== hash,
        );
        for (const { input, hash } of reads) {
          if (input.touchOnly === true && latest.get(keyOf(input))?.contentHash !== hash)
            input.touchMissed?.();
        }
        const seenAgain = reads.filter(({ input, hash }) => {
          const row = latest.get(keyOf(input));
          return row?.contentHash === hash && row.checkedAt < input.fetchedAt;
        });
        const byTime = new Map<number, bigint[]>();
        for (const { input } of seenAgain) {
          const row = latest.get(keyOf(input));
          if (row) appendTo(byTime, input.fetchedAt.getTime(), row.id);
        }
        for (const [time, ids] of byTime) {
          await tx.snapshot.updateMany({
            where: { id: { in: ids }, checkedAt: { lt: new Date(time) } },
            data: { checkedAt: new Date(time) },
          });
        }
        if (changed.length > 0) {
          await tx.snapshot.createMany({
            data: changed.map(({ input, hash }) => ({
              resourceType: input.resourceType,
              resourceId: input.resourceId,
              accountId: input.accountId,
              version: (latest.get(keyOf(input))?.version ?? 0) + 1,
              body: input.body,
              contentHash: hash,
              fetchedAt: input.fetchedAt,
              checkedAt: input.fetchedAt,
            })),
          });
        }
        return changed.length;
      });
    },

    async latest(resourceType, resourceIds) {
      if (resourceIds.length === 0) return new Map();
      const rows = await prisma.snapshot.findMany({
        where: { resourceType, resourceId: { in: [...new Set(resourceIds)] } },
        orderBy: [{ resourceId: "asc" }, { version: "desc" }],
        distinct: ["resourceId"],
      });
      return new Map(rows.map((row) => [row.resourceId, toVersion(row)]));
    },

    async prune(resourceType, before, limit) {
      // In slices by id, so one pass never holds a long lock over a large table.
      const rows = await prisma.snapshot.findMany({
        where: { resourceType, checkedAt: { lt: before } },
        select: { id: true },
        take: limit,
      });
      if (rows.length === 0) return 0;
      const { count } = await prisma.snapshot.deleteMany({
        where: { id: { in: rows.map((row) => row.id) } },
      });
      return count;
    },

    async history(resourceType, resourceId) {
      const rows = await prisma.snapshot.findMany({
        where: { resourceType, resourceId },
        orderBy: { version: "desc" },
      });
      return rows.map(toVersion);
    },
  };
}
