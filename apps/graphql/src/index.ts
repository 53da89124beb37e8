export { openDatabase } from "./db/database.js";
export type { Database } from "./db/database.js";
export { loadEnv } from "./env.js";
export type { Env } from "./env.js";
export { buildServer } from "./server.js";
export type { ServerOptions } from "./server.js";
export { createSnapshotRepository } from "./snapshots/snapshot-repository.js";
export type {
  JsonValue,
  SnapshotRecord,
  SnapshotRepository,
} from "./snapshots/snapshot-repository.js";
