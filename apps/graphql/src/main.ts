import { resolveTarget } from "@adsgraph/storage";
import { openDatabase } from "./db/database.js";
import { loadEnv } from "./env.js";
import { buildServer } from "./server.js";

const env = loadEnv();
const db = await openDatabase(resolveTarget(env.DATABASE_URL, env.PGLITE_DIR));
const app = await buildServer({ db, logLevel: env.LOG_LEVEL });

const close = async () => {
  await app.close();
  await db.close();
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void close());

await app.listen({ host: env.GRAPHQL_HOST, port: env.GRAPHQL_PORT });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : env.GRAPHQL_PORT;
const where = db.engine === "pglite" ? `PGlite in ${env.PGLITE_DIR}` : "PostgreSQL";
console.log(`GraphQL ready at http://${env.GRAPHQL_HOST}:${port}/graphql (storage: ${where})`);
