// The planner's cost (issue 35 "Cost of planning"; docs/benchmarks.md "Query plans"): the
// facade's CPU per request on the bench's reference queries with planning on
// (COST_PLANNING=true) against off (COST_PLANNING=false), measured in one run. ads-api and the
// facades each run in a process of their own (throughput-servers.ts); `BENCH_PLAN_CPU_STACKS`
// facades per side, snapshots off (every request reads upstream). Each round loads both sides
// together, request by request in turn (latency-load.ts), so the machine's changes of speed fall
// on both alike; each side's CPU is utime + stime of its facade process (/proc) over the round.
// As a cross-check, the planner's own time per document is measured in this process
// (planOperation called many times per reference document). Writes
// bench/results/plan-cpu.json and .md.
//
// Settings (environment):
//   BENCH_PLAN_CPU_ROUNDS       measured rounds per query (default 8)
//   BENCH_ROUND_SECONDS         seconds of each round (default 5)
//   BENCH_WARMUP_SECONDS        unmeasured load on each facade per query first (default 3)
//   BENCH_PLAN_CPU_CONNECTIONS  connections (default 2)
//   BENCH_PLAN_CPU_STACKS       facade processes per side, taking rounds in turn (default 2)
//   BENCH_PLAN_ITERATIONS       planOperation calls per document in process (default 2000)
//   BENCH_NODE_ENV, BENCH_NODE_FLAGS, BENCH_LOG_LEVEL, BENCH_START_TIMEOUT_SECONDS as throughput.ts
//   BENCH_OUT                   results name under bench/results (default plan-cpu)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DEMO, seedBench } from "@adsgraph/ads-api";
import { postGraphQL } from "./graphql.js";
import { interleavedLatencyLoad, latencyLoad } from "./latency-load.js";
import { planOperation } from "@adsgraph/graphql/testing";
import { planInputOf } from "./plan-accuracy-check.js";
import { markdown, summarizeQuery, type CpuReport, type QueryRound } from "./plan-cost-report.js";
import { sample } from "./proc-stats.js";
import { REFERENCE_QUERIES } from "./queries.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { Closers } from "./servers.js";
import {
  childSettingsFromEnv,
  makeWorkDir,
  startAdsApiServer,
  startFacadeServer,
  type FacadeServer,
} from "./throughput-servers.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const KNOBS = [
  "BENCH_PLAN_CPU_ROUNDS",
  "BENCH_ROUND_SECONDS",
  "BENCH_WARMUP_SECONDS",
  "BENCH_PLAN_CPU_CONNECTIONS",
  "BENCH_PLAN_CPU_STACKS",
  "BENCH_PLAN_ITERATIONS",
  "BENCH_NODE_ENV",
  "BENCH_NODE_FLAGS",
  "BENCH_LOG_LEVEL",
  "BENCH_OUT",
] as const;
const rounds = Math.max(2, envNumber("BENCH_PLAN_CPU_ROUNDS", 8));
const seconds = Math.max(1, envNumber("BENCH_ROUND_SECONDS", 5));
const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 3);
const connections = Math.max(1, envNumber("BENCH_PLAN_CPU_CONNECTIONS", 2));
const stacks = Math.max(1, envNumber("BENCH_PLAN_CPU_STACKS", 2));
const iterations = Math.max(1, envNumber("BENCH_PLAN_ITERATIONS", 2000));
const out = process.env.BENCH_OUT ?? "plan-cpu";
const settings = childSettingsFromEnv();
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

/**
 * One account for every reference query: campaigns over several funding instruments, cards,
 * and one line item per campaign with an attachment of each kind (the line-items query reads
 * at most two per campaign).
 */
const ACCOUNT = {
  accountId: "plancpu",
  campaigns: 200,
  fundingInstruments: 20,
  cards: 100,
  lineItemsPerCampaign: 1,
  attachmentsPerLineItem: 1,
  seed: 35,
  grantUserIds: [DEMO.user.id],
};

/** Every read upstream, nothing written: both sides do the same work per request. */
const FACADE_ENV = {
  SNAPSHOT_WRITES: "false",
  SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
  SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
};

type SideName = "on" | "off";

/** The planner's time per call in this process, after a warm-up of the same calls. */
function plannerTime(document: string, variables: Record<string, unknown>) {
  // Parsed and coerced once, as the facade has them before it plans.
  // Told what the measured facades' planner knows: loaders on, snapshots off.
  const input = {
    ...planInputOf(document, variables),
    knowledge: { batching: true, snapshotFreshMs: () => 0 },
  };
  for (let i = 0; i < Math.min(500, iterations); i += 1) planOperation(input);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) planOperation(input);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    iterations,
    wallMsPerPlan: wallMs / iterations,
    cpuMsPerPlan: (cpu.user + cpu.system) / 1000 / iterations,
  };
}

const host = machine();
const started = timestamp();
const work = await makeWorkDir();
const closers = new Closers();
let closing: Promise<void> | undefined;
const shutdown = () => (closing ??= closers.close().then(() => work.close()));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void shutdown().finally(() => process.exit(130));
  });
}

const report: CpuReport = {
  title: "The planner's CPU: the facade per request with COST_PLANNING on and off (issue 35)",
  command: commandLine("plan-cpu", KNOBS),
  machine: {},
  settings: {
    rounds,
    seconds,
    warmupSeconds,
    connections,
    stacks,
    iterations,
    account: ACCOUNT,
    ...settings,
  },
  method:
    `ads-api and ${stacks} facade process(es) per side from their sources (tsx) over PostgreSQL, ` +
    "snapshots off (SNAPSHOT_WRITES=false, freshness 0: every request reads upstream); the " +
    "sides differ only in COST_PLANNING. Each reference query's first page, one POST per " +
    `request, closed loop over ${connections} kept-alive connection(s), both sides loaded ` +
    "together request by request in turn; each round moves to the next facade of each side. CPU: " +
    "utime + stime of each facade process (/proc/<pid>/stat) over the round ÷ its requests. " +
    "Ratio on ÷ off per round; a query's ratio is the median of its rounds (95% bootstrap " +
    "interval beside it); the run's ratio is the geometric mean of the queries' ratios. " +
    "In process: planOperation over the parsed document and coerced variables, timed over many calls after a warm-up.",
  goal: "planning adds less than 5% CPU per request: the run's on ÷ off ratio below 1.05",
  pass: false,
  ratio: Number.NaN,
  queries: [],
  skipped: [],
};
try {
  log("starting ads-api and the facades");
  const adsApi = await startAdsApiServer("postgresql", [], settings, work.dir, {
    seed: async (db) => {
      await seedBench(db.prisma, ACCOUNT);
    },
  });
  closers.push(() => adsApi.close());
  const sides = new Map<SideName, FacadeServer[]>([
    ["on", []],
    ["off", []],
  ]);
  for (let index = 0; index < stacks; index += 1) {
    for (const side of ["on", "off"] as const) {
      const facade = await startFacadeServer(
        `facade-planning-${side}-${index + 1}`,
        "postgresql",
        adsApi,
        { ...FACADE_ENV, COST_PLANNING: String(side === "on") },
        settings,
        work.dir,
      );
      closers.push(() => facade.close());
      sides.get(side)?.push(facade);
    }
  }
  const variables = { id: ACCOUNT.accountId, after: null };
  for (const query of REFERENCE_QUERIES) {
    const [probe] = sides.get("on") ?? [];
    if (probe === undefined) throw new Error("no facade started");
    const answers = await Promise.all(
      [...sides.values()].flat().map((facade) => postGraphQL(facade, query.document, variables)),
    );
    const failed = answers.find((a) => a.kind !== "answer" || a.errors.length > 0);
    if (failed !== undefined) {
      report.skipped.push({ query: query.name, answer: JSON.stringify(failed).slice(0, 300) });
      log(`${query.name}: skipped, it fails (${JSON.stringify(failed).slice(0, 160)})`);
      continue;
    }
    // What each side says of the plan: on plans, off does not.
    const costOf = (a: (typeof answers)[number]) =>
      a.kind === "answer" ? ((a.extensions as { cost?: unknown } | undefined)?.cost ?? null) : null;
    const body = JSON.stringify({ query: query.document, variables });
    log(`${query.name}: warming up`);
    for (const facade of [...sides.values()].flat())
      if (warmupSeconds > 0) await latencyLoad(facade, body, connections, warmupSeconds);
    const measured: QueryRound[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const on = sides.get("on")?.[i % stacks];
      const off = sides.get("off")?.[i % stacks];
      if (on === undefined || off === undefined) throw new Error("a side has no facade");
      // The side that starts each loop turns with the round.
      const pair = i % 2 === 0 ? [on, off] : [off, on];
      const watched = pair.map((facade) => [{ name: "facade", pid: facade.pid }]);
      const before = await Promise.all(watched.map((processes) => sample(processes)));
      const runs = await interleavedLatencyLoad(pair, body, connections, seconds);
      const after = await Promise.all(watched.map((processes) => sample(processes)));
      const perRequest = pair.map((_, k) => {
        const used =
          (after[k]?.get("facade")?.cpuMs ?? Number.NaN) -
          (before[k]?.get("facade")?.cpuMs ?? Number.NaN);
        return used / Math.max(1, runs[k]?.requests ?? 0);
      });
      const onIndex = pair[0] === on ? 0 : 1;
      const round: QueryRound = {
        on: {
          cpuMsPerRequest: perRequest[onIndex] ?? Number.NaN,
          requests: runs[onIndex]?.requests ?? 0,
          failures: runs[onIndex]?.failures ?? 0,
        },
        off: {
          cpuMsPerRequest: perRequest[1 - onIndex] ?? Number.NaN,
          requests: runs[1 - onIndex]?.requests ?? 0,
          failures: runs[1 - onIndex]?.failures ?? 0,
        },
      };
      measured.push(round);
      log(
        `  round ${i + 1}: on ${round.on.cpuMsPerRequest.toFixed(2)} ms CPU/req (${round.on.requests}), ` +
          `off ${round.off.cpuMsPerRequest.toFixed(2)} ms (${round.off.requests}), ratio ${(round.on.cpuMsPerRequest / round.off.cpuMsPerRequest).toFixed(3)}`,
      );
    }
    report.queries.push(
      summarizeQuery(query.name, measured, plannerTime(query.document, variables), {
        on: costOf(answers[0] ?? { kind: "failed", reason: "" }),
        off: costOf(answers[stacks] ?? { kind: "failed", reason: "" }),
      }),
    );
  }
} finally {
  await shutdown();
}

const ratios = report.queries.map((q) => q.ratio);
report.ratio = Math.exp(
  ratios.reduce((sum, r) => sum + Math.log(r), 0) / Math.max(1, ratios.length),
);
report.pass =
  ratios.length > 0 && report.ratio < 1.05 && report.queries.every((q) => q.failures === 0);
report.machine = { ...host.atEnd(), started, finished: timestamp() };
const file = await writeResult(out, report);
const text = markdown(report);
await writeFile(path.join(RESULTS, `${out}.md`), text);
console.log(`\n${text}`);
console.log(`goal: ${report.pass ? "PASS" : "FAIL"}\nwrote ${file} (and .md)`);
process.exit(report.pass ? 0 : 1);
