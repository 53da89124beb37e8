import { spawn } from "node:child_process";
import { access, mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { processAlive } from "./process-alive.js";

/** What marks a PostgreSQL cluster: PGlite opens a directory holding it as an existing one. */
const MARKER = "PG_VERSION";
/** `<dataDir>.init-<pid>`: a cluster being created by that process, renamed into place when whole. */
const SCRATCH = ".init-";
/** Kept of the child's stderr for the error message. */
const STDERR_TAIL = 4096;

/**
 * The child's program: it creates the cluster in `<prefix><its pid>`, so that its scratch
 * directory counts as in use exactly while it runs (a start killed with -9 leaves the child to
 * finish or stop on its own, and the next start must not delete under it). It stops when its
 * parent is gone, at the latest once initdb yields.
 */
const CHILD = `
process.on("disconnect", () => process.exit(70));
const { PGlite } = await import("@electric-sql/pglite");
const db = new PGlite({
  dataDir: process.env.ADSGRAPH_PGLITE_INIT_PREFIX + process.pid,
  startParams: JSON.parse(process.env.ADSGRAPH_PGLITE_START_PARAMS),
});
await db.waitReady;
await db.close();
process.exit(0);
`;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A `catch` handler answering `value` for a missing file and rethrowing anything else. */
const ifMissing =
  <T>(value: T) =>
  (error: unknown): T => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return value;
    throw error;
  };

/**
 * Makes `dataDir` a PGlite cluster if it is not one yet. PGlite's own first open runs initdb in
 * a second WebAssembly instance inside the process, and the process kept that memory (over
 * 700 MB resident, against ~170 MB for opening an existing cluster): here a short-lived child
 * process creates the cluster in a scratch directory beside `dataDir`, which is renamed into
 * place once whole. So `dataDir` is either absent, empty, or a whole cluster: a start killed
 * while creating it leaves only a scratch directory, which a later open removes once the child
 * that made it has ended.
 *
 * A `dataDir` holding files but no cluster is refused rather than written into (it may be
 * someone's files, or a cluster half-written by an older version killed at its first start).
 */
export async function initPGliteDir(
  dataDir: string,
  startParams: readonly string[],
): Promise<void> {
  const dir = path.resolve(dataDir);
  await mkdir(path.dirname(dir), { recursive: true });
  // Also once the cluster exists: a child that outlived a killed start ends after the next one.
  await removeStaleScratch(dir);
  if (await exists(path.join(dir, MARKER))) return;
  const entries = await readdir(dir).catch(ifMissing([]));
  if (entries.length > 0) {
    throw new Error(
      `PGlite directory ${dir} holds files but no database (no ${MARKER}); move it away or remove it to start afresh`,
    );
  }
  const scratch = await createCluster(`${dir}${SCRATCH}`, startParams);
  try {
    // An empty directory (made by hand, or by an older version before its initdb) gives way.
    await rmdir(dir).catch(ifMissing(undefined));
    await rename(scratch, dir);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    // Another process created it meanwhile: its cluster serves.
    if (await exists(path.join(dir, MARKER))) return;
    throw error;
  }
}

/** Scratch directories of `dir` whose process is gone (killed while creating the cluster). */
async function removeStaleScratch(dir: string): Promise<void> {
  const prefix = `${path.basename(dir)}${SCRATCH}`;
  for (const name of await readdir(path.dirname(dir))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) continue;
    // Best effort: a leftover is untidy, not wrong (every cluster is made under a new name).
    await rm(path.join(path.dirname(dir), name), { recursive: true, force: true }).catch(
      () => undefined,
    );
  }
}

/**
 * Runs initdb (PGlite's first open) in a child process; resolves with the cluster's scratch
 * directory once the child closed it. On failure nothing of it is left.
 */
function createCluster(prefix: string, startParams: readonly string[]): Promise<string> {
  // Plain node without the parent's options or loaders (an inspector port, tsx): the program is
  // plain JavaScript, and resolves PGlite from this package's folder.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  // Liftoff only: a run this short spent more on optimising compilation than it saved (about
  // 45% less CPU, 80 MB less peak memory).
  const child = spawn(process.execPath, ["--liftoff-only", "--input-type=module", "-e", CHILD], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    env: {
      ...env,
      ADSGRAPH_PGLITE_INIT_PREFIX: prefix,
      ADSGRAPH_PGLITE_START_PARAMS: JSON.stringify(startParams),
    },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      const scratch = `${prefix}${child.pid}`;
      if (code === 0) {
        resolve(scratch);
        return;
      }
      const reason = `initdb process ended with ${signal ?? `code ${code}`}`;
      const detail = stderr.trim() === "" ? "" : `: ${stderr.trim()}`;
      rm(scratch, { recursive: true, force: true }).then(() => {
        reject(new Error(`PGlite could not create its database (${reason})${detail}`));
      }, reject);
    });
  });
}
