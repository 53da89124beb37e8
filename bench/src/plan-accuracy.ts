// The planner's accuracy (issue 35 "Accuracy"; docs/benchmarks.md "Query plans"): ads-api with
// bench accounts of varied sizes and the facade in front of it, in this process. Every page of
// the bench's reference queries and a corpus of random queries (plan-accuracy-corpus.ts, a
// seeded PRNG: the same corpus every run) are run one at a time; for each, the plan the
// facade reported (extensions.cost; before it does, the in-process planner's for the same
// document and variables) is held against the requests really sent (extensions.upstream by
// catalog family, cross-checked with ads-api's request log). The corpus runs with snapshots
// off (freshness 0, none written: every read goes upstream); a sample runs again on a facade
// with the default freshness, each query twice (the second may be answered from snapshots).
// Writes bench/results/plan-accuracy.json and .md; exits 1 on any violation.
//
// Settings (environment):
//   BENCH_PLAN_CASES            corpus queries that run (default 1000)
//   BENCH_PLAN_SEED             the corpus's seed (default 35)
//   BENCH_PLAN_SNAPSHOT_SAMPLE  corpus queries of the snapshot pass (default 150)
//   BENCH_DATABASE              postgresql (default) or pglite
//   BENCH_OUT                   results name under bench/results (default plan-accuracy)
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { schema } from "@adsgraph/graphql/testing";
import type { BenchSummary } from "@adsgraph/ads-api";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { postGraphQL } from "./graphql.js";
import {
  byFamily,
  countMismatches,
  planInProcess,
  planOfExtension,
  violationsOf,
  type Actual,
  type CostExtension,
  type Knowledge,
  type UpstreamExtension,
} from "./plan-accuracy-check.js";
import {
  corpusCases,
  discoveryQuery,
  idsOfDiscovery,
  type SeededData,
} from "./plan-accuracy-corpus.js";
import {
  briefOf,
  coverageOf,
  markdown,
  summarize,
  type AccuracyReport,
  type CaseResult,
} from "./plan-accuracy-report.js";
import { REFERENCE_QUERIES } from "./queries.js";
import { commandLine, envNumber, machine, timestamp, writeResult } from "./report.js";
import { Closers, facadesOverOneDatabase, startBenchAdsApi, type Facade } from "./servers.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const KNOBS = [
  "BENCH_PLAN_CASES",
  "BENCH_PLAN_SEED",
  "BENCH_PLAN_SNAPSHOT_SAMPLE",
  "BENCH_DATABASE",
  "BENCH_OUT",
] as const;
const cases = envNumber("BENCH_PLAN_CASES", 1000);
const seed = envNumber("BENCH_PLAN_SEED", 35);
const snapshotSample = envNumber("BENCH_PLAN_SNAPSHOT_SAMPLE", 150);
const engine = process.env.BENCH_DATABASE === "pglite" ? "pglite" : "postgresql";
const out = process.env.BENCH_OUT ?? "plan-accuracy";
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

/**
 * The bench accounts, the demo user administering each: empty, small, about 250 items, and
 * past 1,000 (campaigns and line items over one upstream page of 1,000).
 */
const ACCOUNTS = [
  { label: "empty", accountId: "plan0", campaigns: 0, fundingInstruments: 0, cards: 0 },
  {
    label: "small",
    accountId: "plan5",
    campaigns: 5,
    fundingInstruments: 1,
    cards: 3,
    lineItemsPerCampaign: 2,
    attachmentsPerLineItem: 1,
    posts: 3,
  },
  {
    label: "~250 items",
    accountId: "plan250",
    campaigns: 80,
    fundingInstruments: 8,
    cards: 40,
    lineItemsPerCampaign: 1,
    attachmentsPerLineItem: 1,
    posts: 20,
  },
  {
    label: "> 1,000 items",
    accountId: "plan1200",
    campaigns: 1200,
    fundingInstruments: 120,
    cards: 250,
    lineItemsPerCampaign: 1,
    attachmentsPerLineItem: 1,
    posts: 50,
  },
] as const;

/**
 * What the in-process planner knows of each facade, as the facade would tell its own: loaders
 * on; with snapshots off (freshness 0) no snapshot answers, with the default freshness any may.
 */
const knowledgeByFacade = new Map<Facade, Knowledge>();
const knowledgeOf = (facade: Facade): Knowledge => knowledgeByFacade.get(facade);

/** Codes of an operation refused whole before it runs. */
const REFUSALS = new Set([
  "GRAPHQL_VALIDATION_FAILED",
  "GRAPHQL_PARSE_FAILED",
  "QUERY_LIMIT_EXCEEDED",
]);

interface Answer {
  extensions?: { cost?: CostExtension; upstream?: UpstreamExtension };
}

/** Runs one query with ads-api's log reset before it; null when the facade refused it unrun. */
async function runCase(
  adsApi: StartedAdsApi,
  facade: Facade,
  name: string,
  accountId: string | null,
  document: string,
  variables: Record<string, unknown>,
): Promise<{ result: CaseResult | null; data: unknown; refusal: string | null }> {
  await adsApi.requests.reset();
  const exchange = await postGraphQL(facade, document, variables);
  const logged = await adsApi.requests.counts();
  if (exchange.kind !== "answer") throw new Error(`${name}: ${exchange.reason}`);
  // Each error's code and path: a field the seeded data cannot answer shows where it is.
  const codes = exchange.errors.map((error) => {
    const where = (error as { path?: (string | number)[] }).path;
    return `${error.extensions?.code ?? "(none)"}${where === undefined ? "" : ` at ${where.join(".")}`}`;
  });
  const extensions = (exchange as Answer).extensions;
  const upstream = extensions?.upstream;
  if (upstream === undefined) throw new Error(`${name}: no extensions.upstream (UPSTREAM_STATS)`);
  // Refused before it ran (invalid, or past the query limits): not a case of the plan's.
  const refused = exchange.errors.find((error) => REFUSALS.has(error.extensions?.code ?? ""));
  if (refused !== undefined && upstream.requests === 0)
    return { result: null, data: null, refusal: refused.extensions?.code ?? "" };
  const actual: Actual = {
    total: upstream.requests,
    withTotalCount: upstream.withTotalCount,
    byFamily: byFamily(upstream.byEndpoint),
    byEndpoint: upstream.byEndpoint,
    adsApiLog: { total: logged.total, byEndpoint: logged.byEndpoint },
  };
  const plan =
    planOfExtension(extensions?.cost) ?? planInProcess(document, variables, knowledgeOf(facade));
  return {
    result: {
      name,
      accountId,
      document,
      variables,
      status: exchange.status,
      errorCodes: codes,
      plan,
      actual,
      violations: violationsOf(plan, actual),
      countMismatches: countMismatches(actual, extensions?.cost),
    },
    data: exchange.data,
    refusal: null,
  };
}

/** Every page of every reference query over every bench account, each page a case. */
async function referenceCases(adsApi: StartedAdsApi, facade: Facade): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const query of REFERENCE_QUERIES) {
    for (const account of ACCOUNTS) {
      let after: string | null = null;
      for (let page = 1; ; page += 1) {
        const variables = { id: account.accountId, after };
        const { result, data, refusal } = await runCase(
          adsApi,
          facade,
          `reference:${query.name}:${account.accountId}:page${page}`,
          account.accountId,
          query.document,
          variables,
        );
        if (result === null) {
          // A reference query the schema no longer takes: reported, not a case.
          invalidReferences.add(`${query.name}: ${refusal ?? ""}`);
          break;
        }
        results.push(result);
        const connection = (
          data as {
            account?: Record<
              string,
              { pageInfo?: { hasNextPage: boolean; endCursor: string | null } }
            >;
          } | null
        )?.account?.[query.connection];
        const next = connection?.pageInfo;
        if (next?.hasNextPage !== true || next.endCursor === null || next.endCursor === after)
          break;
        after = next.endCursor;
      }
    }
  }
  return results;
}

const host = machine();
const started = timestamp();
const closers = new Closers();
let closing: Promise<void> | undefined;
const shutdown = () => (closing ??= closers.close());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void shutdown().finally(() => process.exit(130));
  });
}

const passes: { reference: CaseResult[]; corpus: CaseResult[]; snapshots: CaseResult[] } = {
  reference: [],
  corpus: [],
  snapshots: [],
};
const refusals: Record<string, number> = {};
const invalidReferences = new Set<string>();
const seeded: BenchSummary[] = [];
try {
  log(`starting ads-api (${engine}) and seeding ${ACCOUNTS.length} accounts`);
  const adsApi = await startBenchAdsApi(engine, "plan_accuracy_ads_api", closers);
  for (const { label: _label, ...account } of ACCOUNTS) {
    seeded.push(await adsApi.seedBench({ ...account, seed: account.campaigns + 1 }));
  }
  const startFacade = await facadesOverOneDatabase(engine, "plan_accuracy_facade", closers);
  // Snapshots off: freshness 0 (the helper's default) and none written.
  const cold = await startFacade(adsApi, { UPSTREAM_STATS: "true", SNAPSHOT_WRITES: "false" });
  knowledgeByFacade.set(cold.facade, { batching: true, snapshotFreshMs: () => 0 });
  // The facade's default freshness: snapshots (and the response cache) answer when fresh.
  const warm = await startFacade(adsApi, {
    UPSTREAM_STATS: "true",
    SNAPSHOT_FRESH_SECONDS_ENTITY: "30",
    SNAPSHOT_FRESH_SECONDS_REFERENCE: "3600",
  });

  const discovery = discoveryQuery(schema);
  const nodes = new Map<string, Map<string, string[]>>();
  for (const account of ACCOUNTS) {
    const answer = await postGraphQL(cold.facade, discovery, { id: account.accountId });
    nodes.set(account.accountId, idsOfDiscovery(answer.kind === "answer" ? answer.data : null));
  }
  const data: SeededData = {
    accounts: ACCOUNTS.map((a) => ({ rawId: a.accountId, label: a.label })),
    nodes,
  };

  log("reference queries, every page over every account");
  passes.reference = await referenceCases(adsApi, cold.facade);

  log(`corpus: ${cases} queries (seed ${seed}), snapshots off`);
  const corpus = corpusCases(schema, data, seed);
  const accepted: {
    index: number;
    accountId: string | null;
    document: string;
    variables: Record<string, unknown>;
  }[] = [];
  while (accepted.length < cases) {
    const next = corpus.next();
    if (next.done === true) break;
    const drawn = next.value;
    const { result, refusal } = await runCase(
      adsApi,
      cold.facade,
      `corpus:${drawn.index}`,
      drawn.accountId,
      drawn.document,
      drawn.variables,
    );
    if (refusal !== null) {
      refusals[refusal] = (refusals[refusal] ?? 0) + 1;
      continue;
    }
    if (result === null) continue;
    passes.corpus.push(result);
    accepted.push(drawn);
    if (accepted.length % 100 === 0)
      log(
        `  ${accepted.length} run, ${passes.corpus.filter((r) => r.violations.length > 0).length} violating`,
      );
  }

  log(`snapshot pass: ${snapshotSample} of them, each twice, default freshness`);
  const step = Math.max(1, Math.floor(accepted.length / Math.max(1, snapshotSample)));
  for (let i = 0; i < accepted.length && passes.snapshots.length < snapshotSample * 2; i += step) {
    const drawn = accepted[i];
    if (drawn === undefined) break;
    for (const round of ["first", "again"] as const) {
      const { result } = await runCase(
        adsApi,
        warm.facade,
        `snapshots:${drawn.index}:${round}`,
        drawn.accountId,
        drawn.document,
        drawn.variables,
      );
      if (result !== null) passes.snapshots.push(result);
      // The second run finds what the first wrote.
      await warm.writer.flush();
    }
  }
} finally {
  await shutdown();
}

const all = Object.values(passes).flat();
const violations = all.filter((r) => r.violations.length > 0);
const report: AccuracyReport = {
  title: "Query plans against the requests really sent (issue 35)",
  command: commandLine("plan-accuracy", KNOBS),
  machine: { ...host.atEnd(), started, finished: timestamp() },
  settings: {
    cases,
    seed,
    snapshotSample,
    engine,
    corpusRefusedUnrun: refusals,
    referenceQueriesRefused: [...invalidReferences],
  },
  accounts: ACCOUNTS.map((account, i) => ({ ...account, seeded: seeded[i] })),
  goal:
    "the requests sent lie within the planned bounds (total, with_total_count, each family's " +
    "user window, each account window the facade counted) in 100% of cases, and equal the plan " +
    "in every case it called exact",
  pass: violations.length === 0 && all.length > 0,
  passes: Object.fromEntries(
    Object.entries(passes).map(([name, results]) => [name, summarize(results)]),
  ),
  coverage: coverageOf(schema, all),
  cases: all.map(briefOf),
  violations,
  countMismatches: all.filter((r) => r.countMismatches.length > 0),
};
const file = await writeResult(out, report);
const text = markdown(report);
await writeFile(path.join(RESULTS, `${out}.md`), text);
console.log(text.split("## Violations")[0]);
console.log(
  `${violations.length} violating case(s); goal: ${report.pass ? "PASS" : "FAIL"}\nwrote ${file} (and .md)`,
);
process.exit(report.pass ? 0 : 1);
