import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { preparedStatements } from "./pglite-prepared.js";
import type { SqlValue } from "./sql-value.js";
import { initPGliteDir } from "./pglite-init.js";
import { pgliteStartParams, type PGliteSettings } from "./pglite-settings.js";

/**
 * Where the data lives: a PostgreSQL server, or an embedded PGlite data directory (`settings`
 * over PGLITE_SETTINGS: its PostgreSQL settings).
 */
export type DatabaseTarget =
  | { engine: "postgresql"; url: string }
  | { engine: "pglite"; dataDir: string; settings?: PGliteSettings };

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (created if missing) with
 * `pgliteSettings`. A URL without `?schema=` gets `defaultSchema`, so apps sharing one
 * DATABASE_URL keep their tables and migration bookkeeping apart.
 */
export function resolveTarget(
  databaseUrl: string | undefined,
  dataDir: string,
  defaultSchema?: string,
  pgliteSettings?: PGliteSettings,
): DatabaseTarget {
  if (!databaseUrl) {
    return { engine: "pglite", dataDir, ...(pgliteSettings && { settings: pgliteSettings }) };
  }
  const url = new URL(databaseUrl);
  if (defaultSchema !== undefined && !url.searchParams.has("schema")) {
    url.searchParams.set("schema", defaultSchema);
  }
  return { engine: "postgresql", url: url.toString() };
}

/** The `?schema=` of a PostgreSQL target (undefined: the server's default search path). */
export function schemaOf(target: DatabaseTarget): string | undefined {
  if (target.engine !== "postgresql") return undefined;
  return new URL(target.url).searchParams.get("schema") ?? undefined;
}

export type { SqlValue } from "./sql-value.js";

/**
 * Plain SQL on the connection Prisma uses, without Prisma's request pipeline (its query
 * compiler and result mapping were a quarter of ads-api's CPU on a cached list, issue 14): for
 * the few statements every request runs. Rows come as each driver parses them — timestamps as
 * `Date`, arrays as arrays, but BIGINT as a string (node-postgres) or a number (PGlite): callers
 * convert such columns themselves.
 */
export interface RawSql {
  /** Rows of a statement with `$1`, `$2` … placeholders. */
  query<Row>(text: string, values: readonly SqlValue[], options?: StatementOptions): Promise<Row[]>;
  /** The number of rows a statement wrote. */
  execute(text: string, values: readonly SqlValue[], options?: StatementOptions): Promise<number>;
}

export interface StatementOptions {
  /**
   * Prepare the statement once per connection under this name and reuse its plan: for
   * statements every request runs, where planning costs more than running (issue 37). One
   * name, one text, for the life of the process.
   */
  readonly name?: string | undefined;
}

/** The driver adapter Prisma is built with, and plain SQL over the same connection. */
export interface Connection {
  readonly adapter: SqlMigrationAwareDriverAdapterFactory;
  readonly sql: RawSql;
}

/**
 * The Prisma driver adapter for a target. Used both at run time and by `prisma.config.ts`, so
 * migrations and queries always go through the same connection code.
 */
export async function createAdapter(
  target: DatabaseTarget,
): Promise<SqlMigrationAwareDriverAdapterFactory> {
  return (await createConnection(target)).adapter;
}

/**
 * A target's connection: one node-postgres pool (or one PGlite instance) shared by Prisma's
 * adapter and by `sql`, so both see one database through one set of connections and Prisma's
 * `$disconnect()` closes it. A PGlite directory without a cluster gets one first (in a child
 * process: `initPGliteDir`).
 */
export async function createConnection(target: DatabaseTarget): Promise<Connection> {
  switch (target.engine) {
    case "postgresql": {
      // `?schema=` as in Prisma's own URLs: queries are qualified with it, and the search path
      // makes the migration SQL (unqualified) and `sql` statements land there too.
      const url = new URL(target.url);
      const schema = schemaOf(target);
      url.searchParams.delete("schema");
      const pool = new pg.Pool({
        connectionString: url.toString(),
        ...(schema && { options: `-c search_path="${schema.replaceAll('"', '""')}"` }),
      });
      return {
        adapter: new PrismaPg(pool, { schema, disposeExternalPool: true }),
        // node-postgres prepares a named statement on each pooled connection the first time.
        sql: {
          async query<Row>(text: string, values: readonly SqlValue[], options?: StatementOptions) {
            return (await pool.query({ name: options?.name, text, values: [...values] }))
              .rows as Row[];
          },
          async execute(text, values, options) {
            return (
              (await pool.query({ name: options?.name, text, values: [...values] })).rowCount ?? 0
            );
          },
        },
      };
    }
    case "pglite": {
      const startParams = pgliteStartParams(target.settings);
      await initPGliteDir(target.dataDir, startParams);
      const pglite = new PGlite({ dataDir: target.dataDir, startParams });
      // pglite-prisma-adapter 0.6 is typed against driver-adapter-utils 6.10, whose `argTypes`
      // declaration differs from 6.19's; the adapter never reads `argTypes` (PGlite infers
      // parameter types), so only the declaration is bridged here.
      const factory = new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
      const run = preparedStatements(pglite);
      return {
        adapter: closingPGliteOnDispose(factory, pglite),
        // PGlite runs one statement at a time and waits for an open transaction to end, as
        // Prisma's own statements outside a transaction do.
        sql: {
          async query<Row>(text: string, values: readonly SqlValue[], options?: StatementOptions) {
            const result =
              options?.name === undefined
                ? await pglite.query<Row>(text, [...values])
                : await run(options.name, text, values);
            return result.rows as Row[];
          },
          async execute(text, values, options) {
            const result =
              options?.name === undefined
                ? await pglite.query(text, [...values])
                : await run(options.name, text, values);
            return result.affectedRows ?? 0;
          },
        },
      };
    }
  }
}

/**
 * The PGlite adapter's `dispose()` leaves the database open, so `$disconnect()` would keep the
 * process alive and the data directory in use: close PGlite when Prisma disposes the adapter.
 */
function closingPGliteOnDispose(
  factory: SqlMigrationAwareDriverAdapterFactory,
  pglite: PGlite,
): SqlMigrationAwareDriverAdapterFactory {
  const withClose = (adapter: SqlDriverAdapter): SqlDriverAdapter =>
    new Proxy(adapter, {
      get(target, property) {
        if (property === "dispose") {
          return async () => {
            await target.dispose();
            if (!pglite.closed) await pglite.close();
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function"
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      },
    });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withClose(await factory.connect()),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}
