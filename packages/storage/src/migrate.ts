import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The part of a PrismaClient the runner needs, so any app's generated client fits. Its
 * transactions take the limits the client was constructed with (`openMigratedDatabase` gives
 * it `TRANSACTION_OPTIONS`).
 */
export interface MigratableClient {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
  $queryRawUnsafe<T>(query: string, ...values: unknown[]): PromiseLike<T>;
  $transaction<R>(fn: (tx: MigratableTransaction) => Promise<R>): PromiseLike<R>;
}
export type MigratableTransaction = Pick<MigratableClient, "$executeRawUnsafe">;

/**
 * Applies the committed migrations in `migrationsDir` (a Prisma `prisma/migrations` folder) that
 * the database has not seen yet, each in its own transaction, recording them in Prisma's own
 * `_prisma_migrations` table so that the Prisma CLI agrees about what is applied.
 *
 * Why not `prisma migrate deploy`: through a driver adapter (the only way here, since no native
 * engine can be downloaded) it fails on PostgreSQL (prisma/orm#27403, "Column type 'name' could
 * not be deserialized") and costs ~20 s per run on PGlite. `prisma migrate dev` on PGlite is
 * still how migrations are written (`pnpm --filter <app> migration:new <change>`, a diff against HEAD's schema).
 */
export async function applyMigrations(
  client: MigratableClient,
  migrationsDir: string,
): Promise<string[]> {
  await client.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const rows = await client.$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
    `SELECT migration_name, checksum FROM "_prisma_migrations"
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  const names = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  const done: string[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(sql).digest("hex");
    const known = applied.get(name);
    if (known !== undefined) {
      if (known !== checksum) {
        throw new Error(`Migration ${name} was changed after it was applied (checksum differs)`);
      }
      continue;
    }
    await client.$transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.$executeRawUnsafe(statement);
      await tx.$executeRawUnsafe(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 1)`,
        randomUUID(),
        checksum,
        name,
      );
    });
    done.push(name);
  }
  return done;
}

/**
 * Prepared statements take one command each. Prisma's generated SQL ends every statement with
 * `;` and a newline; a hand-written migration must keep to that (no `;\n` inside a `$$` body).
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.length > 0);
}
