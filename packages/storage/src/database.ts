import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { createConnection, schemaOf, type DatabaseTarget, type RawSql } from "./adapter.js";
import { applyMigrations, type MigratableClient } from "./migrate.js";

/** Prisma's limits of an interactive transaction, in milliseconds. */
export interface TransactionOptions {
  /** Longest wait for a connection to start the transaction on (Prisma's default: 2 s). */
  readonly maxWait?: number;
  /** Longest the transaction may run before Prisma rolls it back (Prisma's default: 5 s). */
  readonly timeout?: number;
}

/**
 * The limits of every interactive transaction of a client `openMigratedDatabase` opens, set
 * once on the client instead of at each `$transaction` call. Prisma's defaults rolled back
 * correct work on a loaded 2-core machine (migrations at start-up failed a test run, issue 12):
 * a transaction waits its turn behind every other one (PGlite runs one statement at a time),
 * and a migration is as slow as its table is large. So the limits are minutes, far beyond any
 * client's own timeout: they only end a transaction that would never end by itself.
 */
export const TRANSACTION_OPTIONS = {
  maxWait: 10 * 60_000,
  timeout: 30 * 60_000,
} as const satisfies TransactionOptions;

/** What `openMigratedDatabase` constructs an app's PrismaClient with. */
export interface ClientOptions {
  readonly adapter: SqlMigrationAwareDriverAdapterFactory;
  readonly transactionOptions: TransactionOptions;
}

/** An app's Prisma client, opened on a target and migrated. */
export interface Database<Client> {
  prisma: Client;
  engine: DatabaseTarget["engine"];
  /** Plain SQL over the client's own connection, for statements every request runs. */
  sql: RawSql;
  /** Names of the migrations this open applied (empty when the schema was current). */
  migrationsApplied: string[];
  close(): Promise<void>;
}

/**
 * Opens a target with an app's generated PrismaClient (`createClient` passes the options to its
 * constructor: `new PrismaClient(options)`), creates its PostgreSQL schema if missing and
 * applies the app's pending migrations; the client is closed again if that fails.
 */
export async function openMigratedDatabase<
  Client extends MigratableClient & { $disconnect(): Promise<void> },
>(
  createClient: (options: ClientOptions) => Client,
  target: DatabaseTarget,
  migrationsDir: string,
): Promise<Database<Client>> {
  const { adapter, sql } = await createConnection(target);
  const prisma = createClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  try {
    const schema = schemaOf(target);
    if (schema !== undefined) {
      await prisma.$executeRawUnsafe(
        `CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`,
      );
    }
    const migrationsApplied = await applyMigrations(prisma, migrationsDir);
    return {
      prisma,
      engine: target.engine,
      sql,
      migrationsApplied,
      close: () => prisma.$disconnect(),
    };
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
}
