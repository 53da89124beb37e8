// The facade under upstream faults (docs/benchmarks.md, resilience): the reference queries and
// campaign writes through a facade whose ads-api injects 5xx, 429, resets, truncated bodies and
// latency. Writes bench/results/resilience.json (resilience-postgresql.json on PostgreSQL).
import { randomBytes } from "node:crypto";
import { postGraphQL } from "./graphql.js";
import { REFERENCE_QUERIES } from "./queries.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { classify, referencePages, runReads } from "./resilience-reads.js";
import { startResilienceServers } from "./resilience-servers.js";
import { runWrites } from "./resilience-writes.js";

const engine =
  process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const);
const FAULTS =
  process.env.RESILIENCE_FAULTS ??
  "5xx=0.1,429=0.05,reset=0.01,truncate=0.005,latency=lognormal:2:20,seed=1";
const READS = envNumber("RESILIENCE_READS", 2500);
const WRITES = envNumber("RESILIENCE_WRITES", 200);
const CONCURRENCY = Math.max(1, envNumber("RESILIENCE_CONCURRENCY", 4));
/** The results file's name (a heavier mix may be kept beside the default one). */
const RESULT =
  process.env.RESILIENCE_RESULT ?? (engine === "pglite" ? "resilience" : "resilience-postgresql");
/** Tries per page to get one clean answer recorded before measuring (a snapshot to fall back on). */
const WARMUP_TRIES = 20;
const PASS = { correctOrStaleShare: 0.999, wrong: 0, lost: 0, doubled: 0, refusedButApplied: 0 };
const setup = {
  engine,
  faults: FAULTS,
  readAccount: {
    id: "resil1",
    campaigns: envNumber("RESILIENCE_CAMPAIGNS", 1100),
    fundingInstruments: envNumber("RESILIENCE_FUNDING_INSTRUMENTS", 100),
    cards: envNumber("RESILIENCE_CARDS", 250),
  },
  writeAccountId: "resilw",
};

const environment = machine();
const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
console.log(`resilience: ${engine}, ADS_API_FAULTS=${FAULTS}`);
const servers = await startResilienceServers(setup);
let report;
try {
  const pages = await referencePages(servers.reference, REFERENCE_QUERIES, setup.readAccount.id);
  console.log(`resilience: ${pages.length} reference pages read without faults (${seconds()} s)`);

  // Warm-up: each page answered once through the faults, so a snapshot exists to fall back on.
  const warmup = { requests: 0, pagesWithoutCleanAnswer: 0 };
  for (const page of pages) {
    let clean = false;
    for (let i = 0; i < WARMUP_TRIES && !clean; i += 1) {
      warmup.requests += 1;
      const exchange = await postGraphQL(servers.faulty, page.document, page.variables);
      clean = classify(exchange, page.expected) === "correct";
    }
    if (!clean) warmup.pagesWithoutCleanAnswer += 1;
  }
  await servers.flushSnapshots();
  console.log(`resilience: warm-up ${warmup.requests} requests (${seconds()} s)`);

  await servers.faultyLog.reset();
  const readsStarted = Date.now();
  const reads = await runReads(servers.faulty, pages, READS, CONCURRENCY, (done) => {
    if (done % 250 === 0) console.log(`resilience: ${done}/${READS} reads (${seconds()} s)`);
  });
  const readSeconds = (Date.now() - readsStarted) / 1000;
  const statuses: Record<string, number> = {};
  for (const entry of await servers.faultyLog.entries()) {
    statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
  }
  console.log(
    `resilience: reads ${reads.correct} correct, ${reads.stale} stale, ${reads.wrong} wrong, ${reads.error} errors`,
  );

  const writesStarted = Date.now();
  const runId = randomBytes(3).toString("hex");
  const writes = await runWrites(servers, setup.writeAccountId, WRITES, CONCURRENCY, runId);
  const writeSeconds = (Date.now() - writesStarted) / 1000;
  console.log(
    `resilience: writes lost ${writes.lost}, doubled ${writes.doubled}, unknown ${writes.unknown}, refused but applied ${writes.refusedButApplied}`,
  );

  const checks = {
    correctOrStaleShare: reads.correctOrStaleShare >= PASS.correctOrStaleShare,
    noWrongReads: reads.wrong === PASS.wrong,
    noLostWrites: writes.lost === PASS.lost,
    noDoubledWrites: writes.doubled === PASS.doubled,
    noRefusedWriteApplied: writes.refusedButApplied === PASS.refusedButApplied,
  };
  report = {
    generatedAt: timestamp(),
    command: commandLine("resilience", [
      "BENCH_DATABASE",
      "RESILIENCE_FAULTS",
      "RESILIENCE_READS",
      "RESILIENCE_WRITES",
      "RESILIENCE_CONCURRENCY",
      "RESILIENCE_CAMPAIGNS",
      "RESILIENCE_FUNDING_INSTRUMENTS",
      "RESILIENCE_CARDS",
      "RESILIENCE_RESULT",
    ]),
    environment: environment.atEnd(),
    setup: { ...setup, reads: READS, writes: WRITES, concurrency: CONCURRENCY },
    passMarks: {
      reads: `the reference data, fresh or marked stale, in ≥ ${100 * PASS.correctOrStaleShare}% of GraphQL requests; 0 wrong (data that differs, marked stale or not: the read account is never written)`,
      writes:
        "0 lost, 0 doubled, 0 reported refused yet applied; unknown outcomes reported, never resent",
    },
    pass: Object.values(checks).every(Boolean),
    checks,
    method:
      "ads-api runs twice in this process over one database: with ADS_API_FAULTS and without. A facade " +
      "in front of each; the faulty one records snapshots and never answers from them while upstream " +
      "answers (freshness 0), so a snapshot answers only for a failed upstream, marked " +
      "extensions.cache.stale. Every page of every reference query is read once without faults " +
      "(the right answers, later pages with these cursors), then once through the faults until it " +
      "answers cleanly (warm-up: a snapshot to fall back on), then `reads` GraphQL requests cycle over " +
      "the pages, `concurrency` at a time. Each answer is correct (the reference data, not marked), " +
      "stale (the reference data, marked), wrong (other data, marked stale or not: the read account " +
      "is never written, so no snapshot of it can differ) or error (any GraphQL error). Writes: `writes` campaign " +
      "creates with unique names, an update of each one created, a delete of every other one; a " +
      "refusal that says nothing changed (UPSTREAM_ERROR with a status, RATE_LIMITED) is sent again " +
      'up to 3 times, an unknown outcome ("may have been applied") never. Then ads-api\'s database ' +
      "(no faults) is read: lost = reported applied but absent, doubled = more than one campaign per " +
      "name, refusedButApplied = reported refused yet present.",
    warmup,
    reads: { ...reads, seconds: Math.round(readSeconds), adsApiStatusesAnswered: statuses },
    writes: { ...writes, seconds: Math.round(writeSeconds) },
  };
} finally {
  await servers.close();
}
console.log(
  `resilience: ${report.pass ? "PASS" : "FAIL"}; wrote ${await writeResult(RESULT, report)}`,
);
process.exit(report.pass ? 0 : 1);
