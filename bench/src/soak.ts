// The soak (issue 12, issue 34 point 7; docs/benchmarks.md "Soak"): ads-api and the facade in
// processes of their own under a steady mixed load (GraphQL reads and writes, activity events,
// one GraphQL subscription receiving them) for SOAK_SECONDS, sampling each process's resident
// memory and heap. Writes bench/results/<SOAK_OUT>.{json,svg,md}: the curve and the verdict.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import {
  startChildServers,
  brkHeapBytes,
  rssBytes,
  wasmRssBytes,
  type Child,
  type ProcessMemory,
} from "./children.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { runMixedLoad, type Rates } from "./soak-load.js";
import { curveTable, renderCurves } from "./soak-report.js";
import { round1 } from "./stats.js";

const engine =
  process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const);
const OUT = process.env.SOAK_OUT ?? "soak-mixed";
const SECONDS = envNumber("SOAK_SECONDS", 1800);
/** Caches fill, code is compiled and V8's heap finds its size in the first minutes. */
const WARMUP_SECONDS = envNumber("SOAK_WARMUP_SECONDS", SECONDS >= 900 ? 300 : SECONDS / 5);
const SAMPLE_SECONDS = Math.max(1, envNumber("SOAK_SAMPLE_SECONDS", 15));
const RATES: Rates = {
  readsPerSecond: envNumber("SOAK_READS_PER_SECOND", 2),
  writesPerSecond: envNumber("SOAK_WRITES_PER_SECOND", 1),
  eventsPerSecond: envNumber("SOAK_EVENTS_PER_SECOND", 2),
};
/** Heap snapshots of ads-api at the end of warm-up and at the end (SOAK_HEAP_SNAPSHOTS=1). */
const HEAP_SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS === "1";
const MAX_RSS_GROWTH = 0.1;
/**
 * The windows at each end of the measured time whose lowest RSS are compared: two minutes,
 * as long as the heap's waves of growth and collection, or a third of a shorter soak.
 */
const FLOOR_WINDOW_SECONDS = Math.min(120, (SECONDS - WARMUP_SECONDS) / 3);
const ACCOUNT = "soak1";
const data = {
  campaigns: envNumber("SOAK_CAMPAIGNS", 300),
  fundingInstruments: envNumber("SOAK_FUNDING_INSTRUMENTS", 60),
  cards: envNumber("SOAK_CARDS", 100),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Least-squares line of y over x. */
function fit(points: readonly (readonly [number, number])[]) {
  const n = points.length;
  const mean = (index: 0 | 1) => points.reduce((sum, point) => sum + point[index], 0) / n;
  const [mx, my] = [mean(0), mean(1)];
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, at: (x: number) => my + slope * (x - mx) };
}

/** One process's memory at one time, in MB: RSS, and what its own process.memoryUsage() says. */
interface Memory {
  rssMb: number;
  /** Resident pages of its WebAssembly memories (PGlite's PostgreSQL). */
  wasmMb: number;
  heapUsedMb: number;
  /** heapUsed just after the last full collection: the live objects. */
  liveHeapMb: number;
  heapTotalMb: number;
  /** C++ objects bound to JavaScript, ArrayBuffers included. */
  externalMb: number;
  arrayBuffersMb: number;
  /** RSS less heapTotal, wasm and arrayBuffers: native allocations, code, stacks. */
  outsideMb: number;
  /** Resident part of the brk heap (main malloc arena): native allocations. */
  brkHeapMb: number;
}
type Measure = keyof Memory;
const MEASURES: Measure[] = [
  "rssMb",
  "wasmMb",
  "heapUsedMb",
  "liveHeapMb",
  "heapTotalMb",
  "externalMb",
  "arrayBuffersMb",
  "outsideMb",
  "brkHeapMb",
];

interface Sample {
  atSeconds: number;
  facade: Memory;
  adsApi: Memory;
}
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function memoryOf(
  child: Child,
): Promise<{ memory: Memory; resources: ProcessMemory["resources"] }> {
  const [rss, wasm, brk, usage] = await Promise.all([
    rssBytes(child.pid),
    wasmRssBytes(child.pid),
    brkHeapBytes(child.pid),
    child.memoryUsage(),
  ]);
  const memory = {
    rssMb: mb(rss),
    wasmMb: mb(wasm),
    heapUsedMb: mb(usage?.heapUsed ?? Number.NaN),
    liveHeapMb: mb(usage?.liveAfterMajorGc ?? Number.NaN),
    heapTotalMb: mb(usage?.heapTotal ?? Number.NaN),
    externalMb: mb(usage?.external ?? Number.NaN),
    arrayBuffersMb: mb(usage?.arrayBuffers ?? Number.NaN),
    outsideMb: 0,
    brkHeapMb: mb(brk),
  };
  // What no other measure holds: native allocations, code, stacks (RSS less the V8 heap, the
  // resident WebAssembly memories and the ArrayBuffers).
  memory.outsideMb = round1(
    memory.rssMb - memory.heapTotalMb - memory.wasmMb - memory.arrayBuffersMb,
  );
  return { memory, resources: usage?.resources };
}

/**
 * Growth of one process's memory over the whole measured window, two ways: the rise of the
 * least-squares line through every sample after warm-up, relative to its value at the start;
 * and the lowest value of the last window against the lowest of the first (lows are what is
 * left after a collection, steadier than medians when memory swings in waves). RSS is the pass
 * mark; the other measures tell where growth is (liveHeapMb: objects that survive collection).
 */
function growth(samples: readonly Sample[], key: "facade" | "adsApi") {
  const measured = samples.filter((s) => s.atSeconds >= WARMUP_SECONDS);
  const first = measured[0]?.atSeconds ?? WARMUP_SECONDS;
  const last = measured.at(-1)?.atSeconds ?? SECONDS;
  const share = (to: number, from: number) => Math.round((1000 * (to - from)) / from) / 1000;
  const of = (measure: Measure) => {
    const line = fit(measured.map((s) => [s.atSeconds, s[key][measure]] as const));
    const low = (from: number, to: number) =>
      Math.min(
        ...measured
          .filter((s) => s.atSeconds >= from && s.atSeconds <= to)
          .map((s) => s[key][measure]),
      );
    const firstWindowLowMb = low(first, first + FLOOR_WINDOW_SECONDS);
    const lastWindowLowMb = low(last - FLOOR_WINDOW_SECONDS, last);
    return {
      fittedStartMb: round1(line.at(first)),
      fittedEndMb: round1(line.at(last)),
      trendMbPerMinute: round1(60 * line.slope),
      trendGrowth: share(line.at(last), line.at(first)),
      firstWindowLowMb,
      lastWindowLowMb,
      lowGrowth: share(lastWindowLowMb, firstWindowLowMb),
      minMb: Math.min(...measured.map((s) => s[key][measure])),
      maxMb: Math.max(...measured.map((s) => s[key][measure])),
    };
  };
  return Object.fromEntries(MEASURES.map((measure) => [measure, of(measure)])) as Record<
    Measure,
    ReturnType<typeof of>
  >;
}

const environment = machine();
console.log(`soak: starting ads-api and the facade (${engine}, child processes)`);
const servers = await startChildServers({
  engine,
  bench: { accountId: ACCOUNT, ...data },
  adsApiEnv: {
    ADS_API_RATE_LIMIT: "100000000",
    ADS_API_ACCOUNT_RATE_LIMIT: "100000000",
    ADS_API_TOTAL_COUNT_LIMIT: "100000000",
    ADS_API_ACTIVITY_ADMIN: "true",
  },
  // Every read asks ads-api (snapshots are recorded but never answer).
  facadeEnv: { SNAPSHOT_FRESH_SECONDS_ENTITY: "0", SNAPSHOT_FRESH_SECONDS_REFERENCE: "0" },
  memoryProbe: true,
  ...(HEAP_SNAPSHOTS && { adsApiNodeArgs: ["--expose-gc"] }),
});

/** Asks ads-api's probe for a full collection and a heap snapshot at `to` (memory-probe.ts). */
async function snapshot(to: string): Promise<void> {
  const file = servers.memoryFiles.adsApi;
  if (file === undefined) return;
  await writeFile(`${file}.snapshot`, to);
  process.kill(servers.adsApi.pid, "SIGUSR2");
  console.log(`soak: heap snapshot of ads-api asked for: ${to}`);
}

let report;
try {
  const samples: Sample[] = [];
  const resources: { atSeconds: number; facade: unknown; adsApi: unknown }[] = [];
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  // Set when the load ends (an object: the sampler's loop reads it after awaits).
  const phase = { loadDone: false };
  const sampler = (async () => {
    let snapshotted = !HEAP_SNAPSHOTS;
    while (!phase.loadDone) {
      const atSeconds = Math.round(elapsed());
      const [facade, adsApi] = await Promise.all([
        memoryOf(servers.facade),
        memoryOf(servers.adsApi),
      ]);
      samples.push({ atSeconds, facade: facade.memory, adsApi: adsApi.memory });
      resources.push({ atSeconds, facade: facade.resources, adsApi: adsApi.resources });
      if (atSeconds % 60 < SAMPLE_SECONDS) {
        console.log(
          `soak: ${atSeconds} s: RSS facade ${facade.memory.rssMb} MB, ads-api ${adsApi.memory.rssMb} MB; live heap ${facade.memory.liveHeapMb} / ${adsApi.memory.liveHeapMb} MB`,
        );
      }
      if (!snapshotted && atSeconds >= WARMUP_SECONDS) {
        snapshotted = true;
        await snapshot(path.resolve(`soak-ads-api-${Math.round(atSeconds)}s.heapsnapshot`));
      }
      await sleep(SAMPLE_SECONDS * 1000);
    }
  })();
  console.log(
    `soak: ${SECONDS} s at ${RATES.readsPerSecond} reads, ${RATES.writesPerSecond} writes and ${RATES.eventsPerSecond} events per second, one subscription`,
  );
  const load = await runMixedLoad(servers, {
    rates: RATES,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    accountId: ACCOUNT,
    userId: DEMO.user.id,
  }).finally(() => {
    phase.loadDone = true;
  });
  await sampler;
  if (HEAP_SNAPSHOTS) {
    await snapshot(path.resolve(`soak-ads-api-${Math.round(elapsed())}s.heapsnapshot`));
    await sleep(30_000);
  }

  const memory = { facade: growth(samples, "facade"), adsApi: growth(samples, "adsApi") };
  const under = ({ rssMb }: typeof memory.facade) =>
    rssMb.trendGrowth < MAX_RSS_GROWTH && rssMb.lowGrowth < MAX_RSS_GROWTH;
  const lanes = [load.reads, load.writes, load.events];
  const checks = {
    facadeRssGrowthUnder: under(memory.facade),
    adsApiRssGrowthUnder: under(memory.adsApi),
    noErrors: lanes.every((lane) => lane.errors === 0) && load.subscription.errors.length === 0,
    rateSustained: lanes.every((lane) => lane.skipped === 0),
    subscriptionReceivedEveryEvent:
      load.subscription.stored > 0 && load.subscription.received === load.subscription.stored,
  };
  report = {
    generatedAt: timestamp(),
    command: commandLine("soak", [
      "BENCH_DATABASE",
      "SOAK_OUT",
      "SOAK_SECONDS",
      "SOAK_WARMUP_SECONDS",
      "SOAK_SAMPLE_SECONDS",
      "SOAK_READS_PER_SECOND",
      "SOAK_WRITES_PER_SECOND",
      "SOAK_EVENTS_PER_SECOND",
      "SOAK_CAMPAIGNS",
      "SOAK_FUNDING_INSTRUMENTS",
      "SOAK_CARDS",
    ]),
    environment: environment.atEnd(),
    setup: {
      engine,
      rates: RATES,
      data,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      sampleSeconds: SAMPLE_SECONDS,
      floorWindowSeconds: FLOOR_WINDOW_SECONDS,
    },
    passMarks: {
      memory:
        `resident memory of each process stays within ${100 * MAX_RSS_GROWTH}% of its value after warm-up ` +
        "(the first `warmupSeconds`), both as the rise of the least-squares line through every sample " +
        "after warm-up relative to its start, and as the lowest RSS of the last `floorWindowSeconds` against the lowest of the first",
      errors: "every request and the subscription answer without errors",
      rate: "every rate is sustained: no request skipped for lack of answers (at most 32 of a kind in flight)",
      subscription: "the subscription receives every event stored while it is live",
    },
    pass: Object.values(checks).every(Boolean),
    checks,
    method:
      "ads-api and the facade run in child processes from their sources (tsx), logging at info, " +
      "ads-api's rate limits raised and its loopback activity endpoint on, the facade's snapshots " +
      "recorded but never answering (freshness 0). The facade's dev session (the demo user) opens one " +
      "`activityEvents` subscription over graphql-ws, then three open loops run at once, each at its rate " +
      "(request i due at i / rate seconds; with 32 of a kind in flight later ones are skipped and counted): " +
      "reads (the first reference query, 300 campaigns with their funding instruments), writes " +
      "(updateCampaign of one of 20 campaigns in turn, the daily budget between two values, so the data " +
      "does not grow) and activity events (one bio change of the demo user per request, through " +
      "POST /_admin/activity/events), which the subscription receives. Every `sampleSeconds` each " +
      "process's RSS is read from /proc/<pid>/status, the resident part of its WebAssembly memories " +
      "(PGlite) from /proc/<pid>/smaps, and its own process.memoryUsage(), the heap in use just after " +
      "its last full collection (liveHeapMb) and its active handles by kind from a probe loaded with " +
      "`node --import` (bench/src/memory-probe.ts). Growth over the measured window (after warm-up): " +
      "the least-squares line through every RSS sample, its rise relative to its start (trendGrowth); " +
      "and the lowest RSS of the last `floorWindowSeconds` against the lowest of the first (lowGrowth).",
    load,
    memory,
    samples,
    resources,
  };
} finally {
  await servers.close();
}
const { facade, adsApi } = report.memory;
const verdictOf = (name: string, growthOf: typeof facade) => ({
  name,
  baselineMb: growthOf.rssMb.firstWindowLowMb,
  verdict:
    `RSS ${growthOf.rssMb.trendGrowth >= 0 ? "+" : ""}${round1(100 * growthOf.rssMb.trendGrowth)}% (trend), ` +
    `${growthOf.rssMb.lowGrowth >= 0 ? "+" : ""}${round1(100 * growthOf.rssMb.lowGrowth)}% (lows) after warm-up; ` +
    `${growthOf.rssMb.trendMbPerMinute} MB/min`,
});
const results = path.resolve(import.meta.dirname, "..", "results");
const minutes = round1(SECONDS / 60);
await writeFile(
  path.join(results, `${OUT}.svg`),
  renderCurves(
    report.samples,
    { facade: verdictOf("facade", facade), adsApi: verdictOf("ads-api", adsApi) },
    {
      title: `Soak: ${minutes} minutes of mixed load (${engine}) — ${report.pass ? "PASS" : "FAIL"}`,
      subtitle: `${RATES.readsPerSecond} reads, ${RATES.writesPerSecond} writes, ${RATES.eventsPerSecond} events/s, 1 subscription; load average ${report.environment.loadAverageAtStart[0]} → ${report.environment.loadAverageAtEnd[0]}.`,
      warmupSeconds: WARMUP_SECONDS,
      band: MAX_RSS_GROWTH,
    },
  ),
);
await writeFile(
  path.join(results, `${OUT}.md`),
  `# Soak: ${minutes} minutes of mixed load (${engine}): ${report.pass ? "PASS" : "FAIL"}\n\n` +
    `Generated ${report.generatedAt} by \`${report.command}\` (docs/benchmarks.md "Soak").\n` +
    `Load average ${report.environment.loadAverageAtStart.join(", ")} at the start, ` +
    `${report.environment.loadAverageAtEnd.join(", ")} at the end (a shared machine).\n\n` +
    `- facade: ${verdictOf("facade", facade).verdict}\n- ads-api: ${verdictOf("ads-api", adsApi).verdict}\n` +
    `- checks: ${Object.entries(report.checks)
      .map(([name, ok]) => `${name} ${ok ? "yes" : "**no**"}`)
      .join(", ")}\n\n` +
    `${curveTable(report.samples, 60)}\n`,
);
console.log(
  `soak: ${report.pass ? "PASS" : "FAIL"}; ${JSON.stringify(report.checks)}; ` +
    `RSS growth facade ${round1(100 * facade.rssMb.trendGrowth)}% (trend), ${round1(100 * facade.rssMb.lowGrowth)}% (lows); ` +
    `ads-api ${round1(100 * adsApi.rssMb.trendGrowth)}%, ${round1(100 * adsApi.rssMb.lowGrowth)}%; wrote ${await writeResult(OUT, report)} (and .svg, .md)`,
);
process.exit(report.pass ? 0 : 1);
