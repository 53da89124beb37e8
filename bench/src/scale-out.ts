// Throughput of 1, 2 and 4 facade replicas in shared mode (issue 19, docs/benchmarks.md): one
// ads-api, N facade processes on one PostgreSQL database and one Redis, each answering a
// snapshot-fresh query (a 20-campaign account with funding instruments, no upstream request).
// The same total of connections is spread evenly over the replicas in use; configurations
// alternate round by round (1, 2, 4, then 2, 4, 1, ...) so the machine's noise falls on all of
// them; the 1-replica run beside them is the baseline of the scaling ratio.
// Writes bench/results/<BENCH_OUT>.{json,md}.
//
// Settings (environment):
//   BENCH_REPLICAS          configurations, comma-separated (default 1,2,4)
//   BENCH_ROUNDS            rounds of each configuration (default 3)
//   BENCH_ROUND_SECONDS     seconds of each round (default 8)
//   BENCH_WARMUP_SECONDS    unmeasured load on every replica first (default 3)
//   BENCH_CONNECTIONS       connections in all, split over the replicas in use (default 16)
//   BENCH_NODE_ENV, BENCH_NODE_FLAGS, BENCH_LOG_LEVEL, BENCH_START_TIMEOUT_SECONDS: as throughput
//   BENCH_OUT               results name under bench/results (default scale-out)
//   TEST_DATABASE_URL, TEST_REDIS_URL: PostgreSQL and Redis (defaults: the local servers)
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFacadeProcess } from "@adsgraph/graphql/testing";
import {
  createTestTarget,
  deletePrefixed,
  generateKeyText,
  TEST_REDIS_URL,
  type TestTarget,
} from "@adsgraph/storage";
import { childOf, type Child } from "./children.js";
import { load, type LoadRequest, type LoadResult } from "./load.js";
import { CAMPAIGNS_WITH_FUNDING } from "./plain-data.js";
import { cpuMs } from "./proc-stats.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { childSettingsFromEnv, makeWorkDir, startAdsApiServer } from "./throughput-servers.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const ACCOUNT = "bench20";
const out = process.env.BENCH_OUT ?? "scale-out";
const configurations = (process.env.BENCH_REPLICAS ?? "1,2,4")
  .split(",")
  .map((text) => Number(text.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const rounds = envNumber("BENCH_ROUNDS", 3);
const seconds = envNumber("BENCH_ROUND_SECONDS", 8);
const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 3);
const connections = envNumber("BENCH_CONNECTIONS", 16);
const settings = childSettingsFromEnv();
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

interface Replica {
  child: Child;
  origin: string;
}

interface RoundResult {
  replicas: number;
  round: number;
  /** CPU the machine gave, in cores: the facades' processes and this one (the load generator). */
  facadeCores: number;
  loadGeneratorCores: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const maxReplicas = Math.max(...configurations);
const host = machine();
const started = timestamp();
const work = await makeWorkDir();
const closers: Array<() => Promise<void>> = [];
let closing: Promise<void> | undefined;
const shutdown = () => {
  closing ??= (async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await work.close();
  })();
  return closing;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void shutdown().then(() => process.exit(130));
  });
}

try {
  log(`starting ads-api (PGlite, one account of 20 campaigns)`);
  const adsApi = await startAdsApiServer(
    "pglite",
    [{ accountId: ACCOUNT, campaigns: 20 }],
    settings,
    work.dir,
  );
  closers.push(() => adsApi.close());
  const facadeDb: TestTarget = await createTestTarget("postgresql", "bench_scale_out_facade");
  closers.push(() => facadeDb.drop());
  if (facadeDb.target.engine !== "postgresql") throw new Error("shared mode needs PostgreSQL");
  const redisPrefix = `bench-scale-out:${randomUUID().slice(0, 8)}:`;
  closers.push(() => deletePrefixed(TEST_REDIS_URL, redisPrefix));
  const sessionKeys = generateKeyText();

  // One after another: the first migrates the database and opens the dev session all share.
  const replicas: Replica[] = [];
  let authorization = "";
  for (let index = 0; index < maxReplicas; index += 1) {
    log(`starting facade replica ${String(index + 1)} of ${String(maxReplicas)}`);
    const started = await startFacadeProcess({
      env: {
        NODE_ENV: settings.nodeEnv,
        SESSION_ENCRYPTION_KEYS: sessionKeys,
        DEV_SESSION: index === 0 ? "true" : "false",
        ADS_API_BASE_URL: adsApi.urls.base,
        ADS_API_ADS_URL: adsApi.urls.ads,
        ADS_API_SANDBOX_URL: adsApi.urls.sandbox,
        LOG_LEVEL: settings.logLevel,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: redisPrefix,
        UPSTREAM_STATS: "true",
      },
      database: facadeDb.target,
      startTimeoutMs: settings.startTimeoutMs,
      nodeArgs: settings.nodeFlags,
    });
    const child = childOf(`facade-${String(index + 1)}`, started);
    closers.push(() => child.kill());
    if (index === 0) {
      authorization = started.devSession?.authorization ?? "";
      if (authorization === "") throw new Error("the first replica printed no dev session");
    }
    replicas.push({ child, origin: started.origin });
  }

  const body = JSON.stringify({
    query: CAMPAIGNS_WITH_FUNDING,
    variables: { id: ACCOUNT, after: null },
  });
  const headers = { "content-type": "application/json", authorization };
  const requests: LoadRequest[] = [{ method: "POST", path: "/graphql", headers, body }];

  // Every replica answers the query, then answers it from fresh snapshots (no upstream request).
  for (const replica of replicas) await expectFresh(replica, headers, body);

  log(`warm-up: ${String(warmupSeconds)} s on every replica`);
  await Promise.all(
    replicas.map((replica) =>
      load(replica.origin, requests, Math.max(1, connections / replicas.length), warmupSeconds),
    ),
  );

  const results: RoundResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = configurations.map(
      (_, i) => configurations[(i + round) % configurations.length] ?? 1,
    );
    for (const count of order) {
      const used = replicas.slice(0, count);
      const each = Math.max(1, Math.round(connections / count));
      const cpu = () =>
        Promise.all([
          Promise.all(replicas.map((replica) => cpuMs(replica.child.pid))),
          cpuMs(process.pid),
        ]);
      const before = await cpu();
      const startedAt = Date.now();
      const runs: LoadResult[] = await Promise.all(
        used.map((replica) => load(replica.origin, requests, each, seconds)),
      );
      const after = await cpu();
      const wallMs = Date.now() - startedAt;
      const facadeMs = after[0].reduce((sum, ms, i) => sum + ms - (before[0][i] ?? 0), 0);
      const result = {
        ...combine(count, round + 1, runs),
        facadeCores: Math.round((facadeMs / wallMs) * 100) / 100,
        loadGeneratorCores: Math.round(((after[1] - before[1]) / wallMs) * 100) / 100,
      };
      results.push(result);
      log(
        `round ${String(round + 1)}, ${String(count)} replica(s): ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${String(result.p50Ms)} ms, p99 ${String(result.p99Ms)} ms, non-2xx ${String(result.non2xx)}, errors ${String(result.errors)}, CPU: facades ${String(result.facadeCores)} cores, load generator ${String(result.loadGeneratorCores)}`,
      );
    }
  }
  // The snapshots still answered every request (a measured run that went upstream is no figure).
  for (const replica of replicas) await expectFresh(replica, headers, body);

  const summary = configurations.map((count) => {
    const mine = results.filter((result) => result.replicas === count);
    const rps = median(mine.map((result) => result.requestsPerSecond));
    return {
      replicas: count,
      requestsPerSecondMedian: Math.round(rps),
      p50MsMedian: median(mine.map((result) => result.p50Ms)),
      p99MsMedian: median(mine.map((result) => result.p99Ms)),
      facadeCoresMedian: median(mine.map((result) => result.facadeCores)),
      loadGeneratorCoresMedian: median(mine.map((result) => result.loadGeneratorCores)),
      non2xx: mine.reduce((sum, result) => sum + result.non2xx, 0),
      errors: mine.reduce((sum, result) => sum + result.errors, 0),
    };
  });
  const baseline = summary.find((row) => row.replicas === 1)?.requestsPerSecondMedian;
  const scaling = summary.map((row) => ({
    replicas: row.replicas,
    ratioToOneReplica: baseline
      ? Math.round((row.requestsPerSecondMedian / baseline) * 100) / 100
      : null,
  }));
  const report = {
    benchmark: "scale-out",
    command: commandLine("scale-out", [
      "BENCH_REPLICAS",
      "BENCH_ROUNDS",
      "BENCH_ROUND_SECONDS",
      "BENCH_WARMUP_SECONDS",
      "BENCH_CONNECTIONS",
      "BENCH_NODE_ENV",
      "BENCH_NODE_FLAGS",
      "BENCH_LOG_LEVEL",
      "BENCH_OUT",
    ]),
    started,
    finished: timestamp(),
    machine: host.atEnd(),
    setup: {
      query: "CampaignsWithFunding of a 20-campaign account, answered from fresh snapshots",
      ads_api: "one process, PGlite",
      facades: `${String(maxReplicas)} processes on one PostgreSQL database and one Redis (REDIS_URL), started once; a configuration of n loads the first n`,
      connections: `${String(connections)} in all, split evenly over the replicas in use`,
      rounds,
      roundSeconds: seconds,
      warmupSeconds,
      nodeEnv: settings.nodeEnv,
      logLevel: settings.logLevel,
    },
    summary,
    scaling,
    rounds: results,
  };
  const file = await writeResult(out, report);
  await writeFile(path.join(RESULTS, `${out}.md`), markdown(report.machine.cpus, summary, scaling));
  log(`wrote ${file} and ${out}.md`);
} finally {
  await shutdown();
}

/** Sends the query until a replica answers it from fresh snapshots (snapshots are written idle). */
async function expectFresh(
  replica: Replica,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  let last = "";
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const response = await fetch(`${replica.origin}/graphql`, { method: "POST", headers, body });
    const answer = (await response.json()) as {
      errors?: unknown[];
      extensions?: { upstream?: { requests?: number } };
    };
    last = JSON.stringify(answer).slice(0, 300);
    if (response.status === 200 && answer.errors === undefined) {
      if (answer.extensions?.upstream?.requests === 0) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${replica.child.name} never answered from fresh snapshots: ${last}`);
}

/** One configuration's round: requests of all its replicas together, latency of the slowest. */
function combine(
  replicas: number,
  round: number,
  runs: readonly LoadResult[],
): Omit<RoundResult, "facadeCores" | "loadGeneratorCores"> {
  return {
    replicas,
    round,
    requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0),
    p50Ms: Math.max(...runs.map((run) => run.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function markdown(
  cpus: number,
  summary: ReadonlyArray<{
    replicas: number;
    requestsPerSecondMedian: number;
    p50MsMedian: number;
    p99MsMedian: number;
    facadeCoresMedian: number;
    loadGeneratorCoresMedian: number;
    non2xx: number;
    errors: number;
  }>,
  scaling: ReadonlyArray<{ replicas: number; ratioToOneReplica: number | null }>,
): string {
  const rows = summary.map((row) => {
    const ratio = scaling.find((s) => s.replicas === row.replicas)?.ratioToOneReplica;
    return `| ${String(row.replicas)} | ${String(row.requestsPerSecondMedian)} | ${ratio === null || ratio === undefined ? "–" : `${String(ratio)}×`} | ${String(row.p50MsMedian)} | ${String(row.p99MsMedian)} | ${String(row.facadeCoresMedian)} + ${String(row.loadGeneratorCoresMedian)} | ${String(row.non2xx)} / ${String(row.errors)} |`;
  });
  return [
    `Facade replicas in shared mode (PostgreSQL + Redis), snapshot-fresh query, ${String(connections)} connections in all, ${String(cpus)} CPU cores; medians of ${String(rounds)} rounds of ${String(seconds)} s.`,
    "",
    "| replicas | req/s | vs 1 replica | p50 ms | p99 ms | CPU cores: facades + load generator | non-2xx / errors |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
