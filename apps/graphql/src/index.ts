export { openDatabase } from "./db/database.js";
export type { Database } from "./db/database.js";
export { loadEnv } from "./env.js";
export type { Env } from "./env.js";
export { buildServer } from "./server.js";
export type { ServerOptions } from "./server.js";
export { createSnapshotRepository } from "./snapshots/snapshot-repository.js";
export type {
  SnapshotInput,
  SnapshotRepository,
  SnapshotVersion,
} from "./snapshots/snapshot-repository.js";
export type { JsonObject, JsonValue } from "./snapshots/content-hash.js";
