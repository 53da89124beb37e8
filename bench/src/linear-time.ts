// Time against input length where long inputs used to cost quadratic time (issue 12, README
// "Benchmark"): query strings, ids, Authorization headers and JSON bodies sent to ads-api and
// to the facade, each in a process of its own, while a bystander's health check measures how
// long an innocent caller waits. Writes bench/results/linear-time.json.
import { startBystander, type LatencySummary } from "./bystander.js";
import { startChildServers } from "./children.js";
import { BODY_SIZES, CASES, HEADER_SIZES, longestQueryString } from "./linear-time-cases.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { percentile, round1 } from "./stats.js";

const engine =
  process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const);
const REPEATS = Math.max(1, envNumber("LINEAR_REPEATS", 5));
const TIMEOUT_MS = envNumber("LINEAR_TIMEOUT_MS", 60_000);
const MIN_WINDOW_MS = envNumber("LINEAR_MIN_WINDOW_MS", 1500);
/** "About 10×": linear work plus fixed costs gives ≤ 10; quadratic work gives about 100. */
const MAX_RATIO = 15;
/** No bystander health check may wait this long while long inputs are processed. */
const MAX_BYSTANDER_P99_MS = 1000;
interface SizeResult {
  length: number;
  /** Median of REPEATS requests, client side, from sending to the last byte of the answer. */
  medianMs: number | null;
  maxMs: number | null;
  statuses: Record<string, number>;
  /** The start of the last answer's body. */
  answerExcerpt: string;
  timedOut: boolean;
  bystanders: { adsApi: LatencySummary; facade: LatencySummary };
}

const environment = machine();
console.log(`linear-time: starting ads-api and the facade (${engine}, child processes)`);
const servers = await startChildServers({ engine });
const health = {
  adsApi: () =>
    fetch(`${servers.adsApi.urls.ads}/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) }),
  facade: () =>
    fetch(servers.facade.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ health }" }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
};
const results = [];
let idle: { adsApi: LatencySummary; facade: LatencySummary };
let limits: { adsApiQueryString: number; facadeQueryString: number };
try {
  limits = {
    adsApiQueryString: await longestQueryString(`${servers.adsApi.urls.ads}/health`),
    facadeQueryString: await longestQueryString(`${new URL(servers.facade.url).origin}/nowhere`),
  };
  console.log(`linear-time: longest query strings that fit: ${JSON.stringify(limits)}`);
  const bystanders = {
    adsApi: startBystander(health.adsApi),
    facade: startBystander(health.facade),
  };
  // Idle: what a health check costs with nothing else going on.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  idle = { adsApi: bystanders.adsApi.take(), facade: bystanders.facade.take() };

  for (const testCase of CASES) {
    const sizes: SizeResult[] = [];
    // Untimed requests of the smallest size: the route's first calls compile and warm up.
    for (let i = 0; i < 3; i += 1) {
      await testCase
        .send(servers, testCase.sizes[0] ?? 1, AbortSignal.timeout(TIMEOUT_MS))
        .catch(() => 0);
    }
    bystanders.adsApi.take();
    bystanders.facade.take();
    for (const length of testCase.sizes) {
      const times: number[] = [];
      const statuses: Record<string, number> = {};
      let timedOut = false;
      let excerpt = "";
      // At least REPEATS requests, and for at least MIN_WINDOW_MS so the bystanders get samples.
      const window = performance.now();
      const more = (i: number) =>
        i < REPEATS || (performance.now() - window < MIN_WINDOW_MS && i < 50 * REPEATS);
      for (let i = 0; more(i) && !timedOut; i += 1) {
        const started = performance.now();
        try {
          const answer = await testCase.send(servers, length, AbortSignal.timeout(TIMEOUT_MS));
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          excerpt = answer.excerpt;
          times.push(performance.now() - started);
        } catch (error) {
          timedOut = error instanceof DOMException && error.name === "TimeoutError";
          const key = timedOut ? "timeout" : "no answer";
          statuses[key] = (statuses[key] ?? 0) + 1;
          if (!timedOut) times.push(performance.now() - started);
        }
      }
      const result: SizeResult = {
        length,
        medianMs: times.length === 0 ? null : round1(percentile(times, 50)),
        maxMs: times.length === 0 ? null : round1(Math.max(...times)),
        statuses,
        answerExcerpt: excerpt,
        timedOut,
        bystanders: { adsApi: bystanders.adsApi.take(), facade: bystanders.facade.take() },
      };
      sizes.push(result);
      console.log(
        `linear-time: ${testCase.name}, ${length} chars: median ${result.medianMs} ms ${JSON.stringify(statuses)}; ` +
          `bystander p99 ads-api ${result.bystanders.adsApi.p99Ms} ms, facade ${result.bystanders.facade.p99Ms} ms`,
      );
      if (timedOut) {
        // The server may still be busy with the input it was given: start afresh for the next case.
        console.log(
          `linear-time: ${testCase.name} timed out at ${length} chars; restarting the servers`,
        );
        await servers.restart();
        break;
      }
    }
    const ratios = sizes.slice(1).map((size, index) => {
      const previous = sizes[index];
      const before = previous?.medianMs ?? null;
      const ratio =
        size.medianMs === null || before === null || before === 0
          ? null
          : Math.round((100 * size.medianMs) / before) / 100;
      return { from: previous?.length, to: size.length, ratio };
    });
    const complete = sizes.length === testCase.sizes.length && !sizes.some((s) => s.timedOut);
    const noServerError = sizes.every((s) =>
      Object.keys(s.statuses).every((code) => !code.startsWith("5") && code !== "no answer"),
    );
    results.push({
      case: testCase.name,
      server: testCase.server,
      sizes,
      ratios,
      checks: {
        completed: complete,
        ratiosAtMost: complete && ratios.every((r) => r.ratio !== null && r.ratio <= MAX_RATIO),
        noServerError,
        bystanderP99Under: sizes.every(
          (s) =>
            s.bystanders.adsApi.p99Ms < MAX_BYSTANDER_P99_MS &&
            s.bystanders.facade.p99Ms < MAX_BYSTANDER_P99_MS &&
            s.bystanders.adsApi.failed === 0 &&
            s.bystanders.facade.failed === 0,
        ),
      },
    });
  }
  await bystanders.adsApi.stop();
  await bystanders.facade.stop();
} finally {
  await servers.close();
}

const pass = results.every((r) => Object.values(r.checks).every(Boolean));
const report = {
  generatedAt: timestamp(),
  command: commandLine("linear-time", [
    "BENCH_DATABASE",
    "LINEAR_REPEATS",
    "LINEAR_TIMEOUT_MS",
    "LINEAR_MIN_WINDOW_MS",
  ]),
  environment: environment.atEnd(),
  setup: {
    engine,
    repeats: REPEATS,
    minWindowMs: MIN_WINDOW_MS,
    timeoutMs: TIMEOUT_MS,
    headerSizes: HEADER_SIZES,
    bodySizes: BODY_SIZES,
  },
  passMarks: {
    ratio: `each 10× longer input costs at most ${MAX_RATIO}× the time of the shorter (linear: ≤ 10 with fixed costs; quadratic: about 100)`,
    bystander: `a health check waits under ${MAX_BYSTANDER_P99_MS} ms at p99 on both servers while the inputs are processed, and none fails`,
    status: "no 5xx and no dropped connection for any input",
  },
  pass,
  method:
    "ads-api and the facade run in child processes from their sources (tsx), logging at info as " +
    "`pnpm start` does, on the demo data. For each case, one warm-up request, then for each length " +
    "`repeats` requests one after another (more until `minWindowMs` has passed); the time is the client's, from sending to the last byte " +
    "of the answer, and the median is kept. Ratios compare each length with the one 10× shorter. " +
    "Meanwhile a bystander sends GET /health to ads-api and `{ health }` to the facade, one at a " +
    "time 25 ms apart; its latencies are summarised per length, and with nothing else running " +
    "(idle). Inputs are runs of `a` (the worst case of the old credential-masking patterns). " +
    "Header-carried inputs stop at 14,000 characters: Node refuses request lines and headers " +
    "beyond 16 KiB with 431 (longestQueryString, found by bisection).",
  longestQueryString: limits,
  idleBystanders: idle,
  results,
};
console.log(
  `linear-time: ${pass ? "PASS" : "FAIL"}; wrote ${await writeResult("linear-time", report)}`,
);
process.exit(pass ? 0 : 1);
