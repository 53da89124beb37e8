import { freePort } from "@adsgraph/ads-api/testing";
import { createTestTarget, generateKeyText, migratedTemplate } from "@adsgraph/storage";
import type { DatabaseTarget, TestTarget } from "@adsgraph/storage";
import type { ServerTracing } from "@adsgraph/telemetry";
import { MIGRATIONS_DIR, openDatabase } from "../src/db/database.js";
import type { Database } from "../src/db/database.js";
import { loadEnv } from "../src/env.js";
import type { Env } from "../src/env.js";
import type { PlaygroundOptions } from "../src/playground.js";
import { buildServer } from "../src/server.js";
import type { Server } from "../src/server.js";

export interface StartFacadeOptions {
  /** The fresh database's engine (default `pglite`). */
  readonly engine?: DatabaseTarget["engine"];
  /** A database to share with other facades (replicas), opened anew here; the caller drops it. */
  readonly database?: DatabaseTarget;
  /** A database already open (another facade's in this process); neither closed nor dropped here. */
  readonly db?: Database;
  /** Settings over the test defaults (upstream URLs, freshness, ...), as the environment gives them. */
  readonly env?: Readonly<Record<string, string>>;
  readonly playground?: PlaygroundOptions;
  /** Where the facade logs (set LOG_LEVEL in `env` too); tests read it. */
  readonly logStream?: NodeJS.WritableStream;
  /** Trace requests (the caller starts the SDK). */
  readonly tracing?: ServerTracing;
}

/** The facade in this process, listening on loopback. */
export interface RunningFacade extends Server {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `<origin>/graphql` */
  readonly url: string;
  readonly db: Database;
  readonly env: Env;
  /** Closes the server, then the database it opened (dropping a fresh one). */
  close(): Promise<void>;
}

/** The facade's migrations applied once per machine: a fresh PGlite database copies it. */
function migrated() {
  return migratedTemplate(MIGRATIONS_DIR, async (target) => {
    const opened = await openDatabase(target);
    await opened.close();
  });
}

/** The database a facade runs over, and how to let it go. */
async function databaseOf(options: StartFacadeOptions): Promise<{
  db: Database;
  release: () => Promise<void>;
}> {
  if (options.db !== undefined) return { db: options.db, release: () => Promise.resolve() };
  const target: TestTarget =
    options.database === undefined
      ? await createTestTarget(options.engine ?? "pglite", "facade", await migrated())
      : { target: options.database, drop: () => Promise.resolve() };
  try {
    const db = await openDatabase(target.target);
    return {
      db,
      release: async () => {
        await db.close();
        await target.drop();
      },
    };
  } catch (error) {
    await target.drop();
    throw error;
  }
}

/**
 * The one way tests, examples and benchmarks start the facade in their own process: as the
 * start command builds it, on a free loopback port (chosen first: the public URL, the OAuth
 * callback's, names it), over a fresh database unless given one, no dev session, silent.
 */
export async function startFacade(options: StartFacadeOptions = {}): Promise<RunningFacade> {
  const { db, release } = await databaseOf(options);
  try {
    const overrides = options.env ?? {};
    const port =
      overrides.GRAPHQL_PORT === undefined ? await freePort() : Number(overrides.GRAPHQL_PORT);
    const origin = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      GRAPHQL_PORT: String(port),
      GRAPHQL_PUBLIC_URL: origin,
      LOG_LEVEL: "silent",
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      DEV_SESSION: "false",
      // Released as soon as the last subscriber leaves: tests count upstream subscriptions and
      // streams; those about the resume grace set their own.
      ACTIVITY_RESUME_GRACE_MS: "0",
      ...overrides,
    });
    const server = await buildServer({
      db,
      env,
      ...(options.playground && { playground: options.playground }),
      ...(options.logStream && { logStream: options.logStream }),
      ...(options.tracing && { tracing: options.tracing }),
    });
    await server.app.listen({ host: "127.0.0.1", port });
    return {
      ...server,
      origin,
      url: `${origin}/graphql`,
      db,
      env,
      close: async () => {
        try {
          await server.app.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
