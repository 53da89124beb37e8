// The goals of issue 37 ("Cheap to run"), each checked from one bench:throughput run; the
// goals of issue 14 this replaces are kept in docs/benchmarks.md as history.
import type { EmbeddedReport } from "./throughput-embedded.js";
import type { MemoryReport } from "./throughput-memory.js";
import type { ComparisonResult } from "./throughput-run.js";
import type { OverheadResult } from "./tracing-overhead-report.js";
import { P50_GOAL } from "./tracing-overhead-report.js";

/** One goal's check: a figure of the run against the issue's threshold. */
export interface GoalCheck {
  scenario: string;
  engine: string;
  connections: number;
  measure: string;
  value: number;
  threshold: string;
  pass: boolean;
  /** The figures behind the value, as a reader wants them (e.g. "220 → 584 MB"). */
  detail?: string;
}

export interface Goal {
  goal: number;
  title: string;
  pass: boolean;
  checks: GoalCheck[];
}

/** A comparison or scenario that could not be measured (a check failed, a server died). */
export interface ComparisonFailure {
  scenario: string;
  engine: string;
  connections: number;
  /** The baseline's name (plain, plain-cached, bare), or "" for a scenario without one. */
  baseline: string;
  error: string;
}

/** The tracing scenario's figures (tracing-overhead-run.ts). */
export interface TracingFigures {
  results: OverheadResult[];
  /** Every traced service exported spans, all readable. */
  exported: boolean;
}

export interface GoalInputs {
  comparisons: readonly ComparisonResult[];
  failures: readonly ComparisonFailure[];
  memory?: MemoryReport | undefined;
  embedded?: EmbeddedReport | undefined;
  tracing?: TracingFigures | undefined;
}

const r1 = (value: number) => Math.round(value * 10) / 10;
const r3 = (value: number) => Math.round(value * 1000) / 1000;

function comparisonCheck(
  c: ComparisonResult,
  measure: string,
  value: number,
  threshold: string,
  ok: (value: number) => boolean,
  detail?: string,
): GoalCheck {
  return {
    scenario: c.scenario,
    engine: c.engine,
    connections: c.connections,
    measure,
    value: r3(value),
    threshold,
    // A scenario with failed requests passes nothing: its rate is not the server's.
    pass: c.clean && ok(value),
    ...(detail !== undefined && { detail }),
  };
}

const ms = (value: number | undefined) => (value === undefined ? "?" : value.toFixed(2));
const rateDetail = (c: ComparisonResult) =>
  `${c.subject.name} ${Math.round(c.subject.requestsPerSecond)} req/s, ${c.baseline.name} ` +
  `${Math.round(c.baseline.requestsPerSecond)} req/s`;

/** Goals 1–7 of issue 37, each check computed from this run's figures. */
export function goals(inputs: GoalInputs): Goal[] {
  const { comparisons, failures } = inputs;
  const byScenario = (name: string) => comparisons.filter((c) => c.scenario === name);
  const broken = (match: (f: ComparisonFailure) => boolean): GoalCheck[] =>
    failures.filter(match).map((f) => ({
      scenario: f.scenario,
      engine: f.engine,
      connections: f.connections,
      measure: `not measured: ${f.error.slice(0, 200)}`,
      value: Number.NaN,
      threshold: "",
      pass: false,
    }));
  // A goal none of whose checks ran is not met; a broken comparison fails its goal.
  const goal = (n: number, title: string, checks: GoalCheck[]): Goal => ({
    goal: n,
    title,
    pass: checks.length > 0 && checks.every((c) => c.pass),
    checks,
  });
  const cpuDetail = (c: ComparisonResult) =>
    `facade ${ms(c.subject.processes.facade?.cpuMsPerRequest)} ms CPU/req, plain ` +
    ms(c.baseline.processes.plain?.cpuMsPerRequest);
  const ownCost = (size: number, max: number) =>
    byScenario(`own-cost-${size}`).map((c) =>
      comparisonCheck(
        c,
        "facade CPU ms/request ÷ plain CPU ms/request",
        c.cpuRatio,
        `≤ ${max}`,
        (v) => v <= max,
        cpuDetail(c),
      ),
    );
  const gc = (size: number) =>
    byScenario(`own-cost-${size}`).map((c) =>
      comparisonCheck(
        c,
        "facade GC time ÷ facade CPU time",
        c.subject.processes.facade?.gcShare ?? Number.NaN,
        "< 0.10",
        (v) => v < 0.1,
      ),
    );

  const memory = inputs.memory;
  const plain = memory?.rows.find((row) => row.server === "plain");
  const memoryChecks: GoalCheck[] =
    memory === undefined
      ? []
      : memory.rows
          .filter((row) => row.server === "facade")
          .map((row) => {
            const ratio =
              plain === undefined
                ? Number.NaN
                : row.afterLoad.treeRssMb / plain.afterLoad.treeRssMb;
            return {
              scenario: "memory",
              engine: row.engine,
              connections: 1,
              measure: `facade RSS after ${row.load.requests} requests ÷ plain Apollo's after the same`,
              value: r3(ratio),
              threshold: "≤ 2",
              pass: row.clean && plain?.clean === true && ratio <= 2,
              detail:
                `facade (${row.engine}) ${row.afterStart.treeRssMb} → ${row.afterLoad.treeRssMb} MB ` +
                `(HWM ${row.afterLoad.hwmMb}); plain ${plain?.afterStart.treeRssMb ?? "?"} → ` +
                `${plain?.afterLoad.treeRssMb ?? "?"} MB`,
            };
          });
  const embeddedChecks: GoalCheck[] = (inputs.embedded?.starts ?? []).map((start) => ({
    scenario: `embedded (${start.start === "first" ? "first start" : "restart"})`,
    engine: "pglite",
    connections: 0,
    measure: "RSS of ads-api + facade (process trees) at ready, MB",
    value: start.sumAtReadyMb,
    threshold: "≤ 600",
    pass: start.sumAtReadyMb <= 600,
    detail:
      `ads-api ${start.apps["ads-api"].atReady.treeRssMb} + facade ` +
      `${start.apps.facade.atReady.treeRssMb} MB at their ready lines, ${start.sumAtBothReadyMb} MB ` +
      `when both were; peak ${start.peakSumMb} MB`,
  }));
  const tracingChecks: GoalCheck[] = (inputs.tracing?.results ?? []).map((result) => {
    const both = result.traced.both;
    const ratio = both?.p50Ratio ?? Number.NaN;
    return {
      scenario: "tracing",
      engine: "pglite",
      connections: result.connections,
      measure: "p50 with both services traced ÷ p50 with tracing off, − 1",
      value: r3(ratio - 1),
      threshold: `< ${P50_GOAL}`,
      pass: result.pass && inputs.tracing?.exported === true,
      detail:
        `off ${ms(result.off.p50Ms)} ms, both ${ms(both?.p50Ms)} ms (paired rounds ` +
        `${both === undefined ? "?" : `${r1((both.pairedP50Ratio - 1) * 100)}%`})` +
        (inputs.tracing?.exported === true ? "" : "; not every service exported spans"),
    };
  });

  return [
    goal(
      1,
      "own-cost-100: facade CPU per request ≤ 2× plain Apollo+Pothos (snapshots off, ads-api at 0 ms)",
      [...ownCost(100, 2), ...broken((f) => f.scenario === "own-cost-100")],
    ),
    goal(2, "own-cost-1000 / -2000: CPU ratio ≤ 1.5×; facade GC < 10% of its busy time", [
      ...ownCost(1000, 1.5),
      ...gc(1000),
      ...ownCost(2000, 1.5),
      ...gc(2000),
      ...broken((f) => f.scenario === "own-cost-1000" || f.scenario === "own-cost-2000"),
    ]),
    goal(
      3,
      "fresh-20 at 1 and 20 connections: facade req/s ≥ 1.0× plain-cached (plain Apollo replaying cached answer bytes)",
      [
        ...byScenario("fresh-20")
          .filter((c) => c.baseline.name === "plain-cached")
          .map((c) =>
            comparisonCheck(
              c,
              "facade req/s ÷ plain-cached req/s",
              c.throughputRatio,
              "≥ 1.0",
              (v) => v >= 1,
              rateDetail(c),
            ),
          ),
        ...broken((f) => f.scenario === "fresh-20" && f.baseline === "plain-cached"),
      ],
    ),
    goal(
      4,
      "ads-api list of 1,000 campaigns ≥ 0.25× bare Fastify on PGlite, ≥ 0.5× on PostgreSQL",
      [
        ...byScenario("ads-api-list").map((c) => {
          const min = c.engine === "postgresql" ? 0.5 : 0.25;
          return comparisonCheck(
            c,
            "ads-api req/s ÷ bare req/s",
            c.throughputRatio,
            `≥ ${min}`,
            (v) => v >= min,
            rateDetail(c),
          );
        }),
        ...broken((f) => f.scenario === "ads-api-list"),
      ],
    ),
    goal(
      5,
      "facade RSS after 1,000 requests ≤ 2× plain Apollo's after the same (facade on PostgreSQL and on PGlite)",
      [...memoryChecks, ...broken((f) => f.scenario === "memory")],
    ),
    goal(
      6,
      "the embedded default (`pnpm start`: ads-api + facade on PGlite): RSS of both at ready ≤ 600 MB, first start and restart",
      [...embeddedChecks, ...broken((f) => f.scenario === "embedded")],
    ),
    goal(7, "tracing, both services traced: p50 at 1 and 4 connections < 5% over tracing off", [
      ...tracingChecks,
      ...broken((f) => f.scenario === "tracing"),
    ]),
  ];
}
