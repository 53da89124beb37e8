import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { createAdapter, schemaOf, type DatabaseTarget } from "./adapter.js";
import { applyMigrations, type MigratableClient } from "./migrate.js";

/** An app's Prisma client, opened on a target and migrated. */
export interface Database<Client> {
  prisma: Client;
  engine: DatabaseTarget["engine"];
  /** Names of the migrations this open applied (empty when the schema was current). */
  migrationsApplied: string[];
  close(): Promise<void>;
}

/**
 * Opens a target with an app's generated PrismaClient, creates its PostgreSQL schema if missing
 * and applies the app's pending migrations; the client is closed again if that fails.
 */
export async function openMigratedDatabase<
  Client extends MigratableClient & { $disconnect(): Promise<void> },
>(
  createClient: (adapter: SqlMigrationAwareDriverAdapterFactory) => Client,
  target: DatabaseTarget,
  migrationsDir: string,
): Promise<Database<Client>> {
  const prisma = createClient(createAdapter(target));
  try {
    const schema = schemaOf(target);
    if (schema !== undefined) {
      await prisma.$executeRawUnsafe(
        `CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`,
      );
    }
    const migrationsApplied = await applyMigrations(prisma, migrationsDir);
    return { prisma, engine: target.engine, migrationsApplied, close: () => prisma.$disconnect() };
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
}
