import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import type { HostRole } from "@adsgraph/models";
import type { DatabaseTarget } from "@adsgraph/storage";
import type { Env } from "../src/env.js";
import { mainArgs } from "./bundle-entry.js";
import { LOCAL_RECEIVER_HOSTS } from "./local-receivers.js";
import { requestLogAt } from "./request-log.js";
import type { RequestLogReader } from "./request-log.js";

const appDir = path.resolve(import.meta.dirname, "..");
const ENTRY = path.join(appDir, "src", "main.ts");
/** Kept of the output: enough to read why it failed, and a pipe that never fills. */
const OUTPUT_TAIL = 64 * 1024;

export interface AdsApiProcessOptions {
  /** The database (`createTestTarget(...).target`); its data outlives the process. */
  readonly database: DatabaseTarget;
  /** More settings (ADS_API_*: secret key, seed, fixed URLs...); every role binds a free port unless set. */
  readonly env?: Readonly<Record<string, string>>;
  /** Default `silent`. */
  readonly logLevel?: Env["LOG_LEVEL"];
  /** Modules the process loads first (`node --import`), e.g. a probe. */
  readonly imports?: readonly string[];
  /** More node options (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  readonly nodeArgs?: readonly string[];
  /** Default 240 s: tsx compiles the sources first, on a machine that may be busy. */
  readonly startTimeoutMs?: number;
  /**
   * `src/main.ts` bundled once per test process and run by plain `node` (`bundle`), or through
   * the tsx loader as `pnpm dev` runs it (`tsx`). Default: `bundle` under vitest, where files
   * start servers again and again; `tsx` elsewhere (benchmarks profile the sources as they are).
   */
  readonly runner?: "bundle" | "tsx";
}

/** ads-api in a process of its own (`src/main.ts` via tsx), as `pnpm start` runs it. */
export interface AdsApiProcess {
  readonly process: ChildProcess;
  readonly pid: number;
  /** The public URL of each role (the bound one unless ADS_API_LISTEN_* is set), from its ready lines. */
  readonly urls: Readonly<Record<HostRole, string>>;
  /** Where each role listens: `urls`, or with ADS_API_LISTEN_* the bound address of its own. */
  readonly listenUrls: Readonly<Record<HostRole, string>>;
  /** What this process received: its request log. */
  readonly requests: RequestLogReader;
  /** The last 64 KiB it printed (logs included). */
  output(): string;
  /** SIGKILL of its process group (no shutdown code runs); resolves once it has exited. */
  kill(): Promise<void>;
}

function databaseEnv(database: DatabaseTarget): Record<string, string> {
  // DATABASE_URL wins over the PGlite directory: empty it, whatever the caller's environment says.
  return database.engine === "postgresql"
    ? { DATABASE_URL: database.url }
    : { ADS_API_PGLITE_DIR: database.dataDir, DATABASE_URL: "" };
}

type Ready = Pick<AdsApiProcess, "urls" | "listenUrls" | "requests">;

/** One role's public URL and where it listens (` (listening on …)` when apart), once printed. */
function readyLine(output: string, role: HostRole): [string, string] | undefined {
  const match = new RegExp(`ads-api ${role} ready at (\\S+)(?: \\(listening on (\\S+)\\))?`).exec(
    output,
  );
  const url = match?.[1];
  return url === undefined ? undefined : [url, match?.[2] ?? url];
}

/** Every role's URLs, once all three ready lines are out. */
function readyUrls(output: string): Ready | undefined {
  const [base, ads, sandbox] = [
    readyLine(output, "base"),
    readyLine(output, "ads"),
    readyLine(output, "ads-sandbox"),
  ];
  if (base === undefined || ads === undefined || sandbox === undefined) return undefined;
  return {
    urls: { base: base[0], ads: ads[0], "ads-sandbox": sandbox[0] },
    listenUrls: { base: base[1], ads: ads[1], "ads-sandbox": sandbox[1] },
    requests: requestLogAt(base[1]),
  };
}

/**
 * Starts ads-api in its own process group (one node process with the tsx loader, so a SIGKILL
 * reaches the server itself) and waits for the ready lines of its three roles.
 */
export async function startAdsApiProcess(options: AdsApiProcessOptions): Promise<AdsApiProcess> {
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
      ADS_API_BASE_URL: "http://127.0.0.1:0",
      ADS_API_ADS_URL: "http://127.0.0.1:0",
      ADS_API_SANDBOX_URL: "http://127.0.0.1:0",
      LOG_LEVEL: options.logLevel ?? "silent",
      // ads-api refuses loopback webhook hosts in production (the benches' default NODE_ENV).
      ...((options.env?.NODE_ENV ?? process.env.NODE_ENV) !== "production" && {
        ADS_API_WEBHOOK_ALLOW_HOSTS: LOCAL_RECEIVER_HOSTS.join(","),
      }),
      ...databaseEnv(options.database),
      ...options.env,
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
  // A safety net, not a speed check: a loaded 2-core machine took over 60 s to start one.
  const startTimeoutMs = options.startTimeoutMs ?? 240_000;
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`ads-api did not start in ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL);
      const ready = started ? undefined : readyUrls(output);
      if (ready === undefined) return;
      started = true;
      clearTimeout(timer);
      resolve({ process: child, pid: child.pid ?? -1, ...ready, output: () => output, kill });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exit.then(() => {
      clearTimeout(timer);
      if (!started) reject(new Error(`ads-api exited during start:\n${output}`));
    });
  });
}
