import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { processAlive } from "@adsgraph/storage";

/**
 * PGlite is one process's database: two processes opening one data directory would corrupt
 * it. A lock file beside the directory holds the owner's pid; a stale one (its process gone,
 * e.g. after SIGKILL) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(file, "utf8"));
    if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) {
      throw new Error(
        `ADS_API_PGLITE_DIR ${dataDir} is in use by process ${owner} (stop it first, or use DATABASE_URL)`,
        { cause: error },
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => {
    rmSync(file, { force: true });
  };
}
