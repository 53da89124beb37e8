import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "./adapter.js";
import { createTestTarget, migratedTemplate } from "./test-targets.js";
import type { DatabaseTarget } from "./adapter.js";

describe("migratedTemplate", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-migrations-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keys the template by the migrations' contents: an edit makes a new one", async () => {
    await writeFile(path.join(dir, "1.sql"), "CREATE TABLE a (id INT);");
    const noop = () => Promise.resolve();
    const first = await migratedTemplate(dir, noop);
    expect((await migratedTemplate(dir, noop)).key).toBe(first.key);
    await writeFile(path.join(dir, "1.sql"), "CREATE TABLE a (id BIGINT);");
    expect((await migratedTemplate(dir, noop)).key).not.toBe(first.key);
  });

  it("gives PGlite targets that start from what the step wrote, each a copy of its own", async () => {
    // A fixed key: the template is built once per machine (a later run finds it made).
    let runs = 0;
    const step = {
      key: "storage-test-template:v1",
      run: async (target: DatabaseTarget) => {
        runs += 1;
        await execute(target, "CREATE TABLE made (n INT); INSERT INTO made VALUES (1)");
      },
    };
    const one = await createTestTarget("pglite", "storage_template", step);
    const two = await createTestTarget("pglite", "storage_template", step);
    try {
      // Not again for the second target (at most once: an earlier run may have made it).
      expect(runs).toBeLessThanOrEqual(1);
      expect(await execute(one.target, "INSERT INTO made VALUES (2)", "made")).toBe(2);
      expect(await execute(two.target, "SELECT 1", "made")).toBe(1);
    } finally {
      await one.drop();
      await two.drop();
    }
  });
});

/** Runs a script on the target; with `table`, answers how many rows it then holds. */
async function execute(target: DatabaseTarget, script: string, table?: string): Promise<number> {
  const { adapter, sql } = await createConnection(target);
  const driver = await adapter.connect();
  try {
    await driver.executeScript(script);
    if (table === undefined) return 0;
    const rows = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`, []);
    return rows[0]?.n ?? -1;
  } finally {
    await driver.dispose();
  }
}
