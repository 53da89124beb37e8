// A bounded soak (issue 12, docs/benchmarks.md): the facade's maximum rate for a reference query
// (a short ramp), then that query at 80% of it for SOAK_SECONDS, sampling the resident memory of
// the facade's and ads-api's processes. Writes bench/results/soak.json.
import {
  startChildServers,
  rssBytes,
  wasmRssBytes,
  type Child,
  type ChildServers,
} from "./children.js";
import { postGraphQL } from "./graphql.js";
import { REFERENCE_QUERIES, type ReferenceQuery } from "./queries.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { percentile, round1 } from "./stats.js";

const engine =
  process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const);
const SECONDS = envNumber("SOAK_SECONDS", 600);
const WARMUP_SECONDS = envNumber("SOAK_WARMUP_SECONDS", Math.min(60, SECONDS / 5));
const SAMPLE_SECONDS = Math.max(1, envNumber("SOAK_SAMPLE_SECONDS", 5));
const RAMP_SECONDS = Math.max(1, envNumber("SOAK_RAMP_SECONDS", 10));
const LOAD_SHARE = 0.8;
const MAX_RSS_GROWTH = 0.1;
/**
 * The windows at each end of the measured time whose lowest RSS are compared: two minutes,
 * as long as the heap's waves of growth and collection, or a third of a shorter soak.
 */
const FLOOR_WINDOW_SECONDS = Math.min(120, (SECONDS - WARMUP_SECONDS) / 3);
/** Requests in flight beyond which the soak stops launching (the server has fallen behind). */
const MAX_IN_FLIGHT = 64;
const ACCOUNT = "soak1";
const QUERY = REFERENCE_QUERIES[0] as ReferenceQuery;
const data = {
  campaigns: envNumber("SOAK_CAMPAIGNS", 300),
  fundingInstruments: envNumber("SOAK_FUNDING_INSTRUMENTS", 60),
  cards: envNumber("SOAK_CARDS", 100),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const variables = { id: ACCOUNT, after: null };

/** One request of the query; true when it answered without errors. */
async function once(servers: ChildServers): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  const exchange = await postGraphQL(servers.facade, QUERY.document, variables);
  const ok = exchange.kind === "answer" && exchange.errors.length === 0 && exchange.data !== null;
  return { ok, ms: performance.now() - started };
}

/** Closed loop at each concurrency for RAMP_SECONDS: answers per second. */
async function ramp(servers: ChildServers) {
  // First answers compile code paths and fill caches: not part of any level.
  for (let i = 0; i < 10; i += 1) await once(servers);
  const levels = [];
  for (const concurrency of [1, 2, 4, 8, 16]) {
    const until = performance.now() + RAMP_SECONDS * 1000;
    let answered = 0;
    let errors = 0;
    const latencies: number[] = [];
    const worker = async () => {
      while (performance.now() < until) {
        const { ok, ms } = await once(servers);
        if (ok) answered += 1;
        else errors += 1;
        latencies.push(ms);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const rate = answered / ((performance.now() - started) / 1000);
    levels.push({
      concurrency,
      ratePerSecond: round1(rate),
      p50Ms: round1(percentile(latencies, 50)),
      errors,
    });
    console.log(`soak: ramp ${concurrency} at once: ${round1(rate)}/s`);
  }
  return { levels, maxRatePerSecond: Math.max(...levels.map((level) => level.ratePerSecond)) };
}

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
];

interface Sample {
  atSeconds: number;
  facade: Memory;
  adsApi: Memory;
}
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function memoryOf(child: Child): Promise<Memory> {
  const [rss, wasm, usage] = await Promise.all([
    rssBytes(child.pid),
    wasmRssBytes(child.pid),
    child.memoryUsage(),
  ]);
  return {
    rssMb: mb(rss),
    wasmMb: mb(wasm),
    heapUsedMb: mb(usage?.heapUsed ?? Number.NaN),
    liveHeapMb: mb(usage?.liveAfterMajorGc ?? Number.NaN),
    heapTotalMb: mb(usage?.heapTotal ?? Number.NaN),
    externalMb: mb(usage?.external ?? Number.NaN),
    arrayBuffersMb: mb(usage?.arrayBuffers ?? Number.NaN),
  };
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
  },
  // Every request asks ads-api (snapshots are recorded but never answer).
  facadeEnv: { SNAPSHOT_FRESH_SECONDS_ENTITY: "0", SNAPSHOT_FRESH_SECONDS_REFERENCE: "0" },
  memoryProbe: true,
});
let report;
try {
  const measured = await ramp(servers);
  const rate = LOAD_SHARE * measured.maxRatePerSecond;
  console.log(`soak: max ${measured.maxRatePerSecond}/s; ${round1(rate)}/s for ${SECONDS} s`);

  const samples: Sample[] = [];
  const latencies: number[] = [];
  let sent = 0;
  let answered = 0;
  let answeredInTime = 0;
  let errors = 0;
  let skipped = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const sampler = (async () => {
    while (elapsed() < SECONDS) {
      const atSeconds = Math.round(elapsed());
      const [facade, adsApi] = await Promise.all([
        memoryOf(servers.facade),
        memoryOf(servers.adsApi),
      ]);
      samples.push({ atSeconds, facade, adsApi });
      await sleep(SAMPLE_SECONDS * 1000);
    }
  })();
  const pending = new Set<Promise<void>>();
  // Open loop: request i is due at i / rate seconds, whether or not earlier ones have answered.
  for (let i = 0; ; i += 1) {
    const due = i / rate;
    if (due >= SECONDS) break;
    const wait = due - elapsed();
    if (wait > 0) await sleep(wait * 1000);
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped += 1;
      continue;
    }
    sent += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const request: Promise<void> = once(servers).then(({ ok, ms }) => {
      inFlight -= 1;
      pending.delete(request);
      if (ok) answered += 1;
      else errors += 1;
      if (ok && elapsed() < SECONDS) answeredInTime += 1;
      if (due >= WARMUP_SECONDS) latencies.push(ms);
    });
    pending.add(request);
    if (i % Math.max(1, Math.round(rate * 60)) === 0 && i > 0) {
      console.log(
        `soak: ${Math.round(elapsed())} s, ${answered} answered, ${errors} errors, ${skipped} skipped`,
      );
    }
  }
  await Promise.all(pending);
  await sampler;

  const memory = { facade: growth(samples, "facade"), adsApi: growth(samples, "adsApi") };
  const under = ({ rssMb }: typeof memory.facade) =>
    rssMb.trendGrowth < MAX_RSS_GROWTH && rssMb.lowGrowth < MAX_RSS_GROWTH;
  const checks = {
    facadeRssGrowthUnder: under(memory.facade),
    adsApiRssGrowthUnder: under(memory.adsApi),
    noErrors: errors === 0,
    rateSustained: skipped === 0,
  };
  report = {
    generatedAt: timestamp(),
    command: commandLine("soak", [
      "BENCH_DATABASE",
      "SOAK_SECONDS",
      "SOAK_WARMUP_SECONDS",
      "SOAK_SAMPLE_SECONDS",
      "SOAK_RAMP_SECONDS",
      "SOAK_CAMPAIGNS",
      "SOAK_FUNDING_INSTRUMENTS",
      "SOAK_CARDS",
    ]),
    environment: environment.atEnd(),
    setup: {
      engine,
      query: QUERY.name,
      data,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      sampleSeconds: SAMPLE_SECONDS,
      rampSeconds: RAMP_SECONDS,
      loadShare: LOAD_SHARE,
      floorWindowSeconds: FLOOR_WINDOW_SECONDS,
      maxInFlight: MAX_IN_FLIGHT,
    },
    passMarks: {
      memory:
        `resident memory of each process grows by less than ${100 * MAX_RSS_GROWTH}% over the measured window ` +
        "(after warm-up to the end), both as the rise of the least-squares line through every sample " +
        "relative to its start, and as the lowest RSS of the last `floorWindowSeconds` against the lowest of the first",
      errors: "every request answers without errors",
      rate: "the rate is sustained: no request skipped for lack of answers (at most `maxInFlight` in flight)",
    },
    pass: Object.values(checks).every(Boolean),
    checks,
    method:
      "ads-api and the facade run in child processes from their sources (tsx), logging at info, " +
      "ads-api's rate limits raised, the facade's snapshots recorded but never answering " +
      "(freshness 0). Ramp: the query in a closed loop at 1, 2, 4, 8 and 16 requests at once for " +
      "`rampSeconds` each; the maximum is the best rate. Soak: an open loop at `loadShare` of it " +
      "(request i due at i / rate seconds; with `maxInFlight` in flight later ones are skipped and " +
      "counted, and the rate was not sustained). Every `sampleSeconds` each process's RSS is read " +
      "from /proc/<pid>/status, the resident part of its WebAssembly memories (PGlite) from " +
      "/proc/<pid>/smaps (an accessible mapping and its guard, 8 GiB or more together), and its own " +
      "process.memoryUsage() and the heap in use just after its last full collection (liveHeapMb) " +
      "from a probe loaded with `node --import` (bench/src/memory-probe.ts). Growth over the measured " +
      "window: the least-squares line through every RSS sample after warm-up, its rise relative to " +
      "its start (trendGrowth); and the lowest RSS of the last `floorWindowSeconds` against the " +
      "lowest of the first (lowGrowth). The same figures of the other measures tell where growth is.",
    ramp: measured,
    load: {
      targetPerSecond: round1(rate),
      sent,
      skipped,
      answered,
      errors,
      /** Answers that came back within the soak's time, per second of it. */
      achievedPerSecond: round1(answeredInTime / SECONDS),
      maxInFlight,
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(percentile(latencies, 99)),
    },
    memory,
    samples,
  };
} finally {
  await servers.close();
}
const { facade, adsApi } = report.memory;
console.log(
  `soak: ${report.pass ? "PASS" : "FAIL"}; ${report.load.achievedPerSecond}/s of ${report.load.targetPerSecond}/s, ${report.load.skipped} skipped; ` +
    `RSS growth facade ${round1(100 * facade.rssMb.trendGrowth)}% (trend), ${round1(100 * facade.rssMb.lowGrowth)}% (lows); ` +
    `ads-api ${round1(100 * adsApi.rssMb.trendGrowth)}%, ${round1(100 * adsApi.rssMb.lowGrowth)}%; wrote ${await writeResult("soak", report)}`,
);
process.exit(report.pass ? 0 : 1);
