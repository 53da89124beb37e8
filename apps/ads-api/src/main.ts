import { shutdownOnSignals, tracingFromEnv } from "@adsgraph/telemetry";
import { configFromEnv } from "./config.js";
import { createSecretBox, resolveTarget } from "@adsgraph/storage";
import { resolveKeyring } from "./crypto/secret-key.js";
import { openDatabase } from "./db/database.js";
import { lockDataDir } from "./db/pglite-lock.js";
import { loadEnv } from "./env.js";
import { planHosts } from "./hosts/host-config.js";
import { demoCredentialLines } from "./seed/demo-credentials.js";
import { seedDemo } from "./seed/demo-seed.js";
import { startServer } from "./server.js";
import { ADS_API_TRACING } from "./tracing/server-tracing.js";

async function main(): Promise<void> {
  const env = loadEnv();
  // Tracing only when asked for (docs/operations.md "Tracing"): otherwise the SDK is not even loaded.
  const traced = await tracingFromEnv(env, ADS_API_TRACING);
  const tracing = traced?.tracing;
  const config = configFromEnv(env);
  // Refuse a bad host setup before touching the database.
  planHosts(config.hosts, config.tls, config.listen);
  const secretKey = resolveKeyring({
    value: env.ADS_API_SECRET_KEY,
    file: env.ADS_API_SECRET_KEY_FILE,
    notice: (message) => {
      console.log(`ads-api: ${message}`);
    },
  });
  const target = resolveTarget(
    env.DATABASE_URL,
    env.ADS_API_PGLITE_DIR,
    "ads_api",
    env.ADS_API_PGLITE_SETTINGS,
  );
  const release =
    target.engine === "pglite" ? lockDataDir(env.ADS_API_PGLITE_DIR) : () => undefined;
  const db = await openDatabase(target);
  if (env.ADS_API_SEED && (await seedDemo(db.prisma, createSecretBox(secretKey)))) {
    console.log("ads-api: seeded the demo data set");
  }
  const server = await startServer({
    db,
    secretKey,
    config,
    ...(tracing && { tracing }),
  }).catch(async (error: unknown) => {
    await db.close();
    release();
    throw error;
  });
  // SIGTERM, SIGINT: drain within the grace period, then cut what is left and exit.
  shutdownOnSignals({
    name: "ads-api",
    graceMs: env.ADS_API_SHUTDOWN_GRACE_MS,
    servers: () => server.connections,
    close: async () => {
      await server.close();
      await db.close();
      release();
      // The spans of the last requests are exported before the process ends.
      await tracing?.shutdown();
    },
  });

  const where = db.engine === "pglite" ? `PGlite in ${env.ADS_API_PGLITE_DIR}` : "PostgreSQL";
  /** ` (listening on …)` when the role listens apart from its public URL (ADS_API_LISTEN_*). */
  const apart = (role: keyof typeof server.urls) =>
    server.listenUrls[role] === server.urls[role]
      ? ""
      : ` (listening on ${server.listenUrls[role]})`;
  console.log(
    `ads-api base ready at ${server.urls.base}${apart("base")} (credentials, GET ${server.urls.base}/health)`,
  );
  console.log(`ads-api ads ready at ${server.urls.ads}${apart("ads")}`);
  console.log(`ads-api ads-sandbox ready at ${server.urls["ads-sandbox"]}${apart("ads-sandbox")}`);
  console.log(`ads-api storage: ${where}; request log: GET <any host>/_admin/requests (loopback)`);
  if (server.ctx.redis !== undefined) {
    const state = server.ctx.redis.up
      ? "reachable"
      : "unreachable (signed requests answer 503 until it is)";
    console.log(
      `ads-api shared mode: nonces, rate limits and activity wake-ups in Redis (${state}); replica ${server.ctx.replicaId}`,
    );
    if (db.engine === "pglite") {
      console.log(
        "ads-api: PGlite is one process's database; replicas need DATABASE_URL (PostgreSQL)",
      );
    }
  }
  if (traced) console.log(`ads-api: ${traced.line}`);
  if (env.ADS_API_SEED) for (const line of demoCredentialLines()) console.log(line);
}

main().catch((error: unknown) => {
  console.error(
    `ads-api failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
