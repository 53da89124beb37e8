import { createHash, randomUUID } from "node:crypto";
import { access, cp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseTarget } from "./adapter.js";

/** PostgreSQL the PostgreSQL-path tests use (README "Configuration"). */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export interface TestTarget {
  target: DatabaseTarget;
  /** Removes everything the target held. */
  drop: () => Promise<void>;
}

let template: Promise<string> | undefined;

/**
 * An empty PGlite cluster to copy: creating one (initdb in WebAssembly) takes 5–10 s, copying
 * about 1 s. Built once per machine and PGlite build (its resolved path names the version), in a
 * scratch directory renamed into place, so concurrent test processes never see half of one.
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const build = createHash("sha256")
      .update(import.meta.resolve("@electric-sql/pglite"))
      .digest("hex")
      .slice(0, 12);
    const dir = path.join(os.tmpdir(), `adsgraph-pglite-template-${build}`);
    const exists = await access(dir).then(
      () => true,
      () => false,
    );
    if (exists) return dir;
    const scratch = `${dir}.${randomUUID()}`;
    const db = new PGlite({ dataDir: scratch });
    await db.waitReady;
    await db.close();
    // Another process may have won the race: then its template serves, and ours goes.
    await rename(scratch, dir).catch(() => rm(scratch, { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

/**
 * A fresh, empty database of one engine for a test: a new PGlite directory under the OS temp
 * folder, or a new schema of its own in the test PostgreSQL (so parallel test files and
 * packages never collide).
 */
export async function createTestTarget(
  engine: DatabaseTarget["engine"],
  label = "test",
): Promise<TestTarget> {
  const unique = `${label}_${randomUUID().replaceAll("-", "")}`;
  switch (engine) {
    case "pglite": {
      const dataDir = path.join(os.tmpdir(), `adsgraph-${unique}`);
      await cp(await pgliteTemplate(), dataDir, { recursive: true });
      return {
        target: { engine, dataDir },
        drop: () => rm(dataDir, { recursive: true, force: true }),
      };
    }
    case "postgresql": {
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA "${unique}"`);
      } finally {
        await admin.end();
      }
      const url = new URL(TEST_POSTGRES_URL);
      url.searchParams.set("schema", unique);
      return {
        target: { engine, url: url.toString() },
        drop: async () => {
          const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
          await client.connect();
          try {
            await client.query(`DROP SCHEMA IF EXISTS "${unique}" CASCADE`);
          } finally {
            await client.end();
          }
        },
      };
    }
  }
}

/** Both engines, for `describe.each(TEST_ENGINES)`. */
export const TEST_ENGINES: readonly DatabaseTarget["engine"][] = ["pglite", "postgresql"];
