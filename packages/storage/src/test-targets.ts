import { createHash, randomUUID } from "node:crypto";
import { access, cp, readFile, readdir, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "./adapter.js";
import { initPGliteDir } from "./pglite-init.js";
import { pgliteStartParams } from "./pglite-settings.js";

/** PostgreSQL the PostgreSQL-path tests use (docs/configuration.md). */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export interface TestTarget {
  target: DatabaseTarget;
  /** Removes everything the target held. */
  drop: () => Promise<void>;
}

/**
 * A step that prepares a PGlite template once (e.g. an app's migrations), so that every test
 * target of that app starts from a copy instead of doing the work again; `key` names what the
 * step produces (change it when the result would change).
 */
export interface TemplateStep {
  readonly key: string;
  readonly run: (target: DatabaseTarget) => Promise<void>;
}

const templates = new Map<string, Promise<string>>();

/** Whether a path exists. */
const exists = (dir: string) =>
  access(dir).then(
    () => true,
    () => false,
  );

/**
 * A PGlite cluster to copy: creating one (initdb in WebAssembly, in a child process) takes
 * 5–10 s, copying about 1 s, and an app's migrations on a fresh cluster take seconds more. Built once per machine,
 * PGlite build (its resolved path names the version) and step, in a scratch directory renamed
 * into place, so concurrent test processes never see half of one.
 */
function pgliteTemplate(step?: TemplateStep): Promise<string> {
  const name = step === undefined ? "" : `-${hash(step.key)}`;
  let template = templates.get(name);
  if (template === undefined) {
    template = (async () => {
      const build = hash(import.meta.resolve("@electric-sql/pglite"));
      const dir = path.join(os.tmpdir(), `adsgraph-pglite-template-${build}${name}`);
      if (await exists(dir)) return dir;
      const scratch = `${dir}.${randomUUID()}`;
      if (step === undefined) {
        await initPGliteDir(scratch, pgliteStartParams());
      } else {
        await cp(await pgliteTemplate(), scratch, { recursive: true });
        await step.run({ engine: "pglite", dataDir: scratch });
      }
      // Another process may have won the race: then its template serves, and ours goes.
      await rename(scratch, dir).catch(() => rm(scratch, { recursive: true, force: true }));
      return dir;
    })();
    // A failed build is tried again by the next caller rather than remembered.
    template.catch(() => templates.delete(name));
    templates.set(name, template);
  }
  return template;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}

/**
 * A template step keyed by the contents of an app's migrations folder: `migrate` opens the
 * target (which applies them) and closes it. A new or edited migration makes a new template.
 */
export async function migratedTemplate(
  migrationsDir: string,
  migrate: (target: DatabaseTarget) => Promise<void>,
): Promise<TemplateStep> {
  const digest = createHash("sha256");
  const entries = await readdir(migrationsDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    digest.update(path.relative(migrationsDir, file)).update("\0");
    digest.update(await readFile(file)).update("\0");
  }
  return { key: `migrations:${digest.digest("hex")}`, run: migrate };
}

/**
 * A fresh database of one engine for a test: a new PGlite directory under the OS temp folder
 * (a copy of the `prepared` template when one is given: e.g. already migrated), or a new schema
 * of its own in the test PostgreSQL (so parallel test files and packages never collide; there
 * the app migrates it, which takes about a second).
 */
export async function createTestTarget(
  engine: DatabaseTarget["engine"],
  label = "test",
  prepared?: TemplateStep,
): Promise<TestTarget> {
  const unique = `${label}_${randomUUID().replaceAll("-", "")}`;
  switch (engine) {
    case "pglite": {
      const dataDir = path.join(os.tmpdir(), `adsgraph-${unique}`);
      await cp(await pgliteTemplate(prepared), dataDir, { recursive: true });
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

/**
 * The one engine of tests whose subject is HTTP behaviour (parameters, answers, the graph), not
 * storage: PostgreSQL by default (a second per start against PGlite's several), PGlite with
 * `ADSGRAPH_TEST_ENGINE=pglite`. Storage-sensitive tests (durability, concurrency, nonces,
 * sessions, snapshots, activity, audience uploads, migrations, seeds) take both engines, and the
 * bad-input sweeps run whole on PGlite: running every HTTP test twice cost minutes of the
 * suite's 15-minute budget on 2 cores for no behaviour the engine decides.
 */
export const HTTP_TEST_ENGINES: readonly DatabaseTarget["engine"][] = [
  process.env.ADSGRAPH_TEST_ENGINE === "pglite" ? "pglite" : "postgresql",
];

/** Redis the shared-mode tests use (docs/configuration.md). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * A key prefix of one's own for a test on the shared Redis: test files run in parallel, and
 * keys never meet across them (`deletePrefixed` tidies it).
 */
export function testRedisPrefix(label: string): string {
  return `adsgraph-test:${label}:${process.pid}:${randomUUID().slice(0, 8)}:`;
}
