import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  DEMO,
  openDatabase as openAdsApiDatabase,
  seedBench,
  seedDemo,
  type Database as AdsApiDatabase,
} from "@adsgraph/ads-api";
import { bundleEntry, freePort, startAdsApiProcess } from "@adsgraph/ads-api/testing";
import { startFacadeProcess } from "@adsgraph/graphql/testing";
import {
  createSecretBox,
  createTestTarget,
  generateKeyText,
  parseKeyring,
  type DatabaseTarget,
  type TestTarget,
} from "@adsgraph/storage";
import { childOf, spawnChild, type Child } from "./children.js";
import type { Watched } from "./proc-stats.js";
import { envNumber } from "./report.js";
import type { Facade } from "./servers.js";

const BENCH = path.resolve(import.meta.dirname, "..");
const GC_PROBE = path.join(import.meta.dirname, "gc-probe.ts");
const MEMORY_PROBE = path.join(import.meta.dirname, "memory-probe.ts");

/** Raised far past what a run sends: a 429 must never count (the runs send tens of thousands). */
const UNTHROTTLED_ENV = {
  ADS_API_RATE_LIMIT: "100000000",
  ADS_API_ACCOUNT_RATE_LIMIT: "100000000",
  ADS_API_TOTAL_COUNT_LIMIT: "100000000",
  ADS_API_OAUTH_RATE_LIMIT: "100000000",
  // Every signed request spends a nonce, held for the timestamp window (300 s).
  ADS_API_NONCES_PER_CLIENT: "100000000",
  ADS_API_NONCES_MAX: "100000000",
};

/** Settings every child gets: the same NODE_ENV (graphql-js checks) and log level for all. */
export interface ChildSettings {
  /** NODE_ENV of every server process ("" leaves it unset). */
  nodeEnv: string;
  /** LOG_LEVEL of ads-api and the facade (as `pnpm start`: info). */
  logLevel: string;
  /** Node flags of every server process (as the facade's start scripts: 32 MB semi-spaces). */
  nodeFlags: readonly string[];
  /** More node options of a child, by its name (e.g. --cpu-prof for profile.ts). */
  nodeArgs?: (name: string) => readonly string[];
  /**
   * How servers run their TypeScript: through the tsx loader (default, what profiles read), or
   * bundled once by esbuild and run as JavaScript (the memory scenario: no loader's copies of
   * transformed sources in the heap, as a built server; tsx still loads the probes).
   */
  runner?: "tsx" | "bundle";
  startTimeoutMs: number;
}

/**
 * The child settings of the `BENCH_*` environment: every server alike (the plain one too), as
 * apps/graphql's start scripts run the facade.
 */
export function childSettingsFromEnv(): ChildSettings {
  return {
    nodeEnv: process.env.BENCH_NODE_ENV ?? "production",
    nodeFlags: (process.env.BENCH_NODE_FLAGS ?? "--max-semi-space-size=32")
      .split(" ")
      .filter((flag) => flag !== ""),
    logLevel: process.env.BENCH_LOG_LEVEL ?? "info",
    startTimeoutMs: envNumber("BENCH_START_TIMEOUT_SECONDS", 300) * 1000,
  };
}

/** A server child the bench measures: its CPU from /proc, its GC from gc-probe.ts. */
export type Server = Child & Watched & { gcFile: string };

/**
 * Drops a test database, and the lock file PGlite leaves beside its directory when its process
 * is killed (every child here ends with SIGKILL).
 */
async function drop(target: TestTarget): Promise<void> {
  await target.drop();
  if (target.target.engine === "pglite") await rm(`${target.target.dataDir}.lock`, { force: true });
}

/** The run's temporary directory (probe files, captured answers), removed on close. */
export async function makeWorkDir(): Promise<{ dir: string; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-throughput-"));
  return { dir, close: () => rm(dir, { recursive: true, force: true }) };
}

/** How every bench server process starts: its environment, probes, flags and timeout. */
interface ChildStart {
  readonly env: Record<string, string>;
  readonly imports: readonly string[];
  readonly nodeArgs: readonly string[];
  readonly startTimeoutMs: number;
}

/**
 * What every bench server gets: the same NODE_ENV and node flags, the GC probe with a file of
 * its own, and the start timeout; the memory probe too when its env names a BENCH_MEMORY_FILE.
 */
function childStart(
  settings: ChildSettings,
  workDir: string,
  name: string,
  env: Record<string, string>,
): { gcFile: string; start: ChildStart } {
  const gcFile = path.join(workDir, `${name}-${Date.now()}.gc.json`);
  const start = {
    env: { NODE_ENV: settings.nodeEnv, BENCH_GC_FILE: gcFile, ...env },
    imports: env.BENCH_MEMORY_FILE === undefined ? [GC_PROBE] : [GC_PROBE, MEMORY_PROBE],
    nodeArgs: [...settings.nodeFlags, ...(settings.nodeArgs?.(name) ?? [])],
    startTimeoutMs: settings.startTimeoutMs,
  };
  return { gcFile, start };
}

export interface BenchAccountSpec {
  accountId: string;
  campaigns: number;
}

export type AdsApiServer = Server & {
  urls: { base: string; ads: string; sandbox: string };
  /** SIGTERM, then SIGKILL if it has not exited in `graceMs` (a profile is written on exit). */
  stop(graceMs: number): Promise<void>;
  /** Kills it and drops its database. */
  close(): Promise<void>;
};

/** More of what a bench writes before ads-api starts, and settings of its own. */
export interface AdsApiExtras {
  /** Writes more data (users...) over the demo data, before the process opens the database. */
  seed?: (db: AdsApiDatabase) => Promise<void>;
  env?: Record<string, string>;
}

/**
 * ads-api in a process of its own over a database of its own (dropped on close), with the demo
 * data and one bench account per spec (a funding instrument per 10 campaigns), limits raised.
 */
export async function startAdsApiServer(
  engine: DatabaseTarget["engine"],
  accounts: readonly BenchAccountSpec[],
  settings: ChildSettings,
  workDir: string,
  extras: AdsApiExtras = {},
): Promise<AdsApiServer> {
  const target = await createTestTarget(engine, "bench_throughput_ads_api");
  try {
    const secretKey = generateKeyText();
    const db = await openAdsApiDatabase(target.target);
    try {
      await seedDemo(db.prisma, createSecretBox(parseKeyring(secretKey)));
      for (const account of accounts) {
        await seedBench(db.prisma, {
          accountId: account.accountId,
          campaigns: account.campaigns,
          fundingInstruments: Math.max(1, Math.ceil(account.campaigns / 10)),
          cards: 0,
          // Its own seed per size (the generator's media key comes from it): the same rows on
          // every engine and run, and no two accounts with one key.
          seed: account.campaigns,
          grantUserIds: [DEMO.user.id],
        });
      }
      await extras.seed?.(db);
    } finally {
      await db.close();
    }
    // profile.ts gives it node options of its own (--cpu-prof) by its name.
    const { gcFile, start } = childStart(settings, workDir, `ads-api-${engine}`, {
      LOG_LEVEL: settings.logLevel,
      ADS_API_SECRET_KEY: secretKey,
      ADS_API_SEED: "false",
      ...UNTHROTTLED_ENV,
      ...extras.env,
    });
    const started = await startAdsApiProcess({
      database: target.target,
      ...start,
      ...(settings.runner !== undefined && { runner: settings.runner }),
    });
    const child = { ...childOf("ads-api", started, start.env.BENCH_MEMORY_FILE), gcFile };
    return {
      ...child,
      urls: {
        base: started.urls.base,
        ads: started.urls.ads,
        sandbox: started.urls["ads-sandbox"],
      },
      stop: (graceMs) => stopChild(child, graceMs),
      close: async () => {
        await child.kill();
        await drop(target);
      },
    };
  } catch (error) {
    await drop(target);
    throw error;
  }
}

export type FacadeServer = Server &
  Facade & {
    stop(graceMs: number): Promise<void>;
    /** Kills it and drops its database. */
    close(): Promise<void>;
  };

/** Sends SIGTERM to a child's process, then SIGKILL if it has not gone in `graceMs`. */
async function stopChild(child: Child, graceMs: number): Promise<void> {
  try {
    process.kill(child.pid, "SIGTERM");
  } catch {
    return; // Already gone.
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    try {
      process.kill(child.pid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await child.kill();
}

/**
 * The facade from its sources in a process of its own over a database of its own (dropped on
 * close), in front of `adsApi`, signed in as the demo user through its DEV_SESSION.
 */
export async function startFacadeServer(
  name: string,
  engine: DatabaseTarget["engine"],
  adsApi: AdsApiServer,
  env: Record<string, string>,
  settings: ChildSettings,
  workDir: string,
): Promise<FacadeServer> {
  const target = await createTestTarget(engine, "bench_throughput_facade");
  try {
    const { gcFile, start } = childStart(settings, workDir, name, {
      SESSION_ENCRYPTION_KEYS: generateKeyText(),
      DEV_SESSION: "true",
      ADS_API_BASE_URL: adsApi.urls.base,
      ADS_API_ADS_URL: adsApi.urls.ads,
      ADS_API_SANDBOX_URL: adsApi.urls.sandbox,
      LOG_LEVEL: settings.logLevel,
      ...env,
    });
    const started = await startFacadeProcess({
      database: target.target,
      ...start,
      ...(settings.runner !== undefined && { runner: settings.runner }),
    });
    const child = { ...childOf(name, started, start.env.BENCH_MEMORY_FILE), gcFile };
    return {
      ...child,
      url: started.url,
      headers: { ...started.devSession },
      stop: (graceMs) => stopChild(child, graceMs),
      close: async () => {
        await child.kill();
        await drop(target);
      },
    };
  } catch (error) {
    await drop(target);
    throw error;
  }
}

/** A baseline server of the bench (plain-server.ts, bare-fastify.ts) in a process of its own. */
export async function startBaselineServer(
  name: string,
  script: "src/plain-server.ts" | "src/bare-fastify.ts",
  env: Record<string, string>,
  settings: ChildSettings,
  workDir: string,
): Promise<Server & { url: string }> {
  const { gcFile, start } = childStart(settings, workDir, name, {
    BENCH_PORT: String(await freePort()),
    ...env,
  });
  const child = await spawnChild({
    name,
    cwd: BENCH,
    script: settings.runner === "bundle" ? await bundleEntry(path.join(BENCH, script)) : script,
    ...start,
    ready: (output) => / ready at \S+/.test(output),
  });
  const url = / ready at (\S+)/.exec(child.output())?.[1] ?? "";
  return { ...child, gcFile, url };
}
