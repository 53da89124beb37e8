// The facade's reference queries against ads-api with a fixed upstream latency, with the
// loaders on and off (README "Benchmark"). Writes bench/results/reference-queries.{json,svg}.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { renderChart, type ChartRow } from "./chart.js";
import { REFERENCE_QUERIES, type ReferenceQuery, type Walk } from "./queries.js";
import { startBenchServers, type Facade } from "./servers.js";
import { percentile, round1 } from "./stats.js";

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};

const setup = {
  accountId: "bench1",
  campaigns: number("BENCH_CAMPAIGNS", 2000),
  fundingInstruments: number("BENCH_FUNDING_INSTRUMENTS", 400),
  cards: number("BENCH_CARDS", 1000),
  latencyMs: number("BENCH_LATENCY_MS", 20),
  engine:
    process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const),
};
const ITERATIONS = number("BENCH_ITERATIONS", 30);
const NAIVE_ITERATIONS = number("BENCH_NAIVE_ITERATIONS", 5);
const WARMUP = 2;
/** Comma-separated query names to run (default: all). */
const ONLY = process.env.BENCH_ONLY?.split(",").filter((name) => name !== "");
/** "p50 within 15% of the floor plus the facade's own time at zero latency". */
const TOLERANCE = 0.15;
const RESULTS = path.resolve(import.meta.dirname, "..", "results");

/**
 * Runs a query on each facade in turn, `runs` times (after WARMUP runs each): alternating
 * keeps the modes under the same load from whatever else the machine is doing.
 */
async function measure(
  query: ReferenceQuery,
  facades: readonly Facade[],
  runs: number,
): Promise<Walk[][]> {
  const walks = facades.map((): Walk[] => []);
  for (let i = 0; i < WARMUP + runs; i += 1) {
    for (const [index, facade] of facades.entries()) {
      const walk = await query.run(facade, setup.accountId);
      if (i >= WARMUP) walks[index]?.push(walk);
    }
  }
  return walks;
}

function summary(walks: readonly Walk[]) {
  const first = walks[0];
  if (first === undefined) throw new Error("no runs");
  for (const walk of walks) {
    if (walk.upstreamRequests !== first.upstreamRequests || walk.items !== first.items) {
      throw new Error("runs of one query made different requests or read different items");
    }
  }
  const ms = walks.map((w) => w.ms);
  return {
    runs: walks.length,
    graphqlRequests: first.graphqlRequests,
    items: first.items,
    upstreamRequests: first.upstreamRequests,
    p50Ms: round1(percentile(ms, 50)),
    p95Ms: round1(percentile(ms, 95)),
  };
}

console.log(
  `bench: seeding ${setup.campaigns} campaigns over ${setup.fundingInstruments} funding instruments and ${setup.cards} cards (${setup.engine}), upstream latency ${setup.latencyMs} ms`,
);
const servers = await startBenchServers(setup);
const results = [];
const rows: ChartRow[] = [];
try {
  for (const query of REFERENCE_QUERIES) {
    if (ONLY !== undefined && !ONLY.includes(query.name)) continue;
    const [zeroWalks = [], batchedWalks = [], noSnapshotWalks = []] = await measure(
      query,
      [servers.zeroLatency, servers.batched, servers.zeroLatencyNoSnapshots],
      ITERATIONS,
    );
    const zero = summary(zeroWalks);
    const noSnapshots = summary(noSnapshotWalks);
    const batched = summary(batchedWalks);
    const naive = summary((await measure(query, [servers.naive], NAIVE_ITERATIONS))[0] ?? []);
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
      // Same zero-latency query with SNAPSHOT_WRITES=false: what recording snapshots adds to a response.
      zeroLatencyWithoutSnapshotWrites: noSnapshots,
      snapshotWriteOverheadP50Ms: round1(zero.p50Ms - noSnapshots.p50Ms),
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
        `own time without snapshot writes ${noSnapshots.p50Ms} ms)`,
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
  setup: { ...setup, iterations: ITERATIONS, naiveIterations: NAIVE_ITERATIONS, warmup: WARMUP },
  method:
    "ads-api and the facade run in this process on loopback. Each query is run `warmup` times, then " +
    "measured, alternating the zero-latency and the latency facades run by run; latency is the wall time of all its GraphQL requests (pages). Upstream requests come " +
    "from the facade's rest-client hook (extensions.upstream). The minimum is, per GraphQL request, " +
    "the sum over levels of ceil(distinct ids / 200) plus the list pages; the floor is the dependent " +
    "upstream levels times the latency; the expected time is the floor plus the p50 of the same " +
    "query with no upstream latency (the facade's and ads-api's own time). Snapshots are written " +
    "but never answer (freshness 0); the zero-latency run is repeated with SNAPSHOT_WRITES=false " +
    "to show what recording snapshots adds to a response.",
  results,
};
await mkdir(RESULTS, { recursive: true });
await writeFile(
  path.join(RESULTS, "reference-queries.json"),
  `${JSON.stringify(report, null, 2)}\n`,
);
await writeFile(
  path.join(RESULTS, "reference-queries.svg"),
  renderChart(
    rows,
    `adsgraph reference queries, upstream latency ${setup.latencyMs} ms`,
    `${setup.campaigns} campaigns, ${setup.fundingInstruments} funding instruments, ${setup.cards} cards; ` +
      `p50 of ${ITERATIONS} runs (loaders off: ${NAIVE_ITERATIONS}); ${report.generatedAt}, Node ${process.version}, ${report.environment.cpus} CPUs`,
  ),
);
console.log(`bench: wrote ${path.relative(process.cwd(), RESULTS)}/reference-queries.{json,svg}`);
process.exit(0);
