import { shutdownOnSignals, tracingFromEnv, watchServer } from "@adsgraph/telemetry";
import { resolveTarget } from "@adsgraph/storage";
import { openDatabase } from "./db/database.js";
import { loadEnv } from "./env.js";
import { buildServer } from "./server.js";
import { FACADE_TRACING } from "./tracing/server-tracing.js";

const env = loadEnv();
// Tracing only when asked for (docs/operations.md "Tracing"): otherwise the SDK is not even loaded.
const traced = await tracingFromEnv(env, FACADE_TRACING);
const tracing = traced?.tracing;
const db = await openDatabase(
  resolveTarget(env.DATABASE_URL, env.GRAPHQL_PGLITE_DIR, "adsgraph", env.GRAPHQL_PGLITE_SETTINGS),
);

// Development: a ready session for the seeded demo user, handed to the playground.
let playground: { defaultHeaders: string; connectionParams: Record<string, string> } | undefined;
let devLine: string | undefined;
if (env.DEV_SESSION) {
  const { createServices } = await import("./services.js");
  const { token } = await createServices(db, env, console.warn).sessions.create({
    userId: env.DEV_USER_ID,
    screenName: env.DEV_SCREEN_NAME,
    accessToken: env.DEV_ACCESS_TOKEN,
    accessTokenSecret: env.DEV_ACCESS_TOKEN_SECRET,
  });
  playground = {
    defaultHeaders: JSON.stringify({ Authorization: `Bearer ${token}` }),
    connectionParams: { authorization: `Bearer ${token}` },
  };
  devLine = `Dev session for @${env.DEV_SCREEN_NAME} (DEV ONLY, DEV_SESSION=false turns it off): Authorization: Bearer ${token}`;
}

const { app } = await buildServer({
  db,
  env,
  ...(playground && { playground }),
  ...(tracing && { tracing }),
});
// Watched from before it listens: SIGTERM and SIGINT drain it within the grace period.
const connections = watchServer(app.server);
shutdownOnSignals({
  name: "facade",
  graceMs: env.GRAPHQL_SHUTDOWN_GRACE_MS,
  servers: () => [connections],
  close: async () => {
    await app.close();
    await db.close();
    // The spans of the last requests are exported before the process ends.
    await tracing?.shutdown();
  },
});

await app.listen({ host: env.GRAPHQL_HOST, port: env.GRAPHQL_PORT });
// Before the ready line: whoever waits for that line knows by then whether spans go out.
if (traced) console.log(traced.line);
const where = db.engine === "pglite" ? `PGlite in ${env.GRAPHQL_PGLITE_DIR}` : "PostgreSQL";
console.log(`GraphQL ready at ${env.GRAPHQL_PUBLIC_URL}/graphql (storage: ${where})`);
console.log(`Sign in at ${env.GRAPHQL_PUBLIC_URL}/auth/login`);
if (devLine) console.log(devLine);
