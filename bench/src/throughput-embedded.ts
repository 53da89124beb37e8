// The `embedded` scenario of bench:throughput (issue 37): the resident memory of the embedded
// default as `pnpm start` runs it — ads-api and the facade, each over its own PGlite with the
// demo data — on a first start (empty data directories) and on a restart of the same
// directories. Both start together, as turbo starts them, with each app's own `start` script
// (its node flags, its built dist/main.js; built first through turbo, as `pnpm start` does), the
// caller's environment without the settings a bench or a shell might add (NODE_ENV, LOG_LEVEL,
// DATABASE_URL, OTEL_*), and only the data directories, key files and ports moved to the run's
// own (so that nothing of the developer's `.data` is touched and other servers' ports are not).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "@adsgraph/ads-api/testing";
import { Closers } from "./servers.js";
import { roundMb, treeMemory, type TreeMemory } from "./proc-memory.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const APPS = {
  "ads-api": { dir: path.join(ROOT, "apps", "ads-api"), ready: /ads-api ads-sandbox ready at/ },
  facade: { dir: path.join(ROOT, "apps", "graphql"), ready: /GraphQL ready at/ },
} as const;
type App = keyof typeof APPS;
const POLL_MS = 100;
/** What a developer's shell or the bench may have set that `pnpm start` would not see. */
const DROPPED = /^(NODE_ENV|LOG_LEVEL|DATABASE_URL|REDIS_URL|OTEL_.*|BENCH_.*|NODE_OPTIONS)$/;

export interface EmbeddedKnobs {
  /** Build with turbo first, as `pnpm start` does (false: use dist as it is). */
  build: boolean;
}

/** One app's memory over one start. */
export interface EmbeddedApp {
  command: string;
  /** Its process tree at the first poll after its ready line. */
  atReady: TreeMemory;
  /** Its tree RSS at the first poll when both apps were ready. */
  atBothReadyMb: number;
  /** The highest tree RSS polled during the start (every 100 ms). */
  peakTreeRssMb: number;
  /** The most processes its tree had at one poll (PGlite may initialise in a child). */
  peakProcesses: number;
  readySeconds: number;
}

export interface EmbeddedStart {
  start: "first" | "restart";
  apps: Record<App, EmbeddedApp>;
  /** Each app's tree RSS at its own ready line, summed. */
  sumAtOwnReadyMb: number;
  /** Both trees summed at the first poll when both were ready. */
  sumAtBothReadyMb: number;
  /** The goal's figure: the larger of the two sums. */
  sumAtReadyMb: number;
  /** The highest sum of both trees polled during the start. */
  peakSumMb: number;
}

export interface EmbeddedReport {
  method: string;
  build: string;
  starts: EmbeddedStart[];
}

/** An app's `start` script as arguments of node (`node --flag dist/main.js` → [--flag, dist/main.js]). */
async function startArgs(dir: string): Promise<{ command: string; args: string[] }> {
  const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const command = pkg.scripts?.start ?? "";
  const [node, ...args] = command.split(" ").filter((part) => part !== "");
  if (node !== "node" || args.length === 0)
    throw new Error(`${dir}: its start script is not "node …" (${command}); update the bench`);
  return { command, args };
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} exited ${String(code)}:\n${output}`));
    });
  });
}

interface Running {
  app: App;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function startApp(app: App, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, args, {
    cwd: APPS[app].dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-64 * 1024);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
  return { app, child, output: () => output, exited };
}

/** SIGTERM (each app drains and closes its database), SIGKILL of the group past `graceMs`. */
async function stop(running: Running, graceMs: number): Promise<void> {
  const { pid } = running.child;
  if (pid === undefined) return;
  if (!gone(running)) {
    running.child.kill("SIGTERM");
    await Promise.race([running.exited, sleep(graceMs)]);
  }
  // Whatever is left of its group (the process itself past the grace, a child it spawned).
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Nothing left.
  }
  await running.exited;
}

const gone = (running: Running) =>
  running.child.exitCode !== null || running.child.signalCode !== null;

/** Both apps started together; polled until both are ready; stopped again. */
async function oneStart(
  start: EmbeddedStart["start"],
  commands: Record<App, { command: string; args: string[] }>,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  log: (line: string) => void,
  closers: Closers,
): Promise<EmbeddedStart> {
  const begun = Date.now();
  const running = (["ads-api", "facade"] as const).map((app) =>
    startApp(app, commands[app].args, env),
  );
  for (const r of running) closers.push(() => stop(r, 0));
  const state = new Map<
    App,
    { atReady?: TreeMemory; readyAt?: number; last: number; peak: number; n: number }
  >(running.map((r) => [r.app, { last: 0, peak: 0, n: 0 }]));
  let peakSum = 0;
  let sumAtReady: number | undefined;
  try {
    while (sumAtReady === undefined) {
      if (Date.now() - begun > timeoutMs)
        throw new Error(
          `the embedded default did not start in ${timeoutMs} ms:\n` +
            running.map((r) => `${r.app}: ${r.output().slice(-2000)}`).join("\n"),
        );
      let sum = 0;
      for (const r of running) {
        const pid = r.child.pid ?? -1;
        if (gone(r)) throw new Error(`${r.app} exited during start:\n${r.output().slice(-3000)}`);
        const memory = await treeMemory(pid).catch(() => undefined);
        const s = state.get(r.app);
        if (memory === undefined || s === undefined) continue;
        sum += memory.treeRssMb;
        s.last = memory.treeRssMb;
        s.peak = Math.max(s.peak, memory.treeRssMb);
        s.n = Math.max(s.n, memory.processes);
        if (s.atReady === undefined && APPS[r.app].ready.test(r.output())) {
          s.atReady = memory;
          s.readyAt = Date.now();
        }
      }
      peakSum = Math.max(peakSum, sum);
      if ([...state.values()].every((s) => s.atReady !== undefined)) sumAtReady = sum;
      else await sleep(POLL_MS);
    }
  } finally {
    for (const r of running) await stop(r, 30_000);
  }
  const apps = {} as Record<App, EmbeddedApp>;
  for (const r of running) {
    const s = state.get(r.app);
    if (s?.atReady === undefined) throw new Error(`${r.app}: no ready sample`);
    apps[r.app] = {
      command: `cd ${path.relative(ROOT, APPS[r.app].dir)} && ${commands[r.app].command}`,
      atReady: {
        rssMb: roundMb(s.atReady.rssMb),
        hwmMb: roundMb(s.atReady.hwmMb),
        treeRssMb: roundMb(s.atReady.treeRssMb),
        processes: s.atReady.processes,
      },
      peakTreeRssMb: roundMb(s.peak),
      atBothReadyMb: roundMb(s.last),
      peakProcesses: s.n,
      readySeconds: Math.round(((s.readyAt ?? begun) - begun) / 100) / 10,
    };
  }
  const sumAtOwnReady = apps["ads-api"].atReady.treeRssMb + apps.facade.atReady.treeRssMb;
  const result = {
    start,
    apps,
    sumAtOwnReadyMb: roundMb(sumAtOwnReady),
    sumAtBothReadyMb: roundMb(sumAtReady),
    sumAtReadyMb: roundMb(Math.max(sumAtOwnReady, sumAtReady)),
    peakSumMb: roundMb(peakSum),
  };
  log(
    `  embedded ${start} start: ads-api ${apps["ads-api"].atReady.treeRssMb} MB + facade ` +
      `${apps.facade.atReady.treeRssMb} MB at their ready lines, ${result.sumAtBothReadyMb} MB when ` +
      `both were (peak ${result.peakSumMb} MB)`,
  );
  return result;
}

export const embeddedMethod =
  "As `pnpm start` runs it (turbo `start` of apps/ads-api and apps/graphql after their build): " +
  "both apps started together with their own `start` scripts (node flags and dist/main.js, read " +
  "from each package.json), over PGlite in empty data directories of the run (first start: " +
  "initdb, migrations, the demo seed), then stopped with SIGTERM and started again on the same " +
  "directories (restart). The environment is the bench's without NODE_ENV, LOG_LEVEL, " +
  "DATABASE_URL, REDIS_URL, NODE_OPTIONS, OTEL_* and BENCH_*; only the data directories, key " +
  "files and ports are the run's own. Every 100 ms each app's process tree is read " +
  "(/proc/<pid>/status VmRSS of the process and every live descendant, VmHWM of the process); " +
  "at ready: the first poll after its ready line. The goal's figure is the larger of two sums: " +
  "each tree at its own ready line, and both trees at the first poll when both were ready. Peak: the highest polled sum (a short-lived child between " +
  "two polls can be missed; VmHWM covers the main processes).";

/** The embedded default's first start and restart; every process is stopped before it returns. */
export async function runEmbedded(
  knobs: EmbeddedKnobs,
  workDir: string,
  timeoutMs: number,
  log: (line: string) => void,
  /** Where its processes' closers go (the caller's, for its Ctrl-C). */
  closers: Closers = new Closers(),
): Promise<EmbeddedReport> {
  let build = "skipped (BENCH_EMBEDDED_BUILD=false): dist as it was";
  if (knobs.build) {
    log("embedded: building ads-api and the facade (turbo, as `pnpm start`)");
    const args = [
      "-y",
      "pnpm@10.34.9",
      "exec",
      "turbo",
      "run",
      "build",
      "--filter=@adsgraph/ads-api",
      "--filter=@adsgraph/graphql",
      "--output-logs=errors-only",
    ];
    const output = await run("npx", args, ROOT, 15 * 60_000);
    build = `npx ${args.join(" ")}: ${/Cached:\s+.*/.exec(output)?.[0] ?? "done"}`;
  }
  const commands = {
    "ads-api": await startArgs(APPS["ads-api"].dir),
    facade: await startArgs(APPS.facade.dir),
  };
  const data = path.join(workDir, "embedded");
  await mkdir(data, { recursive: true });
  const [base, ads, sandbox, graphql] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !DROPPED.test(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ADS_API_PGLITE_DIR: path.join(data, "ads-api", "pglite"),
    ADS_API_SECRET_KEY_FILE: path.join(data, "ads-api", "secret.key"),
    GRAPHQL_PGLITE_DIR: path.join(data, "graphql", "pglite"),
    SESSION_ENCRYPTION_KEYS_FILE: path.join(data, "graphql", "session-keys"),
    ADS_API_BASE_URL: `http://127.0.0.1:${base}`,
    ADS_API_ADS_URL: `http://127.0.0.1:${ads}`,
    ADS_API_SANDBOX_URL: `http://127.0.0.1:${sandbox}`,
    GRAPHQL_PORT: String(graphql),
  };
  const starts: EmbeddedStart[] = [];
  for (const start of ["first", "restart"] as const) {
    log(`embedded: ${start} start`);
    starts.push(await oneStart(start, commands, env, timeoutMs, log, closers));
  }
  return { method: embeddedMethod, build, starts };
}
