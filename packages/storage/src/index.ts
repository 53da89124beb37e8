export { createAdapter, createConnection, resolveTarget, schemaOf } from "./adapter.js";
export type { Connection, DatabaseTarget, RawSql, SqlValue, StatementOptions } from "./adapter.js";
export { applyMigrations, splitStatements } from "./migrate.js";
export { parsePGliteSettings, PGLITE_SETTINGS } from "./pglite-settings.js";
export { processAlive } from "./process-alive.js";
export type { PGliteSettings } from "./pglite-settings.js";
export type { MigratableClient, MigratableTransaction } from "./migrate.js";
export {
  createTestTarget,
  HTTP_TEST_ENGINES,
  migratedTemplate,
  TEST_ENGINES,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
  testRedisPrefix,
} from "./test-targets.js";
export type { TemplateStep, TestTarget } from "./test-targets.js";
export { createSecretBox, generateKeyText, parseKeyring, SecretBoxError } from "./secret-box.js";
export type { SecretBox, SecretKey } from "./secret-box.js";
export { openMigratedDatabase, TRANSACTION_OPTIONS } from "./database.js";
export type { ClientOptions, Database, TransactionOptions } from "./database.js";
export { connectRedis, deletePrefixed } from "./redis.js";
export type { SharedRedis, SharedRedisOptions } from "./redis.js";
export { LUA_NOW_MS, redisScript } from "./redis-script.js";
export type { RedisScript, ScriptArg } from "./redis-script.js";
export { rangeStream, readStreamAfter } from "./redis-stream.js";
export type { StreamEntry } from "./redis-stream.js";
