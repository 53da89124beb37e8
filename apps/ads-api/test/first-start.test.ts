import { existsSync, readFileSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../src/seed/demo-credentials.js";
import { startAdsApiProcess } from "../testing/index.js";
import { itemsOf } from "./support/bodies.js";
import { AdsClient } from "./support/signed-fetch.js";

const credentials = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent pid of a process (Linux: /proc). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

// PGlite on an empty directory: the cluster is made by a child process (packages/storage
// pglite-init.ts), beside the directory, and renamed into place when whole.
describe("ads-api's first start on a fresh PGlite directory", () => {
  let dir: string;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-first-start-"));
    dataDir = path.join(dir, "pglite");
    env = { ADS_API_SECRET_KEY_FILE: path.join(dir, "secret.key") };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("survives a kill -9 while the cluster is being made: the next start makes it and seeds", async () => {
    const database = { engine: "pglite", dataDir } as const;
    const first = startAdsApiProcess({ database, env });
    first.catch(() => undefined);
    // The cluster's scratch directory is named after the child making it.
    let scratch: string | undefined;
    await expect
      .poll(() => (scratch = readdirSync(dir).find((name) => name.startsWith("pglite.init-"))))
      .toBeDefined();
    const initPid = Number(scratch?.slice("pglite.init-".length));
    process.kill(parentOf(initPid), "SIGKILL");
    await expect(first).rejects.toThrow(/exited during start/);
    expect(existsSync(dataDir)).toBe(false);

    const second = await startAdsApiProcess({ database, env });
    try {
      expect(second.output()).toContain("seeded the demo data set");
      const client = new AdsClient(second.urls, credentials);
      const response = await client.get("/12/accounts", {});
      expect(response.status).toBe(200);
      expect(itemsOf(response).length).toBeGreaterThan(0);
      // The orphaned init ends by itself; its leftovers go at a later open, never the cluster.
      await expect.poll(() => alive(initPid)).toBe(false);
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);

      // One process per directory: a second start is refused before it opens anything.
      await expect(startAdsApiProcess({ database, env })).rejects.toThrow(/is in use by process/);
    } finally {
      await second.kill();
    }
  }, 600_000);
});
