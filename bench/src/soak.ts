// A bounded soak (issue 12, README "Benchmark"): the facade's maximum rate for a reference query
// (a short ramp), then that query at 80% of it for SOAK_SECONDS, sampling the resident memory of
// the facade's and ads-api's processes. Writes bench/results/soak.json.
import { startChildServers, rssBytes, type ChildServers } from "./children.js";
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

/** Least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  const mean = (index: 0 | 1) => points.reduce((sum, point) => sum + point[index], 0) / n;
  const [mx, my] = [mean(0), mean(1)];
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

interface Sample {
  atSeconds: number;
  facadeRssMb: number;
  adsApiRssMb: number;
}
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

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
});
let report;
try {
  const measured = await ramp(servers);
  const rate = LOAD_SHARE * measured.maxRatePerSecond;
  console.log(`soak: max ${measured.maxRatePerSecond}/s; ${round1(rate)}/s for ${SECONDS} s`);

  const samples: Sample[] = [];
  const latencies: number[] = [];
  let answered = 0;
  let errors = 0;
  let skipped = 0;
  let inFlight = 0;
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const sampler = (async () => {
    while (elapsed() < SECONDS) {
      samples.push({
        atSeconds: Math.round(elapsed()),
        facadeRssMb: mb(await rssBytes(servers.facade.pid)),
        adsApiRssMb: mb(await rssBytes(servers.adsApi.pid)),
      });
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
    inFlight += 1;
    const request: Promise<void> = once(servers).then(({ ok, ms }) => {
      inFlight -= 1;
      pending.delete(request);
      if (ok) answered += 1;
      else errors += 1;
      if (due >= WARMUP_SECONDS) latencies.push(ms);
    });
    pending.add(request);
    if (i % Math.max(1, Math.round(rate * 60)) === 0 && i > 0) {
      console.log(`soak: ${Math.round(elapsed())} s, ${answered} answered, ${errors} errors`);
    }
  }
  await Promise.all(pending);
  await sampler;

  // The heap grows and is collected in waves of a minute or two: compare the median of the first
  // third after warm-up with the median of the last third, and fit a line through all of them.
  const third = (SECONDS - WARMUP_SECONDS) / 3;
  const growth = (key: "facadeRssMb" | "adsApiRssMb") => {
    const measured = samples.filter((s) => s.atSeconds >= WARMUP_SECONDS);
    const values = (from: number, to: number) =>
      measured.filter((s) => s.atSeconds >= from && s.atSeconds <= to).map((s) => s[key]);
    const after = percentile(values(WARMUP_SECONDS, WARMUP_SECONDS + third), 50);
    const end = percentile(values(SECONDS - third, SECONDS), 50);
    return {
      postWarmupMb: after,
      endMb: end,
      growth: Math.round((1000 * (end - after)) / after) / 1000,
      minMb: Math.min(...measured.map((s) => s[key])),
      maxMb: Math.max(...measured.map((s) => s[key])),
      trendMbPerMinute: round1(60 * slope(measured.map((s) => [s.atSeconds, s[key]]))),
    };
  };
  const memory = { facade: growth("facadeRssMb"), adsApi: growth("adsApiRssMb") };
  const checks = {
    facadeRssGrowthUnder: memory.facade.growth < MAX_RSS_GROWTH,
    adsApiRssGrowthUnder: memory.adsApi.growth < MAX_RSS_GROWTH,
    noErrors: errors === 0,
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
    },
    passMarks: {
      memory: `resident memory of each process grows by less than ${100 * MAX_RSS_GROWTH}% from just after warm-up to the end`,
      errors: "every request answers without errors",
    },
    pass: Object.values(checks).every(Boolean),
    checks,
    method:
      "ads-api and the facade run in child processes from their sources (tsx), logging at info, " +
      "ads-api's rate limits raised, the facade's snapshots recorded but never answering " +
      "(freshness 0). Ramp: the query in a closed loop at 1, 2, 4, 8 and 16 requests at once for " +
      "`rampSeconds` each; the maximum is the best rate. Soak: an open loop " +
      "at `loadShare` of it (request i due at i / rate seconds, at most 64 in flight; later ones " +
      "are skipped and counted). RSS of each process is read from /proc/<pid>/status every " +
      "`sampleSeconds`; growth compares the median of the samples in the first third after " +
      "warm-up with the median of the last third (the heap grows and is collected in waves), and " +
      "trendMbPerMinute is the least-squares slope through every sample after warm-up.",
    ramp: measured,
    load: {
      ratePerSecond: round1(rate),
      answered,
      errors,
      skipped,
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(percentile(latencies, 99)),
    },
    memory,
    samples,
  };
} finally {
  await servers.close();
}
console.log(
  `soak: ${report.pass ? "PASS" : "FAIL"}; RSS growth facade ${round1(100 * report.memory.facade.growth)}%, ads-api ${round1(100 * report.memory.adsApi.growth)}%; wrote ${await writeResult("soak", report)}`,
);
process.exit(report.pass ? 0 : 1);
