import { freePort } from "@adsgraph/ads-api/testing";
import {
  createTestTarget,
  generateKeyText,
  migratedTemplate,
  type DatabaseTarget,
} from "@adsgraph/storage";
import { MIGRATIONS_DIR, openDatabase, type Database } from "../../src/db/database.js";
import { loadEnv, type Env } from "../../src/env.js";
import type { PlaygroundOptions } from "../../src/playground.js";
import { buildServer, type Server } from "../../src/server.js";
import type { ServerTracing } from "@adsgraph/telemetry";

export interface RunningFacade extends Server {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/graphql` */
  url: string;
  db: Database;
  env: Env;
  close(): Promise<void>;
}

/**
 * The GraphQL facade on a free loopback port with a fresh database of the given engine, as the
 * start command runs it. `env` overrides settings (upstream URLs, freshness, ...).
 */
export async function startFacade({
  engine = "pglite",
  target,
  env: overrides = {},
  playground,
  logStream,
  tracing,
}: {
  engine?: DatabaseTarget["engine"];
  /** A database to share with other facades (replicas); the caller drops it. Else a fresh one. */
  target?: DatabaseTarget;
  env?: Record<string, string>;
  playground?: PlaygroundOptions;
  logStream?: NodeJS.WritableStream;
  /** Trace requests (the test starts the SDK: `startTracing`). */
  tracing?: ServerTracing;
} = {}): Promise<RunningFacade> {
  // PGlite starts from a copy of a migrated template (made once per machine and migrations).
  const migrated = await migratedTemplate(MIGRATIONS_DIR, async (target) => {
    const opened = await openDatabase(target);
    await opened.close();
  });
  const testTarget =
    target === undefined
      ? await createTestTarget(engine, "facade", migrated)
      : { target, drop: () => Promise.resolve() };
  const db = await openDatabase(testTarget.target);
  // The public URL (OAuth callback) must name the real port, so the port is chosen first.
  const port =
    overrides.GRAPHQL_PORT === undefined ? await freePort() : Number(overrides.GRAPHQL_PORT);
  const origin = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    GRAPHQL_PORT: String(port),
    GRAPHQL_PUBLIC_URL: origin,
    LOG_LEVEL: "silent",
    SESSION_ENCRYPTION_KEYS: generateKeyText(),
    DEV_SESSION: "false",
    ...overrides,
  });
  const server = await buildServer({
    db,
    env,
    ...(playground && { playground }),
    ...(logStream && { logStream }),
    ...(tracing && { tracing }),
  });
  await server.app.listen({ host: "127.0.0.1", port });
  return {
    ...server,
    origin,
    url: `${origin}/graphql`,
    db,
    env,
    async close() {
      await server.app.close();
      await db.close();
      await testTarget.drop();
    },
  };
}

/** POSTs one GraphQL operation and returns status and parsed body. */
export async function postGraphQL(
  url: string,
  query: string,
  {
    variables,
    headers = {},
  }: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  body: {
    data?: unknown;
    errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
  };
}> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as never };
}
