// The facade's reference queries against ads-api with a fixed upstream latency, with the
// loaders on and off (docs/benchmarks.md). Writes bench/results/reference-queries.{json,svg}
// (reference-queries-postgresql.* with BENCH_DATABASE=postgresql, so both engines' runs are kept).
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { renderChart, type ChartRow } from "./chart.js";
import { METRICS_QUERIES } from "./metrics-queries.js";
import { REFERENCE_QUERIES, type ReferenceQuery, type Walk } from "./queries.js";
import { startBenchServers, type Facade } from "./servers.js";
import { envNumber } from "./env-number.js";
import { percentile, round1 } from "./stats.js";

const number = envNumber;

const setup = {
  accountId: "bench1",
  campaigns: number("BENCH_CAMPAIGNS", 2000),
  fundingInstruments: number("BENCH_FUNDING_INSTRUMENTS", 400),
  cards: number("BENCH_CARDS", 1000),
  lineItemsPerCampaign: number("BENCH_LINE_ITEMS_PER_CAMPAIGN", 1),
  attachmentsPerLineItem: number("BENCH_ATTACHMENTS_PER_LINE_ITEM", 1),
  latencyMs: number("BENCH_LATENCY_MS", 20),
  engine:
    process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const),
};
const ITERATIONS = number("BENCH_ITERATIONS", 30);
const NAIVE_ITERATIONS = number("BENCH_NAIVE_ITERATIONS", 5);
/** Runs with an idle pause before each, as users leave between queries (the writer drains then). */
const IDLE_ITERATIONS = number("BENCH_IDLE_ITERATIONS", ITERATIONS);
const IDLE_GAP_MS = number("BENCH_IDLE_GAP_MS", 300);
const WARMUP = 2;
/** Comma-separated query names to run (default: all). */
const ONLY = process.env.BENCH_ONLY?.split(",").filter((name) => name !== "");
/** "p50 within 15% of the floor plus the facade's own time at zero latency". */
const TOLERANCE = 0.15;
const RESULTS = path.resolve(import.meta.dirname, "..", "results");
/** BENCH_RESULT names the files of a partial run (BENCH_ONLY) so the full run's stay. */
const RESULT_NAME =
  process.env.BENCH_RESULT ??
  (setup.engine === "pglite" ? "reference-queries" : `reference-queries-${setup.engine}`);

/**
 * Runs a query on each facade in turn, `runs` times (after `warmup` runs each): alternating
 * keeps the modes under the same load from whatever else the machine is doing. With `gapMs`,
 * each run follows that long a pause; `busyStarts` counts measured runs that began while a
 * snapshot writer still had work (the pause was too short to drain it).
 */
async function measure(
  query: ReferenceQuery,
  facades: readonly Facade[],
  runs: number,
  gapMs = 0,
  warmup = WARMUP,
): Promise<{ walks: Walk[][]; busyStarts: number }> {
  const walks = facades.map((): Walk[] => []);
  let busyStarts = 0;
  for (let i = 0; i < warmup + runs; i += 1) {
    for (const [index, facade] of facades.entries()) {
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      if (i >= warmup && !servers.writersIdle()) busyStarts += 1;
      const walk = await query.run(facade, setup.accountId);
      if (i >= warmup) walks[index]?.push(walk);
    }
  }
  return { walks, busyStarts };
}

function summary(walks: readonly Walk[], pollsVary = false) {
  const first = walks[0];
  if (first === undefined) throw new Error("no runs");
  const requests = walks.map((walk) => walk.upstreamRequests);
  for (const walk of walks) {
    if (
      (!pollsVary && walk.upstreamRequests !== first.upstreamRequests) ||
      walk.items !== first.items
    ) {
      throw new Error("runs of one query made different requests or read different items");
    }
  }
  const ms = walks.map((w) => w.ms);
  return {
    runs: walks.length,
    graphqlRequests: first.graphqlRequests,
    items: first.items,
    // The fewest of the runs (the same in every run unless polls vary).
    upstreamRequests: Math.min(...requests),
    ...(pollsVary ? { upstreamRequestsMax: Math.max(...requests) } : {}),
    p50Ms: round1(percentile(ms, 50)),
    p95Ms: round1(percentile(ms, 95)),
  };
}

console.log(
  `bench: seeding ${setup.campaigns} campaigns over ${setup.fundingInstruments} funding instruments and ${setup.cards} cards, ${setup.lineItemsPerCampaign} line items per campaign with ${setup.attachmentsPerLineItem} attachment(s) of each kind (${setup.engine}), upstream latency ${setup.latencyMs} ms`,
);
const servers = await startBenchServers(setup);
const results = [];
const rows: ChartRow[] = [];
try {
  for (const query of [...REFERENCE_QUERIES, ...METRICS_QUERIES]) {
    if (ONLY !== undefined && !ONLY.includes(query.name)) continue;
    const backToBack = await measure(
      query,
      [servers.zeroLatency, servers.batched, servers.zeroLatencyNoSnapshots],
      ITERATIONS,
    );
    const [zeroWalks = [], batchedWalks = [], noSnapshotWalks = []] = backToBack.walks;
    const vary = query.pollsVary === true;
    const zero = summary(zeroWalks, vary);
    const noSnapshots = summary(noSnapshotWalks, vary);
    const batched = summary(batchedWalks, vary);
    const naiveRuns = Math.min(NAIVE_ITERATIONS, query.naiveRuns ?? NAIVE_ITERATIONS);
    const naiveWarmup = query.naiveRuns === undefined ? WARMUP : 0;
    const naive = summary(
      (await measure(query, [servers.naive], naiveRuns, 0, naiveWarmup)).walks[0] ?? [],
      vary,
    );
    // The same zero-latency query, writes on and off, each run after an idle pause. The backlog
    // of the runs above (loaders off queue thousands of reads) is written first: only what each
    // measured run itself queued may still be draining when the next one starts.
    await servers.flushWriters();
    const idle = await measure(
      query,
      [servers.zeroLatency, servers.zeroLatencyNoSnapshots],
      IDLE_ITERATIONS,
      IDLE_GAP_MS,
    );
    const idleWrites = summary(idle.walks[0] ?? [], vary);
    const idleNoWrites = summary(idle.walks[1] ?? [], vary);
    const reference = batchedWalks[0] as Walk;
    if (zero.items !== batched.items || naive.items !== batched.items) {
      throw new Error(`${query.name}: the modes read different items`);
    }
    const floorMs = reference.dependentLevels * setup.latencyMs;
    const expectedMs = floorMs + zero.p50Ms;
    const result = {
      query: query.name,
      description: query.description,
      graphqlRequests: reference.graphqlRequests,
      items: reference.items,
      minimumUpstreamRequests: reference.minimumRequests,
      dependentLevels: reference.dependentLevels,
      floorMs,
      zeroLatency: zero,
      loadersOn: batched,
      loadersOff: naive,
      // Same zero-latency query with SNAPSHOT_WRITES=false, back to back: what recording
      // snapshots costs under saturation (the writer drains between requests).
      zeroLatencyWithoutSnapshotWrites: noSnapshots,
      snapshotWriteOverheadP50Ms: round1(zero.p50Ms - noSnapshots.p50Ms),
      // Writes on and off with an idle pause before each run: what recording adds to a response.
      withIdleGaps: {
        gapMs: IDLE_GAP_MS,
        snapshotWritesOn: idleWrites,
        snapshotWritesOff: idleNoWrites,
        snapshotWriteOverheadP50Ms: round1(idleWrites.p50Ms - idleNoWrites.p50Ms),
        runsStartedWhileWriting: idle.busyStarts,
      },
      checks: {
        upstreamRequestsAtMinimum: batched.upstreamRequests === reference.minimumRequests,
        expectedMs: round1(expectedMs),
        p50DeviationFromExpected:
          Math.round((1000 * (batched.p50Ms - expectedMs)) / expectedMs) / 1000,
        p50WithinTolerance: Math.abs(batched.p50Ms - expectedMs) <= TOLERANCE * expectedMs,
      },
    };
    results.push(result);
    rows.push({
      name: `${query.name}: ${reference.items} items, ${reference.graphqlRequests} GraphQL request(s)`,
      floorMs,
      expectedMs,
      batchedP50: batched.p50Ms,
      batchedP95: batched.p95Ms,
      naiveP50: naive.p50Ms,
      naiveP95: naive.p95Ms,
      minimumRequests: reference.minimumRequests,
      batchedRequests: batched.upstreamRequests,
      naiveRequests: naive.upstreamRequests,
      verdict:
        `loaders on: ${batched.upstreamRequests} upstream requests (minimum ${reference.minimumRequests}` +
        `${result.checks.upstreamRequestsAtMinimum ? ", at the minimum" : ", ABOVE the minimum"}); ` +
        `p50 ${batched.p50Ms} ms vs floor + own time ${round1(expectedMs)} ms ` +
        `(${result.checks.p50DeviationFromExpected >= 0 ? "+" : ""}${round1(100 * result.checks.p50DeviationFromExpected)}%, ` +
        `${result.checks.p50WithinTolerance ? "within" : "OUTSIDE"} ${100 * TOLERANCE}%)`,
    });
    console.log(
      `${query.name}: upstream ${batched.upstreamRequests} (minimum ${reference.minimumRequests}, loaders off ${naive.upstreamRequests}); ` +
        `p50 ${batched.p50Ms} ms p95 ${batched.p95Ms} ms (floor ${floorMs} + own ${zero.p50Ms} = ${round1(expectedMs)} ms; loaders off p50 ${naive.p50Ms} ms; ` +
        `own time without snapshot writes ${noSnapshots.p50Ms} ms); ` +
        `after ${IDLE_GAP_MS} ms pauses: writes on ${idleWrites.p50Ms} ms, off ${idleNoWrites.p50Ms} ms ` +
        `(${idle.busyStarts} runs started while writing)`,
    );
  }
} finally {
  await servers.close();
}

const report = {
  generatedAt: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
  environment: {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    platform: `${os.platform()} ${os.arch()}`,
  },
  setup: {
    ...setup,
    iterations: ITERATIONS,
    naiveIterations: NAIVE_ITERATIONS,
    idleIterations: IDLE_ITERATIONS,
    idleGapMs: IDLE_GAP_MS,
    warmup: WARMUP,
  },
  method:
    "ads-api and the facade run in this process on loopback. Each query is run `warmup` times, then " +
    "measured, alternating the zero-latency and the latency facades run by run; latency is the wall time of all its GraphQL requests (pages). Upstream requests come " +
    "from the facade's rest-client hook (extensions.upstream). The minimum is, per GraphQL request, " +
    "the sum over levels of ceil(distinct ids / 200) plus the list pages; the floor is the dependent " +
    "upstream levels times the latency; the expected time is the floor plus the p50 of the same " +
    "query with no upstream latency (the facade's and ads-api's own time). Snapshots are written " +
    "but never answer (freshness 0); the zero-latency run is repeated with SNAPSHOT_WRITES=false " +
    "back to back (zeroLatencyWithoutSnapshotWrites: the cost of recording under saturation), and " +
    "both zero-latency facades are run again alternately with an idle pause of `idleGapMs` before " +
    "each run (withIdleGaps: what recording adds to a response when the writer can drain between " +
    "queries, as between real users' queries; runsStartedWhileWriting counts runs that began " +
    "before every writer had drained).",
  results,
};
await mkdir(RESULTS, { recursive: true });
await writeFile(path.join(RESULTS, `${RESULT_NAME}.json`), `${JSON.stringify(report, null, 2)}\n`);
await writeFile(
  path.join(RESULTS, `${RESULT_NAME}.svg`),
  renderChart(
    rows,
    `adsgraph reference queries, upstream latency ${setup.latencyMs} ms`,
    `${setup.campaigns} campaigns, ${setup.fundingInstruments} funding instruments, ${setup.cards} cards; ` +
      `p50 of ${ITERATIONS} runs (loaders off: ${NAIVE_ITERATIONS}); ${report.generatedAt}, Node ${process.version}, ${report.environment.cpus} CPUs`,
  ),
);
console.log(`bench: wrote ${path.relative(process.cwd(), RESULTS)}/${RESULT_NAME}.{json,svg}`);
process.exit(0);
