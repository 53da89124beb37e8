// Throughput and cost (issues 14 and 37, docs/benchmarks.md "Throughput"): the facade against a
// plain Apollo Server 5 + Pothos server answering the same JSON from memory (and the same server
// replaying cached answer bytes, plain-cached), ads-api's campaign list against a bare Fastify
// server sending the same bytes; resident memory after start and after load of each server
// (memory), the embedded default as `pnpm start` runs it (embedded), and tracing's cost
// (tracing). Every server runs in a process of its own; rounds alternate (subject, baseline,
// subject, ...); each process's CPU time comes from /proc/<pid>/stat and its GC time from
// bench/src/gc-probe.ts. Writes bench/results/<BENCH_OUT>.json, .svg and .md with a PASS/FAIL
// per goal of issue 37, and exits 1 when one is missed.
//
// Settings (environment; docs/benchmarks.md lists them with their meaning):
//   BENCH_SCENARIOS             fresh-20,fresh-1000,own-cost,ads-api-list,memory,embedded,tracing
//                               (default: all)
//   BENCH_ROUNDS                rounds per side of each comparison (default 2)
//   BENCH_ROUND_SECONDS         seconds of each round (default 8)
//   BENCH_WARMUP_SECONDS        unmeasured load on each side first (default 2)
//   BENCH_FRESH_CONNECTIONS     connections of fresh-20 / fresh-1000, each a comparison (default 1,20)
//   BENCH_FRESH_BASELINES       baselines of fresh-20 / fresh-1000, each a comparison (default
//                               plain-cached, the goal's; plain-cached,plain adds the plain server
//                               without a cache, informational)
//   BENCH_OWN_COST_SIZES        campaigns of the own-cost runs (default 100,1000,2000)
//   BENCH_OWN_COST_CONNECTIONS  connections of own-cost (default 1)
//   BENCH_LIST_CONNECTIONS      connections of ads-api-list (default 4)
//   BENCH_LIST_ENGINES          databases of ads-api-list (default pglite,postgresql)
//   BENCH_MEMORY_REQUESTS       requests of the memory load (default 1000)
//   BENCH_MEMORY_CAMPAIGNS      campaigns of its account (default 100, as own-cost-100)
//   BENCH_MEMORY_RUNNER         bundle (default: each server's entry bundled by esbuild, run as
//                               JavaScript) or tsx (through the loader, as the other scenarios)
//   BENCH_MEMORY_FACADE         the measured facade's settings: upstream (default: snapshots on,
//                               freshness 0), default (the product's), own-cost (snapshots off)
//   BENCH_MEMORY_FACADE_ENGINES the facade's databases (default postgresql,pglite)
//   BENCH_EMBEDDED_BUILD        build the apps with turbo first, as `pnpm start` (default true)
//   BENCH_TRACING_CONNECTIONS   connections of the tracing scenario (default 1,4)
//   BENCH_TRACING_CAMPAIGNS     campaigns of its query (default 20)
//   BENCH_TRACING_STACKS        stacks per side (default 1)
//   BENCH_TRACING_ROUNDS        measured rounds (default 8)
//   BENCH_TRACING_ROUND_SECONDS seconds of each (default 4)
//   BENCH_TRACING_WARMUP_SECONDS unmeasured load on each stack first (default 2)
//   BENCH_TRACING_SAMPLER       `name` or `name:arg` for OTEL_TRACES_SAMPLER(_ARG); default unset:
//                               the product's default sampler
//   BENCH_TRACING_SIDES         traced sides against off (default both; facade,both adds facade-only)
//   BENCH_NODE_ENV              NODE_ENV of every server process (default production; "" = unset)
//   BENCH_NODE_FLAGS            node flags of every server process (default --max-semi-space-size=32,
//                               as apps/graphql's start scripts; "" = none)
//   BENCH_LOG_LEVEL             LOG_LEVEL of ads-api and the facade (default info, as `pnpm start`)
//   BENCH_OUT                   results name under bench/results (default throughput)
//   BENCH_START_TIMEOUT_SECONDS how long a server may take to start (default 300)
//   TEST_DATABASE_URL           PostgreSQL for ads-api-list and the memory facade (default
//                               postgresql://postgres@127.0.0.1:5432/test; a schema per use, dropped)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { renderPanels } from "./chart.js";
import { commandLine, machine, timestamp, writeResult } from "./report.js";
import { KNOB_NAMES, readKnobs } from "./throughput-knobs.js";
import { runEmbedded, type EmbeddedReport } from "./throughput-embedded.js";
import { goals, type ComparisonFailure } from "./throughput-goals.js";
import { runMemory, type MemoryReport } from "./throughput-memory.js";
import {
  chartGroups,
  markdownTable,
  type ThroughputReport,
  type TracingReport,
} from "./throughput-report.js";
import { compare, type Comparison, type ComparisonResult } from "./throughput-run.js";
import { ThroughputStack } from "./throughput-scenarios.js";
import { makeWorkDir } from "./throughput-servers.js";
import { Closers } from "./servers.js";
import { allExported } from "./tracing-overhead-report.js";
import {
  overheadMethod,
  runTracingOverhead,
  samplerEnv,
  samplerName,
} from "./tracing-overhead-run.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const out = process.env.BENCH_OUT ?? "throughput";
const { scenarios, knobs, settings, rounds, seconds, warmupSeconds, ...more } = readKnobs();
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

const host = machine();
const started = timestamp();
const work = await makeWorkDir();
const stack = new ThroughputStack(settings, work.dir, log);
// The memory, embedded and tracing scenarios' servers (each scenario stops its own at its end).
const scenarioClosers = new Closers();
// Children run in process groups of their own: a Ctrl-C here must still stop them.
let closing: Promise<void> | undefined;
const shutdown = () => {
  closing ??= scenarioClosers
    .close()
    .catch(() => undefined)
    .then(() => stack.close())
    .then(() => work.close());
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
let memory: MemoryReport | undefined;
let embedded: EmbeddedReport | undefined;
let tracing: TracingReport | undefined;
const comparisonName = (c: Comparison) => ({
  scenario: c.scenario,
  engine: c.engine,
  connections: c.connections,
  baseline: c.baseline.name,
});
/** A scenario that breaks is reported (its goal fails); the others still run. */
async function scenario(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ${name} FAILED: ${message.slice(0, 2000)}`);
    failures = [
      ...failures,
      { scenario: name, engine: "", connections: 0, baseline: "", error: message.slice(0, 4000) },
    ];
  }
}
try {
  // Fresh processes of their own first, on a machine the other scenarios have not yet loaded.
  if (scenarios.has("memory"))
    await scenario("memory", async () => {
      memory = await runMemory(more.memory, settings, work.dir, log, scenarioClosers);
      failures = [
        ...failures,
        ...memory.failures.map((f) => ({
          scenario: "memory",
          engine: f.engine,
          connections: 1,
          baseline: "plain",
          error: `${f.server}: ${f.error}`,
        })),
      ];
    });
  if (scenarios.has("embedded"))
    await scenario("embedded", async () => {
      embedded = await runEmbedded(
        more.embedded,
        work.dir,
        settings.startTimeoutMs,
        log,
        scenarioClosers,
      );
    });
  await stack.addGraphQL(scenarios, knobs);
  if (scenarios.has("ads-api-list")) await stack.addList(knobs);
  for (const comparison of stack.comparisons) {
    log(
      `${comparison.scenario} [${comparison.engine}, ${comparison.connections} connection(s), vs ${comparison.baseline.name}]`,
    );
    // A comparison that breaks (a check fails, a server dies) is reported; the others still run.
    try {
      results = [...results, await compare(comparison, { rounds, seconds, warmupSeconds, log })];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  FAILED: ${message.slice(0, 2000)}`);
      failures = [...failures, { ...comparisonName(comparison), error: message.slice(0, 4000) }];
    }
  }
  // Its servers after the comparisons' are stopped: it loads the machine alone.
  await stack.close();
  if (scenarios.has("tracing"))
    await scenario("tracing", async () => {
      const t = more.tracing;
      const options = {
        connections: t.connections,
        campaigns: t.campaigns,
        stacks: t.stacks,
        rounds: t.rounds,
        seconds: t.seconds,
        warmupSeconds: t.warmupSeconds,
        sampler: samplerEnv(t.sampler),
        sides: t.sides,
        settings,
        workDir: work.dir,
        log,
        closers: scenarioClosers,
      };
      log(`tracing: sides off, ${t.sides.join(", ")}; ${t.rounds} × ${t.seconds} s rounds`);
      const run = await runTracingOverhead(options);
      tracing = {
        method: overheadMethod(options),
        settings: { ...t, sampler: t.sampler ?? null },
        sampler: samplerName(t.sampler),
        tracingLines: run.tracingLines,
        services: run.services,
        exported: allExported(run.sink, run.services),
        results: run.results,
        sink: run.sink,
      };
    });
} finally {
  await shutdown();
}

const report: ThroughputReport = {
  title:
    "Throughput, memory and tracing: the facade against plain Apollo + Pothos (and plain-cached), " +
    "ads-api against bare Fastify, RSS, the embedded default, tracing (issue 37)",
  command: commandLine("throughput", KNOB_NAMES),
  machine: { ...host.atEnd(), started, finished: timestamp() },
  settings: {
    rounds,
    roundSeconds: seconds,
    warmupSeconds,
    ...knobs,
    ...settings,
    memory: more.memory,
    embedded: more.embedded,
    tracing: more.tracing,
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
    "A comparison with any non-2xx answer, error or timeout is not clean and fails its goal checks. " +
    "plain-cached: plain-server.ts with BENCH_PLAIN_CACHE=true (plain-cache.ts): a Fastify preHandler " +
    "replays, from an in-memory Map keyed by the raw request body text, the bytes and content type " +
    "Apollo sent the first time (stored in onSend). Memory, embedded and tracing: see their own " +
    "`method` fields.",
  goals: goals({
    comparisons: results,
    failures,
    memory,
    embedded,
    tracing: tracing && { results: tracing.results, exported: tracing.exported },
  }),
  comparisons: results,
  memory,
  embedded,
  tracing,
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
