export { createAdapter, resolveTarget } from "./adapter.js";
export type { DatabaseTarget } from "./adapter.js";
export { applyMigrations, splitStatements } from "./migrate.js";
export type { MigratableClient, MigratableTransaction } from "./migrate.js";
export { createTestTarget, TEST_ENGINES, TEST_POSTGRES_URL } from "./test-targets.js";
export type { TestTarget } from "./test-targets.js";
export { createSecretBox, generateKeyText, parseKeyring, SecretBoxError } from "./secret-box.js";
export type { SecretBox, SecretKey } from "./secret-box.js";
