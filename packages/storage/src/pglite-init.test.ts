import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConnection } from "./adapter.js";
import { initPGliteDir } from "./pglite-init.js";
import { pgliteStartParams } from "./pglite-settings.js";

/** The pid of a process that has ended (as after a kill -9 of a start). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("a PGlite data directory's first open", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "adsgraph-pglite-init-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("creates a whole cluster in a fresh directory, keeps its data, starts with the settings", async () => {
    const dataDir = path.join(root, "nested", "pglite");
    const first = await createConnection({ engine: "pglite", dataDir });
    const driver = await first.adapter.connect();
    await driver.executeScript("CREATE TABLE kept (n INT); INSERT INTO kept VALUES (7)");
    expect(await first.sql.query("SHOW shared_buffers", [])).toEqual([{ shared_buffers: "16MB" }]);
    await driver.dispose();
    // Nothing but the cluster: the scratch it was created in is gone.
    expect(await readdir(path.join(root, "nested"))).toEqual(["pglite"]);

    // A scratch left by an init killed with its start goes at the next open.
    await mkdir(`${dataDir}.init-${deadPid()}`);
    const again = await createConnection({
      engine: "pglite",
      dataDir,
      settings: { shared_buffers: "24MB" },
    });
    const reopened = await again.adapter.connect();
    try {
      expect(await again.sql.query("SELECT n FROM kept", [])).toEqual([{ n: 7 }]);
      expect(await again.sql.query("SHOW shared_buffers", [])).toEqual([
        { shared_buffers: "24MB" },
      ]);
      expect(await readdir(path.join(root, "nested"))).toEqual(["pglite"]);
    } finally {
      await reopened.dispose();
    }
  });

  it("removes what a killed init left beside it, but not a live process's, and refuses a directory of other files", async () => {
    const dataDir = path.join(root, "pglite");
    const stale = `${dataDir}.init-${deadPid()}`;
    const live = `${dataDir}.init-${process.pid}`;
    for (const scratch of [stale, live]) {
      await mkdir(path.join(scratch, "base"), { recursive: true });
      await writeFile(path.join(scratch, "PG_VERSION"), "17\n");
    }
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, "notes.txt"), "mine");

    await expect(initPGliteDir(dataDir, pgliteStartParams())).rejects.toThrow(
      /holds files but no database/,
    );
    expect((await readdir(root)).sort()).toEqual(["pglite", path.basename(live)].sort());
    expect(await readdir(dataDir)).toEqual(["notes.txt"]);
  });
});
