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
//                               and _ARG, e.g. parentbased_traceidratio:0.1); default: every trace
//   BENCH_NODE_ENV, BENCH_NODE_FLAGS, BENCH_LOG_LEVEL, BENCH_START_TIMEOUT_SECONDS as throughput.ts
//   BENCH_OUT                   results name under bench/results (default tracing-overhead)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { postGraphQL } from "./graphql.js";
import { interleavedLatencyLoad, latencyLoad } from "./latency-load.js";
import { startOtlpSink } from "./otlp-sink.js";
import { CAMPAIGNS_WITH_FUNDING } from "./plain-data.js";
import { sample, type Watched } from "./proc-stats.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { Closers } from "./servers.js";
import {
  allExported,
  compareSides,
  FACADE_ONLY_SERVICE,
  markdownTable,
  P50_GOAL,
  runPasses,
  TRACED_SERVICES,
  type OverheadReport,
  type OverheadResult,
  type SideRound,
  type TracedSide,
} from "./tracing-overhead-report.js";
import {
  childSettingsFromEnv,
  makeWorkDir,
  startAdsApiServer,
  startFacadeServer,
  type FacadeServer,
} from "./throughput-servers.js";

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
const [samplerName, samplerArg] = (process.env.BENCH_TRACING_SAMPLER ?? "").split(":", 2);
const sampler: Record<string, string> = {
  ...(samplerName && { OTEL_TRACES_SAMPLER: samplerName }),
  ...(samplerArg && { OTEL_TRACES_SAMPLER_ARG: samplerArg }),
};
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

/** Every read upstream, nothing written: both sides do the same work per request. */
const FACADE_ENV = {
  UPSTREAM_STATS: "true",
  SNAPSHOT_WRITES: "false",
  SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
  SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
};

interface Side {
  name: "off" | TracedSide;
  facade: FacadeServer;
  processes: Watched[];
}

const host = machine();
const started = timestamp();
const work = await makeWorkDir();
const closers = new Closers();
const sink = await startOtlpSink(TRACED_SERVICES);
closers.push(() => sink.close());
let closing: Promise<void> | undefined;
const shutdown = () => (closing ??= closers.close().then(() => work.close()));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void shutdown().finally(() => process.exit(130));
  });
}

const accountId = `trace${campaigns}`;
const body = JSON.stringify({
  query: CAMPAIGNS_WITH_FUNDING,
  variables: { id: accountId, after: null },
});

/**
 * One stack (ads-api, then the facade in front of it): tracing off, in the facade alone (an
 * upstream that traces nothing, as a platform's API would), or in both.
 */
async function startSide(name: Side["name"], index: number): Promise<Side> {
  const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, ...sampler };
  log(`starting ads-api and the facade, tracing: ${name} (stack ${index + 1})`);
  const adsApi = await startAdsApiServer("pglite", [{ accountId, campaigns }], settings, work.dir, {
    env: name === "both" ? tracing : {},
  });
  closers.push(() => adsApi.close());
  const facadeTracing =
    name === "off"
      ? {}
      : name === "facade"
        ? { ...tracing, OTEL_SERVICE_NAME: FACADE_ONLY_SERVICE }
        : tracing;
  const facade = await startFacadeServer(
    `facade-${name}-${index + 1}`,
    "pglite",
    adsApi,
    { ...FACADE_ENV, ...facadeTracing },
    settings,
    work.dir,
  );
  closers.push(() => facade.close());
  // The start lines say whether tracing runs: a side that is not what it claims stops the run.
  const traced = /Tracing: spans of /.test(facade.output());
  if (traced !== (name !== "off"))
    throw new Error(`facade-${name}: tracing is ${traced ? "on" : "off"}`);
  return {
    name,
    facade,
    processes: [
      { name: "facade", pid: facade.pid, gcFile: facade.gcFile },
      { name: "ads-api", pid: adsApi.pid, gcFile: adsApi.gcFile },
    ],
  };
}

/** The side answers the captured `data`, every read from upstream; throws otherwise. */
async function check(side: Side, expected: string): Promise<void> {
  const answer = await postGraphQL(side.facade, CAMPAIGNS_WITH_FUNDING, {
    id: accountId,
    after: null,
  });
  if (answer.kind !== "answer" || answer.status !== 200 || answer.errors.length > 0)
    throw new Error(`facade-${side.name}: ${JSON.stringify(answer).slice(0, 400)}`);
  if (JSON.stringify(answer.data) !== expected)
    throw new Error(`facade-${side.name}: its data differs from the captured answer`);
  if ((answer.extensions?.upstream?.requests ?? 0) === 0)
    throw new Error(`facade-${side.name}: answered without reading upstream`);
}

/**
 * One round of every side together: the connections send to each side in turn, request by
 * request, so all of them run over the same seconds of the machine; each side's CPU per
 * request is read over that round from its own processes.
 */
async function measureTogether(
  sides: readonly Side[],
  connections: number,
  expected: string,
): Promise<SideRound[]> {
  for (const side of sides) await check(side, expected);
  const before = await Promise.all(sides.map((side) => sample(side.processes)));
  const runs = await interleavedLatencyLoad(
    sides.map((side) => side.facade),
    body,
    connections,
    seconds,
  );
  const after = await Promise.all(sides.map((side) => sample(side.processes)));
  return sides.map((side, index) => {
    const run = runs[index];
    if (run === undefined) throw new Error(`no run for ${side.name}`);
    const cpuMsPerRequest: Record<string, number> = {};
    for (const { name } of side.processes) {
      const used =
        (after[index]?.get(name)?.cpuMs ?? Number.NaN) -
        (before[index]?.get(name)?.cpuMs ?? Number.NaN);
      cpuMsPerRequest[name] = used / Math.max(1, run.requests);
    }
    log(
      `  ${connections} conn, tracing ${side.name} (${side.facade.name}): p50 ${run.p50Ms.toFixed(2)} ms, p99 ` +
        `${run.p99Ms.toFixed(2)} ms, ${run.requestsPerSecond.toFixed(1)} req/s, facade ` +
        `${(cpuMsPerRequest.facade ?? Number.NaN).toFixed(2)} ms CPU/req` +
        (run.failures > 0 ? `, ${run.failures} failures` : ""),
    );
    return { ...run, cpuMsPerRequest };
  });
}

const results: OverheadResult[] = [];
try {
  // Each side's stacks: started in turn, so no side gets the machine's first or last minutes.
  const kinds = ["off", "facade", "both"] as const;
  const stacksOf = new Map<Side["name"], Side[]>(kinds.map((kind) => [kind, []]));
  for (let index = 0; index < stacks; index += 1) {
    for (const kind of kinds) stacksOf.get(kind)?.push(await startSide(kind, index));
  }
  const all = [...stacksOf.values()].flat();
  const [reference] = stacksOf.get("off") ?? [];
  if (reference === undefined) throw new Error("no stack started");
  const first = await postGraphQL(reference.facade, CAMPAIGNS_WITH_FUNDING, {
    id: accountId,
    after: null,
  });
  if (first.kind !== "answer" || first.errors.length > 0)
    throw new Error(`capture: ${JSON.stringify(first).slice(0, 400)}`);
  const expected = JSON.stringify(first.data);
  for (const connections of connectionsList) {
    log(`${connections} connection(s): warming up`);
    for (const side of all) {
      await check(side, expected);
      if (warmupSeconds > 0) await latencyLoad(side.facade, body, connections, warmupSeconds);
    }
    const measured = new Map<Side["name"], SideRound[]>(kinds.map((kind) => [kind, []]));
    for (let i = 0; i < rounds; i += 1) {
      // Every side in each round, request by request; each round moves to the next stack of
      // each side, and the loops' starting side turns with the round.
      const index = i % stacks;
      const order = kinds.map((_, k) => kinds[(k + i) % kinds.length] ?? "off");
      const sides = order.flatMap((kind) => stacksOf.get(kind)?.[index] ?? []);
      const roundResults = await measureTogether(sides, connections, expected);
      sides.forEach((side, k) => {
        const result = roundResults[k];
        if (result !== undefined) measured.get(side.name)?.push(result);
      });
    }
    const roundsOf = (kind: Side["name"]) => measured.get(kind) ?? [];
    results.push(
      compareSides(connections, roundsOf("off"), {
        facade: roundsOf("facade"),
        both: roundsOf("both"),
      }),
    );
  }
} finally {
  await shutdown();
}

const sinkCounts = sink.counts();
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
    sampler: process.env.BENCH_TRACING_SAMPLER ?? "parentbased_always_on (the SDK's default)",
    ...settings,
  },
  method:
    `${stacks} stacks per side from their sources (tsx), each process of its own over PGlite: ads-api ` +
    `(an account of ${campaigns} campaigns) and the facade in front of it, snapshots off ` +
    "(SNAPSHOT_WRITES=false, freshness 0: every request reads upstream). Off: no OTEL_* variable " +
    "(no SDK loaded). Facade only: OTEL_EXPORTER_OTLP_ENDPOINT set in the facade alone (an " +
    "upstream that traces nothing). Both: set in both services, one trace across them. Traced " +
    "spans (the facade's request, GraphQL operation and loader batches, each undici client call, " +
    "ads-api's request for it: about 10 per query) are batched and exported over OTLP/HTTP " +
    "(protobuf, the default) " +
    "to a local sink in the bench process that reads and discards them. Query: " +
    "account.campaigns(first: 1000) with each campaign's funding instrument (a loader batch), one " +
    "POST per request, closed loop over kept-alive connections, latency per request by " +
    "performance.now(). Each round is checked first (same data as captured, upstream read). " +
    "Each round loads the three sides together, request by request in turn (every connection " +
    "sends to off, facade, both, off, ...; the loops start on different sides), so a change in " +
    "the machine's speed falls on all of them alike; each round moves to the next stack of each " +
    "side (two processes of one build differ by several percent); p50 and p99 are medians of the " +
    "rounds' values; CPU: utime + stime of /proc/<pid>/stat of each side's processes over each round.",
  goal: `p50 with tracing on in both services less than ${P50_GOAL * 100}% above tracing off, every connection count, no failed request`,
  pass: runPasses(results, sinkCounts),
  results,
  sink: sinkCounts,
};
const file = await writeResult(out, report);
const table = markdownTable(report);
await writeFile(path.join(RESULTS, `${out}.md`), table);
console.log(`\n${table}`);
if (!allExported(sinkCounts))
  console.log("FAIL: the sink did not receive spans from every traced service");
console.log(`goal: ${report.pass ? "PASS" : "FAIL"}\nwrote ${file} (and .md)`);
process.exit(report.pass ? 0 : 1);
