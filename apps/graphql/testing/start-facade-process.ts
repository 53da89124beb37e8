import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, mainArgs } from "@adsgraph/ads-api/testing";
import type { DatabaseTarget } from "@adsgraph/storage";

const appDir = path.resolve(import.meta.dirname, "..");
const ENTRY = path.join(appDir, "src", "main.ts");
/** Kept of the output: enough to read why it failed, and a pipe that never fills. */
const OUTPUT_TAIL = 64 * 1024;

export interface FacadeProcessOptions {
  /** Settings (ADS_API_*_URL, SESSION_ENCRYPTION_KEYS, REDIS_URL, DEV_SESSION...) over the process's environment. */
  readonly env: Readonly<Record<string, string>>;
  /** Its database (else whatever `env` says: DATABASE_URL, GRAPHQL_PGLITE_DIR). */
  readonly database?: DatabaseTarget;
  /** GRAPHQL_PORT (default a free one). */
  readonly port?: number;
  /** Modules the process loads first (`node --import`), e.g. a probe. */
  readonly imports?: readonly string[];
  /** More node options (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  readonly nodeArgs?: readonly string[];
  /** Kills it and fails past this; default none (a test's hook timeout is the net). */
  readonly startTimeoutMs?: number;
  /**
   * `src/main.ts` bundled once per test process and run by plain `node` (`bundle`), or through
   * the tsx loader as `pnpm dev` runs it (`tsx`). Default: `bundle` under vitest, where files
   * start facades again and again; `tsx` elsewhere (benchmarks profile the sources as they are).
   */
  readonly runner?: "bundle" | "tsx";
}

/** The facade in a process of its own (`src/main.ts` via tsx), as `pnpm start` runs it. */
export interface FacadeProcess {
  readonly process: ChildProcess;
  readonly pid: number;
  /** `http://127.0.0.1:<GRAPHQL_PORT>` */
  readonly origin: string;
  /** `<origin>/graphql` */
  readonly url: string;
  /** With DEV_SESSION=true, the `Authorization` header of the session it printed. */
  readonly devSession: Readonly<Record<string, string>> | undefined;
  /** The last 64 KiB it printed. */
  output(): string;
  /** SIGKILL of its process group: no shutdown code runs (a crashed replica). */
  kill(): Promise<void>;
}

function databaseEnv(database: DatabaseTarget | undefined): Record<string, string> {
  if (database === undefined) return {};
  // DATABASE_URL wins over the PGlite directory: empty it, whatever the caller's environment says.
  return database.engine === "postgresql"
    ? { DATABASE_URL: database.url }
    : { GRAPHQL_PGLITE_DIR: database.dataDir, DATABASE_URL: "" };
}

/**
 * The one way tests and benchmarks start the facade as a process: in its own process group
 * (one node process with the tsx loader, so a SIGKILL reaches the server itself), logging at
 * `warn` unless LOG_LEVEL says otherwise; ready once it printed its ready line (and its dev
 * session's line when DEV_SESSION is on).
 */
export async function startFacadeProcess(options: FacadeProcessOptions): Promise<FacadeProcess> {
  const port = options.port ?? Number(options.env.GRAPHQL_PORT ?? (await freePort()));
  const devSessionOn = options.env.DEV_SESSION === "true";
  const main = await mainArgs(ENTRY, {
    ...(options.runner !== undefined && { runner: options.runner }),
    ...(options.imports !== undefined && { modules: options.imports }),
  });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...main], {
    cwd: appDir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      ...databaseEnv(options.database),
      ...options.env,
      GRAPHQL_PORT: String(port),
    },
  });
  let output = "";
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  const kill = async () => {
    if (!exited && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    await exit;
  };
  const ready = (text: string) =>
    /GraphQL ready at/.test(text) && (!devSessionOn || /Authorization: Bearer \S+/.test(text));
  const origin = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    let started = false;
    const timer =
      options.startTimeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            void kill();
            reject(
              new Error(`the facade did not start in ${options.startTimeoutMs} ms:\n${output}`),
            );
          }, options.startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL);
      if (started || !ready(output)) return;
      started = true;
      clearTimeout(timer);
      const token = /Authorization: Bearer (\S+)/.exec(output)?.[1];
      resolve({
        process: child,
        pid: child.pid ?? -1,
        origin,
        url: `${origin}/graphql`,
        devSession:
          devSessionOn && token !== undefined ? { authorization: `Bearer ${token}` } : undefined,
        output: () => output,
        kill,
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exit.then(() => {
      clearTimeout(timer);
      if (!started) reject(new Error(`the facade exited during start:\n${output}`));
    });
  });
}
