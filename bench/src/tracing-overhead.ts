// Tracing's cost (issue 20, docs/operations.md "Tracing"): the same query against three identical stacks,
// ads-api and the facade each in a process of its own: tracing off (no OTEL_* variable: no SDK
// is loaded), on in the facade only, and on in both services, exporting every span over
// OTLP/HTTP (protobuf, the default) to a local sink that reads and discards them
// (bench/src/otlp-sink.ts). Snapshots
// are off, so every request reads upstream (the most spans a request makes: the facade's
// request, operation and loader batches, each upstream call, ads-api's requests). Each round
// loads the three sides together, request by request in turn, so the machine's changes of
// speed (large on a shared machine) fall on all of them alike; the rounds' medians are
// compared, and latencies are kept to the microsecond (bench/src/latency-load.ts). Writes
// bench/results/<BENCH_OUT>.json and .md with PASS/FAIL for the goal: p50 with both services
// traced under 5% above off.
//
// Settings (environment):
//   BENCH_TRACING_CONNECTIONS   connections, each a comparison of its own (default 1,4)
//   BENCH_TRACING_CAMPAIGNS     campaigns (with their funding instrument) in the query (default 20)
//   BENCH_TRACING_STACKS        stacks (process pairs) per side, taking rounds in turn (default 2):
//                               two processes of one build differ by several percent on their own
//   BENCH_ROUNDS                measured rounds, every side in each (default 16)
//   BENCH_ROUND_SECONDS         seconds of each round (default 6)
//   BENCH_WARMUP_SECONDS        unmeasured load on each stack first (default 5)
//   BENCH_TRACING_SAMPLER       the traced sides' sampler, `name` or `name:arg` (OTEL_TRACES_SAMPLER
//                               and _ARG, e.g. parentbased_traceidratio:0.1); default: unset, the
//                               product's default sampler (or OTEL_TRACES_SAMPLER of the caller)
//   BENCH_NODE_ENV, BENCH_NODE_FLAGS, BENCH_LOG_LEVEL, BENCH_START_TIMEOUT_SECONDS as throughput.ts
//   BENCH_OUT                   results name under bench/results (default tracing-overhead)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Closers } from "./servers.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { childSettingsFromEnv, makeWorkDir } from "./throughput-servers.js";
import {
  overheadMethod,
  runTracingOverhead,
  samplerEnv,
  samplerName,
} from "./tracing-overhead-run.js";
import {
  allExported,
  markdownTable,
  P50_GOAL,
  runPasses,
  type OverheadReport,
} from "./tracing-overhead-report.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const KNOBS = [
  "BENCH_TRACING_CONNECTIONS",
  "BENCH_TRACING_CAMPAIGNS",
  "BENCH_TRACING_STACKS",
  "BENCH_ROUNDS",
  "BENCH_ROUND_SECONDS",
  "BENCH_WARMUP_SECONDS",
  "BENCH_TRACING_SAMPLER",
  "BENCH_NODE_ENV",
  "BENCH_NODE_FLAGS",
  "BENCH_LOG_LEVEL",
  "BENCH_OUT",
] as const;
const out = process.env.BENCH_OUT ?? "tracing-overhead";
const connectionsList = (process.env.BENCH_TRACING_CONNECTIONS ?? "1,4")
  .split(",")
  .map((item) => Number(item.trim()))
  .filter((n) => Number.isInteger(n) && n >= 1);
const campaigns = Math.max(1, envNumber("BENCH_TRACING_CAMPAIGNS", 20));
const stacks = Math.max(1, envNumber("BENCH_TRACING_STACKS", 2));
const rounds = Math.max(2, envNumber("BENCH_ROUNDS", 16));
const seconds = Math.max(1, envNumber("BENCH_ROUND_SECONDS", 6));
const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 5);
const settings = childSettingsFromEnv();
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

const host = machine();
const started = timestamp();
const work = await makeWorkDir();
const closers = new Closers();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void closers
      .close()
      .then(() => work.close())
      .finally(() => process.exit(130));
  });
}
const options = {
  connections: connectionsList,
  campaigns,
  stacks,
  rounds,
  seconds,
  warmupSeconds,
  sampler: samplerEnv(process.env.BENCH_TRACING_SAMPLER),
  sides: ["facade", "both"] as const,
  settings,
  workDir: work.dir,
  log,
  closers,
};
const run = await runTracingOverhead(options).finally(() => work.close());

const report: OverheadReport = {
  title: "Tracing overhead: the same query with OpenTelemetry tracing off and on (issue 20)",
  command: commandLine("tracing-overhead", KNOBS),
  machine: { ...host.atEnd(), started, finished: timestamp() },
  settings: {
    connections: connectionsList,
    campaigns,
    stacks,
    rounds,
    seconds,
    warmupSeconds,
    sampler: samplerName(process.env.BENCH_TRACING_SAMPLER),
    tracingLines: run.tracingLines,
    ...settings,
  },
  method: overheadMethod(options),
  goal: `p50 with tracing on in both services less than ${P50_GOAL * 100}% above tracing off, every connection count, no failed request`,
  pass: runPasses(run.results, run.sink, run.services),
  results: run.results,
  sink: run.sink,
};
const file = await writeResult(out, report);
const table = markdownTable(report);
await writeFile(path.join(RESULTS, `${out}.md`), table);
console.log(`\n${table}`);
if (!allExported(run.sink, run.services))
  console.log("FAIL: the sink did not receive spans from every traced service");
console.log(`goal: ${report.pass ? "PASS" : "FAIL"}\nwrote ${file} (and .md)`);
process.exit(report.pass ? 0 : 1);
