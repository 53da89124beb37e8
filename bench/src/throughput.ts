// Throughput of the facade against a plain Apollo Server 5 + Pothos server answering the same
// JSON from memory, and of ads-api's campaign list against a bare Fastify server sending the
// same bytes (issue 14, docs/benchmarks.md). Every server runs in a process of its own; rounds
// alternate (subject, baseline, subject, ...); each process's CPU time comes from
// /proc/<pid>/stat and its GC time from bench/src/gc-probe.ts. Writes bench/results/<BENCH_OUT>
// .json, .svg and .md (the README's table) with a PASS/FAIL per goal of the issue.
//
// Settings (environment):
//   BENCH_SCENARIOS             fresh-20,fresh-1000,own-cost,ads-api-list (default: all)
//   BENCH_ROUNDS                rounds per side of each comparison (default 2)
//   BENCH_ROUND_SECONDS         seconds of each round (default 8)
//   BENCH_WARMUP_SECONDS        unmeasured load on each side first (default 2)
//   BENCH_FRESH_CONNECTIONS     connections of fresh-20 / fresh-1000, each a comparison (default 1,20)
//   BENCH_FRESH_BASELINES       baselines of fresh-20 / fresh-1000, each a comparison (default
//                               plain-cached,plain; plain-cached is the goal's, plain informational)
//   BENCH_OWN_COST_SIZES        campaigns of the own-cost runs (default 100,1000,2000)
//   BENCH_OWN_COST_CONNECTIONS  connections of own-cost (default 1)
//   BENCH_LIST_CONNECTIONS      connections of ads-api-list (default 4)
//   BENCH_LIST_ENGINES          databases of ads-api-list (default pglite,postgresql)
//   BENCH_NODE_ENV              NODE_ENV of every server process (default production; "" = unset)
//   BENCH_NODE_FLAGS            node flags of every server process (default --max-semi-space-size=32,
//                               as apps/graphql's start scripts; "" = none)
//   BENCH_LOG_LEVEL             LOG_LEVEL of ads-api and the facade (default info, as `pnpm start`)
//   BENCH_OUT                   results name under bench/results (default throughput)
//   BENCH_START_TIMEOUT_SECONDS how long a server may take to start (default 300)
//   TEST_DATABASE_URL           PostgreSQL for ads-api-list (default postgresql://postgres@127.0.0.1:5432/test;
//                               a schema per run, dropped at the end)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { renderPanels } from "./chart.js";
import { commandLine, machine, timestamp, writeResult } from "./report.js";
import { KNOB_NAMES, readKnobs } from "./throughput-knobs.js";
import {
  chartGroups,
  goals,
  markdownTable,
  type ComparisonFailure,
  type ThroughputReport,
} from "./throughput-report.js";
import { compare, type Comparison, type ComparisonResult } from "./throughput-run.js";
import { ThroughputStack } from "./throughput-scenarios.js";
import { makeWorkDir } from "./throughput-servers.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const out = process.env.BENCH_OUT ?? "throughput";
const { scenarios, knobs, settings, rounds, seconds, warmupSeconds } = readKnobs();
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

const host = machine();
const started = timestamp();
const work = await makeWorkDir();
const stack = new ThroughputStack(settings, work.dir, log);
// Children run in process groups of their own: a Ctrl-C here must still stop them.
let closing: Promise<void> | undefined;
const shutdown = () => {
  closing ??= stack.close().then(() => work.close());
  return closing;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void shutdown().finally(() => process.exit(130));
  });
}

let results: ComparisonResult[] = [];
let failures: ComparisonFailure[] = [];
const comparisonName = (c: Comparison) => ({
  scenario: c.scenario,
  engine: c.engine,
  connections: c.connections,
  baseline: c.baseline.name,
});
try {
  await stack.addGraphQL(scenarios, knobs);
  if (scenarios.has("ads-api-list")) await stack.addList(knobs);
  for (const comparison of stack.comparisons) {
    log(`${comparison.scenario} [${comparison.engine}, ${comparison.connections} connection(s)]`);
    // A comparison that breaks (a check fails, a server dies) is reported; the others still run.
    try {
      results = [...results, await compare(comparison, { rounds, seconds, warmupSeconds, log })];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  FAILED: ${message.slice(0, 2000)}`);
      failures = [...failures, { ...comparisonName(comparison), error: message.slice(0, 4000) }];
    }
  }
} finally {
  await shutdown();
}

const report: ThroughputReport = {
  title:
    "Throughput: the facade against plain Apollo + Pothos, ads-api against bare Fastify (issue 14)",
  command: commandLine("throughput", KNOB_NAMES),
  machine: { ...host.atEnd(), started, finished: timestamp() },
  settings: {
    rounds,
    roundSeconds: seconds,
    warmupSeconds,
    ...knobs,
    ...settings,
    scenarios: [...scenarios],
  },
  method:
    "Each server in a process of its own, from its sources (tsx): ads-api over PGlite (or PostgreSQL " +
    "for ads-api-list), the facade (apps/graphql) in front of it, the plain server " +
    "(bench/src/plain-server.ts: Apollo Server 5 + Pothos on Fastify via @as-integrations/fastify, the " +
    "facade's type and field names and connection shape, answering from memory the `data` captured " +
    "from the facade) and the bare Fastify server (bench/src/bare-fastify.ts: the bytes and headers " +
    "ads-api sent, captured once). Before anything is measured every server's `data` (JSON text, key " +
    "order included) must equal the capture, and the fresh facade must answer every campaign from a " +
    "fresh snapshot (extensions.cache, not stale); each round re-checks. Load: autocannon " +
    "(closed loop, `connections` connections; multi-page walks cycle through their pages, so rates " +
    "are GraphQL requests). Rounds alternate subject, baseline, subject, ... after an unmeasured warm-up of " +
    "each. CPU: utime + stime of /proc/<pid>/stat of each process before and after each round; GC: " +
    "the sum of PerformanceObserver 'gc' durations in the process (bench/src/gc-probe.ts), over its " +
    "CPU time. cpuRatio compares the subject's first process (facade or ads-api) with the baseline's. " +
    "A comparison with any non-2xx answer, error or timeout is not clean and fails its goal checks.",
  goals: goals(results, failures),
  comparisons: results,
  failures,
};
const file = await writeResult(out, report);
const svg = renderPanels(
  chartGroups(report),
  "Throughput and CPU per request: subject (blue) against baseline (orange)",
  `${host.atEnd().cpus} cores, Node ${process.version}, ${rounds} × ${seconds} s rounds per side, ${started}`,
);
await writeFile(path.join(RESULTS, `${out}.svg`), svg);
const table = markdownTable(report);
await writeFile(path.join(RESULTS, `${out}.md`), table);
console.log(`\n${table}`);
for (const goal of report.goals) console.log(`goal ${goal.goal}: ${goal.pass ? "PASS" : "FAIL"}`);
console.log(`wrote ${file} (and .svg, .md)`);
// Like the other benches: a missed goal is a failed run.
process.exit(report.goals.every((goal) => goal.pass) ? 0 : 1);
