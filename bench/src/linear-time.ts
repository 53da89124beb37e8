// Time against input length where long inputs used to cost quadratic time (issue 12, README
// "Benchmark"): query strings, ids, Authorization headers and JSON bodies sent to ads-api and
// to the facade, each in a process of its own, while a bystander's health check measures how
// long an innocent caller waits. Writes bench/results/linear-time.json.
import { startBystander, type LatencySummary } from "./bystander.js";
import { startChildServers } from "./children.js";
import {
  BODY_SIZES,
  CASES,
  DEPTHS,
  HEADER_SIZES,
  ID_COUNTS,
  isExpected,
  longestQueryString,
  type Answer,
} from "./linear-time-cases.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { percentile, round1 } from "./stats.js";

const engine =
  process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const);
const REPEATS = Math.max(1, envNumber("LINEAR_REPEATS", 5));
const TIMEOUT_MS = envNumber("LINEAR_TIMEOUT_MS", 60_000);
const MIN_WINDOW_MS = envNumber("LINEAR_MIN_WINDOW_MS", 1500);
const IDLE_MS = 5000;
const WARMUP_REQUESTS = 3;
/** "About 10×": linear work plus fixed costs gives ≤ 10; quadratic work gives about 100. */
const MAX_RATIO = 15;
/**
 * A bystander's p99 while long inputs are processed, against its p99 with nothing else running
 * in the same run: at most 5× that plus 50 ms. The long requests share the server's one thread
 * and the machine's two cores with the bystander, so it may wait behind one of them (up to
 * ~15 ms for the 1 MB bodies) and behind a collection; 5× idle + 50 ms leaves room for that on
 * a busy machine, while one request costing the quadratic 0.3 to 50 s of the old masking
 * stalls the bystander far beyond it.
 */
const BYSTANDER = { factor: 5, plusMs: 50 };
const bystanderLimit = (idle: LatencySummary) =>
  round1(BYSTANDER.factor * idle.p99Ms + BYSTANDER.plusMs);

interface SizeResult {
  size: number;
  expected: { status: number; codes: readonly string[]; path: string };
  /** Median of the requests, client side, from sending to the last byte of the answer. */
  medianMs: number | null;
  maxMs: number | null;
  /** Answers counted by `<status> <codes>` ("no error" for none); timeouts and dropped connections too. */
  answers: Record<string, number>;
  /** Answers other than the expected one. */
  unexpected: number;
  /** The start of the last unexpected answer's body, or of the last answer's. */
  answerExcerpt: string;
  timedOut: boolean;
  bystanders: { adsApi: LatencySummary; facade: LatencySummary };
}

const environment = machine();
console.log(`linear-time: starting ads-api and the facade (${engine}, child processes)`);
const servers = await startChildServers({ engine });
const health = {
  adsApi: async () => {
    const response = await fetch(`${servers.adsApi.urls.ads}/health`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { status?: string } | null;
    return response.status === 200 && body?.status === "ok";
  },
  // The facade answers resolver failures with 200 and an error: only `health: "ok"` is healthy.
  facade: async () => {
    const response = await fetch(servers.facade.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ health }" }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as {
      data?: { health?: string } | null;
      errors?: unknown[];
    } | null;
    return response.status === 200 && body?.data?.health === "ok" && body.errors === undefined;
  },
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
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  idle = { adsApi: bystanders.adsApi.take(), facade: bystanders.facade.take() };
  const bystanderLimits = {
    adsApi: bystanderLimit(idle.adsApi),
    facade: bystanderLimit(idle.facade),
  };
  console.log(
    `linear-time: idle bystanders ${JSON.stringify(idle)}; limits ${JSON.stringify(bystanderLimits)}`,
  );

  for (const testCase of CASES) {
    const sizes: SizeResult[] = [];
    // Untimed requests of the smallest size: the route's first calls compile and warm up.
    for (let i = 0; i < WARMUP_REQUESTS; i += 1) {
      await testCase
        .send(servers, testCase.sizes[0] ?? 1, AbortSignal.timeout(TIMEOUT_MS))
        .catch(() => undefined);
    }
    bystanders.adsApi.take();
    bystanders.facade.take();
    for (const size of testCase.sizes) {
      const expected = testCase.expected(size);
      const times: number[] = [];
      const answers: Record<string, number> = {};
      const count = (key: string) => {
        answers[key] = (answers[key] ?? 0) + 1;
      };
      let unexpected = 0;
      let timedOut = false;
      let excerpt = "";
      // At least REPEATS requests, and for at least MIN_WINDOW_MS so the bystanders get samples.
      const window = performance.now();
      const more = (i: number) =>
        i < REPEATS || (performance.now() - window < MIN_WINDOW_MS && i < 50 * REPEATS);
      for (let i = 0; more(i) && !timedOut; i += 1) {
        const started = performance.now();
        let got: Answer;
        try {
          got = await testCase.send(servers, size, AbortSignal.timeout(TIMEOUT_MS));
        } catch (error) {
          timedOut = error instanceof DOMException && error.name === "TimeoutError";
          count(timedOut ? "timeout" : "no answer");
          unexpected += 1;
          if (!timedOut) times.push(performance.now() - started);
          continue;
        }
        times.push(performance.now() - started);
        count(`${got.status} ${got.codes.length === 0 ? "no error" : got.codes.join(",")}`);
        const asExpected = isExpected(got, expected);
        if (!asExpected) unexpected += 1;
        if (!asExpected || unexpected === 0) excerpt = got.excerpt;
      }
      const result: SizeResult = {
        size,
        expected: { status: expected.status, codes: expected.codes, path: expected.path },
        medianMs: times.length === 0 ? null : round1(percentile(times, 50)),
        maxMs: times.length === 0 ? null : round1(Math.max(...times)),
        answers,
        unexpected,
        answerExcerpt: excerpt,
        timedOut,
        bystanders: { adsApi: bystanders.adsApi.take(), facade: bystanders.facade.take() },
      };
      sizes.push(result);
      console.log(
        `linear-time: ${testCase.name}, ${size} ${testCase.unit}: median ${result.medianMs} ms ${JSON.stringify(answers)}` +
          `${unexpected > 0 ? ` (${unexpected} UNEXPECTED, expected ${expected.status} ${expected.codes.join(",") || "no error"})` : ""}; ` +
          `bystander p99 ads-api ${result.bystanders.adsApi.p99Ms} ms, facade ${result.bystanders.facade.p99Ms} ms`,
      );
      if (timedOut) {
        // The server may still be busy with the input it was given: start afresh for the next case.
        console.log(`linear-time: ${testCase.name} timed out at ${size}; restarting the servers`);
        await servers.restart();
        break;
      }
    }
    // Only sizes answered by the same code path are compared; a size with any unexpected
    // answer (a 431, a 413, an internal error) has no ratio, and fails the case.
    const ratios = sizes.slice(1).flatMap((later, index) => {
      const earlier = sizes[index] as SizeResult;
      if (earlier.expected.path !== later.expected.path) return [];
      const comparable =
        earlier.unexpected === 0 &&
        later.unexpected === 0 &&
        earlier.medianMs !== null &&
        later.medianMs !== null &&
        earlier.medianMs > 0;
      return [
        {
          from: earlier.size,
          to: later.size,
          path: later.expected.path,
          ratio: comparable
            ? Math.round((100 * (later.medianMs ?? 0)) / (earlier.medianMs ?? 1)) / 100
            : null,
        },
      ];
    });
    const completed = sizes.length === testCase.sizes.length && !sizes.some((s) => s.timedOut);
    const within = (summary: LatencySummary, limit: number) =>
      summary.checks > 0 && summary.failed === 0 && summary.p99Ms <= limit;
    results.push({
      case: testCase.name,
      server: testCase.server,
      unit: testCase.unit,
      sizes,
      ratios,
      checks: {
        completed,
        answersAsExpected: sizes.every((s) => s.unexpected === 0),
        ratiosAtMost:
          completed &&
          ratios.length > 0 &&
          ratios.every((r) => r.ratio !== null && r.ratio <= MAX_RATIO),
        bystandersWithinLimit: sizes.every(
          (s) =>
            within(s.bystanders.adsApi, bystanderLimits.adsApi) &&
            within(s.bystanders.facade, bystanderLimits.facade),
        ),
      },
    });
  }
  await bystanders.adsApi.stop();
  await bystanders.facade.stop();
} finally {
  await servers.close();
}

const idleHealthy = idle.adsApi.failed === 0 && idle.facade.failed === 0;
const pass = idleHealthy && results.every((r) => Object.values(r.checks).every(Boolean));
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
    warmupRequests: WARMUP_REQUESTS,
    idleMs: IDLE_MS,
    headerSizes: HEADER_SIZES,
    bodySizes: BODY_SIZES,
    idCounts: ID_COUNTS,
    depths: DEPTHS,
  },
  passMarks: {
    answers:
      "every answer is the one expected for its case and size: the status and exactly the expected error codes " +
      "(ads-api `errors[].code` and a batch's operation codes, GraphQL `extensions.code`), so a facade " +
      "INTERNAL_SERVER_ERROR under HTTP 200 fails; no timeout, no dropped connection",
    ratio: `between sizes 10× apart answered by the same code path, the longer costs at most ${MAX_RATIO}× the time of the shorter (linear: ≤ 10 with fixed costs; quadratic: about 100); each case has at least one such pair`,
    bystander: `on both servers, for every size, a health check's p99 is at most ${BYSTANDER.factor} × its idle p99 in the same run + ${BYSTANDER.plusMs} ms, and every check answers healthy (ads-api status "ok", the facade data.health "ok" without errors)`,
  },
  pass,
  checks: { idleHealthy },
  method:
    "ads-api and the facade run in child processes from their sources (tsx), logging at info as " +
    "`pnpm start` does, on the demo data. For each case, `warmupRequests` untimed requests of the " +
    "smallest size, then for each size `repeats` requests one after another (more until " +
    "`minWindowMs` has passed); the time is the client's, from sending to the last byte of the " +
    "answer, and the median is kept. Each case says what it must answer at each size (status, " +
    "error codes, and which rule or path answers); ratios compare each size with the one 10× " +
    "smaller where both take the same path. Meanwhile a bystander sends GET /health to ads-api " +
    "and `{ health }` to the facade, one at a time 25 ms apart; its latencies are summarised per " +
    "size, and for `idleMs` with nothing else running (idle), which sets the limit. Inputs are " +
    "runs of `a` (the worst case of the old credential-masking patterns); id lists are 2, 20 and " +
    "200 distinct ids of 64 characters, which the facade sends upstream as one campaigns.list URL " +
    "of up to ~13 KB (masked for its hooks and errors). Header-carried inputs stop at 14,000 " +
    "characters: Node refuses request lines and headers beyond 16 KiB with 431 " +
    "(longestQueryString, found by bisection). Nested inputs (issue 34) are 1,000, 10,000 and " +
    "100,000 levels of arrays or objects in a JSON body, and of a list value in a document.",
  longestQueryString: limits,
  idleBystanders: idle,
  bystanderLimitsMs: { adsApi: bystanderLimit(idle.adsApi), facade: bystanderLimit(idle.facade) },
  results,
};
console.log(
  `linear-time: ${pass ? "PASS" : "FAIL"}; wrote ${await writeResult("linear-time", report)}`,
);
process.exit(pass ? 0 : 1);
