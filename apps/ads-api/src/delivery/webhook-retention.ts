import type { PrismaClient } from "../db/database.js";

/** Finished deliveries one DELETE removes at most: a prune never holds the table for long. */
export const PRUNE_BATCH = 500;

/**
 * Deletes up to `batches` × PRUNE_BATCH delivered and dead deliveries finished before `before`
 * (the delivery log's retention, issue 34), oldest first; pending ones are never touched.
 * Returns how many went: fewer than the most means the log is pruned up to `before`.
 */
export async function pruneFinished(
  prisma: PrismaClient,
  before: Date,
  batches: number,
): Promise<number> {
  let removed = 0;
  for (let batch = 0; batch < batches; batch += 1) {
    const count = await prisma.$executeRaw`
      DELETE FROM "webhook_delivery" WHERE id IN (
        SELECT id FROM "webhook_delivery"
        WHERE completed_at < ${before} AND state IN ('delivered', 'dead')
        ORDER BY completed_at LIMIT ${PRUNE_BATCH}
      )`;
    removed += count;
    if (count < PRUNE_BATCH) break;
  }
  return removed;
}
