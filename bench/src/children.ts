import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  DEMO,
  openDatabase as openAdsApiDatabase,
  seedBench,
  seedDemo,
  type BenchOptions,
} from "@adsgraph/ads-api";
import { type AdsApiProcess, freePort, startAdsApiProcess } from "@adsgraph/ads-api/testing";
import { startFacadeProcess } from "@adsgraph/graphql/testing";
import {
  createSecretBox,
  createTestTarget,
  generateKeyText,
  parseKeyring,
  type DatabaseTarget,
} from "@adsgraph/storage";
import type { Facade } from "./servers.js";

/** Kept of each child's output after start: enough to read why it failed. */
const OUTPUT_TAIL = 64 * 1024;
const MEMORY_PROBE = path.join(import.meta.dirname, "memory-probe.ts");

/** process.memoryUsage() of a child, as its memory probe last wrote it. */
export interface ProcessMemory {
  /** When it was taken (ms since the epoch). */
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8 heap in use just after the last full collection (live objects); null before one. */
  liveAfterMajorGc: number | null;
  /** Active handles and requests of its event loop, by kind (absent from older probes). */
  resources?: Record<string, number>;
}

/** A server in a process of its own (its RSS, its event loop), from its sources via tsx. */
export interface Child {
  readonly name: string;
  readonly pid: number;
  /** The last lines it printed (logs included). */
  output(): string;
  /** Its own process.memoryUsage(), at most a second old; null without `memoryProbe`. */
  memoryUsage(): Promise<ProcessMemory | null>;
  /** SIGKILL of its process group; resolves when it has exited. */
  kill(): Promise<void>;
}

/** Its own process.memoryUsage(), as the probe last wrote it to `file`. */
async function readMemory(file: string | undefined): Promise<ProcessMemory | null> {
  return file === undefined ? null : (JSON.parse(await readFile(file, "utf8")) as ProcessMemory);
}

/** A server the test kits started in a process of its own, as a child of the bench. */
export function childOf(
  name: string,
  started: { readonly pid: number; output(): string; kill(): Promise<void> },
  /** Where its memory probe writes (BENCH_MEMORY_FILE), if it has one. */
  memoryFile?: string,
): Child {
  return {
    name,
    pid: started.pid,
    output: () => started.output(),
    memoryUsage: () => readMemory(memoryFile),
    kill: () => started.kill(),
  };
}

export interface SpawnOptions {
  name: string;
  /** Directory the script's path is relative to (its package). */
  cwd: string;
  /** The entry, run from its sources via tsx. */
  script: string;
  env: Record<string, string>;
  /** True once the output says it is ready. */
  ready: (output: string) => boolean;
  startTimeoutMs: number;
  /** Modules it loads first (`node --import`), e.g. a probe. */
  imports?: readonly string[];
  /** More node options (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: readonly string[];
}

/** A server from its sources in a process group of its own, ready once its output says so. */
export function spawnChild(options: SpawnOptions): Promise<Child> {
  const { name, startTimeoutMs } = options;
  const imports = (options.imports ?? []).flatMap((module) => ["--import", module]);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      "--import",
      "tsx",
      ...imports,
      "--conditions=source",
      options.script,
    ],
    {
      cwd: options.cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...options.env },
    },
  );
  let output = "";
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  // Logs keep coming for the whole run: keep only the tail, or the pipe would fill and block it.
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const memoryFile = options.env.BENCH_MEMORY_FILE;
  const handle: Child = {
    name,
    pid: child.pid ?? -1,
    output: () => output,
    memoryUsage: () => readMemory(memoryFile),
    kill: async () => {
      if (!exited && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      await exit;
    },
  };
  return new Promise((resolve, reject) => {
    // Generous: tsx compiles the sources on a machine that may be busy with other work.
    const timer = setTimeout(() => {
      void handle.kill();
      reject(new Error(`${name} did not start in ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const check = () => {
      if (options.ready(output)) {
        clearTimeout(timer);
        resolve(handle);
      }
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited during start:\n${output}`));
    });
  });
}

/** Resident set size of a process in bytes (Linux: /proc/<pid>/status VmRSS). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/**
 * Resident bytes of the process's brk heap (`[heap]` in /proc/<pid>/smaps): the main malloc
 * arena, where native allocations of the main thread (Node's C++ objects, OpenSSL, zlib) live.
 */
export async function brkHeapBytes(pid: number): Promise<number> {
  const smaps = await readFile(`/proc/${pid}/smaps`, "utf8");
  const at = smaps.indexOf(" [heap]\n");
  if (at < 0) return 0;
  const kb = /^Rss:\s+(\d+) kB$/m.exec(smaps.slice(at))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** V8 reserves 8 GiB or more of address space for each WebAssembly memory (guards included). */
const WASM_RESERVATION = 8 * 1024 ** 3;

/**
 * Resident bytes of a process's WebAssembly memories (PGlite's PostgreSQL runs in one), from
 * /proc/<pid>/smaps: each is an accessible mapping directly followed by an inaccessible guard
 * (`---p`), the two together spanning 8 GiB or more. process.memoryUsage() counts them in
 * `external` without telling them apart.
 */
export async function wasmRssBytes(pid: number): Promise<number> {
  const smaps = await readFile(`/proc/${pid}/smaps`, "utf8");
  let previous = { start: 0, end: 0, rssKb: 0 };
  let current = previous;
  let kb = 0;
  for (const line of smaps.split("\n")) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range !== null) {
      previous = current;
      current = {
        start: Number.parseInt(range[1] ?? "0", 16),
        end: Number.parseInt(range[2] ?? "0", 16),
        rssKb: 0,
      };
      const guard = range[3] === "---p" && current.start === previous.end;
      if (guard && current.end - previous.start >= WASM_RESERVATION) kb += previous.rssKb;
    } else if (line.startsWith("Rss:")) {
      current.rssKb = Number(/\d+/.exec(line)?.[0] ?? 0);
    }
  }
  return kb * 1024;
}

export interface ChildServersOptions {
  engine: DatabaseTarget["engine"];
  /** Extra bench data (the demo data set is always there). */
  bench?: Omit<BenchOptions, "grantUserIds" | "seed">;
  /** Extra environment of each app (LOG_LEVEL is `info`, the default, unless set). */
  adsApiEnv?: Record<string, string>;
  facadeEnv?: Record<string, string>;
  startTimeoutMs?: number;
  /** Load memory-probe.ts into each process, for `Child.memoryUsage()`. */
  memoryProbe?: boolean;
  /** More node options of each process (e.g. --expose-gc, for the probe's heap snapshots). */
  adsApiNodeArgs?: readonly string[];
  facadeNodeArgs?: readonly string[];
}

export interface ChildServers {
  adsApi: Child & { urls: { base: string; ads: string; sandbox: string } };
  facade: Child & Facade;
  /** Kills both and starts them again on the same data (after a request that would not end). */
  restart(): Promise<void>;
  close(): Promise<void>;
  /** Where each process's memory probe writes (with `memoryProbe`). */
  memoryFiles: { adsApi: string | undefined; facade: string | undefined };
}

/**
 * ads-api and the facade each in a process of its own, as `pnpm start` runs them (sources via
 * tsx, logs at `info`): the data is seeded here first (demo, plus `bench` when given), then the
 * facade signs in the demo user with its DEV_SESSION.
 */
export async function startChildServers(options: ChildServersOptions): Promise<ChildServers> {
  const startTimeoutMs = options.startTimeoutMs ?? 300_000;
  const adsTarget = await createTestTarget(options.engine, "bench_child_ads_api");
  const facadeTarget = await createTestTarget(options.engine, "bench_child_facade");
  const secretKey = generateKeyText();
  const db = await openAdsApiDatabase(adsTarget.target);
  try {
    await seedDemo(db.prisma, createSecretBox(parseKeyring(secretKey)));
    if (options.bench !== undefined) {
      await seedBench(db.prisma, { ...options.bench, seed: 1, grantUserIds: [DEMO.user.id] });
    }
  } finally {
    await db.close();
  }
  const sessionKeys = generateKeyText();
  const port = await freePort();
  const probeDir = options.memoryProbe
    ? await mkdtemp(path.join(os.tmpdir(), "bench-memory-"))
    : undefined;
  const memoryFile = (name: string) => probeDir && path.join(probeDir, `${name}.json`);

  const startBoth = async () => {
    const adsApiMemory = memoryFile("ads-api");
    const adsApi: AdsApiProcess = await startAdsApiProcess({
      database: adsTarget.target,
      env: {
        ADS_API_SECRET_KEY: secretKey,
        ADS_API_SEED: "false",
        ...(adsApiMemory && { BENCH_MEMORY_FILE: adsApiMemory }),
        ...options.adsApiEnv,
      },
      logLevel: "info",
      imports: adsApiMemory === undefined ? [] : [MEMORY_PROBE],
      nodeArgs: options.adsApiNodeArgs ?? [],
      startTimeoutMs,
    });
    const urls = {
      base: adsApi.urls.base,
      ads: adsApi.urls.ads,
      sandbox: adsApi.urls["ads-sandbox"],
    };
    const facadeMemory = memoryFile("facade");
    const facade = await startFacadeProcess({
      env: {
        SESSION_ENCRYPTION_KEYS: sessionKeys,
        DEV_SESSION: "true",
        ADS_API_BASE_URL: urls.base,
        ADS_API_ADS_URL: urls.ads,
        ADS_API_SANDBOX_URL: urls.sandbox,
        LOG_LEVEL: "info",
        ...(facadeMemory && { BENCH_MEMORY_FILE: facadeMemory }),
        ...options.facadeEnv,
      },
      database: facadeTarget.target,
      port,
      startTimeoutMs,
      imports: facadeMemory === undefined ? [] : [MEMORY_PROBE],
      nodeArgs: options.facadeNodeArgs ?? [],
    });
    return {
      adsApi: { ...childOf("ads-api", adsApi, adsApiMemory), urls },
      facade: {
        ...childOf("facade", facade, facadeMemory),
        url: facade.url,
        headers: { ...facade.devSession },
      },
    };
  };

  let current = await startBoth();
  const stop = async () => {
    await current.facade.kill();
    await current.adsApi.kill();
  };
  return {
    get adsApi() {
      return current.adsApi;
    },
    get facade() {
      return current.facade;
    },
    memoryFiles: { adsApi: memoryFile("ads-api"), facade: memoryFile("facade") },
    restart: async () => {
      await stop();
      current = await startBoth();
    },
    close: async () => {
      await stop();
      await adsTarget.drop();
      await facadeTarget.drop();
      if (probeDir !== undefined) await rm(probeDir, { recursive: true, force: true });
    },
  };
}
