import type { Bar, PanelGroup } from "./chart.js";
import type { ComparisonResult } from "./throughput-run.js";

/** One goal's check: a figure of the run against the issue's threshold. */
export interface GoalCheck {
  scenario: string;
  engine: string;
  connections: number;
  measure: string;
  value: number;
  threshold: string;
  pass: boolean;
}

export interface Goal {
  goal: number;
  title: string;
  pass: boolean;
  checks: GoalCheck[];
}

/** A comparison that could not be measured (a check failed, a server died). */
export interface ComparisonFailure {
  scenario: string;
  engine: string;
  connections: number;
  /** The baseline's name (plain, plain-cached, bare). */
  baseline: string;
  error: string;
}

/** What throughput.ts writes (bench/results/throughput*.json). */
export interface ThroughputReport {
  title: string;
  command: string;
  machine: unknown;
  settings: Record<string, unknown>;
  method: string;
  goals: Goal[];
  comparisons: ComparisonResult[];
  failures: ComparisonFailure[];
}

const r2 = (value: number) => Math.round(value * 100) / 100;
const r3 = (value: number) => Math.round(value * 1000) / 1000;

function check(
  c: ComparisonResult,
  measure: string,
  value: number,
  threshold: string,
  ok: (value: number) => boolean,
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
  };
}

/** Goals 1–3 of issue 14, each check computed from this run's figures. */
export function goals(
  results: readonly ComparisonResult[],
  failures: readonly ComparisonFailure[] = [],
): Goal[] {
  // The plain server without a cache is an informational row only (issue 37).
  const fresh = results.filter(
    (c) => c.scenario.startsWith("fresh-") && c.baseline.name === "plain-cached",
  );
  const own = results.filter((c) => c.scenario.startsWith("own-cost-"));
  const list = results.filter((c) => c.scenario === "ads-api-list");
  const goal = (n: number, title: string, measured: GoalCheck[]): Goal => {
    const prefix = n === 1 ? "fresh-" : n === 2 ? "own-cost-" : "ads-api-list";
    // A comparison that broke fails its goal.
    const broken = failures
      .filter((f) => f.scenario.startsWith(prefix) && (n !== 1 || f.baseline === "plain-cached"))
      .map((f) => ({
        ...f,
        measure: `not measured: ${f.error.slice(0, 200)}`,
        value: Number.NaN,
        threshold: "",
        pass: false,
      }));
    const checks = [...measured, ...broken];
    // A goal none of whose scenarios ran is not met.
    return { goal: n, title, pass: checks.length > 0 && checks.every((c) => c.pass), checks };
  };
  return [
    goal(
      1,
      "Fresh-snapshot reads at least as fast as a plain cached server: facade req/s ≥ 1.0× plain-cached (20 and 1,000 campaigns, 1 and 20 connections)",
      fresh.map((c) =>
        check(c, "facade req/s ÷ plain-cached req/s", c.throughputRatio, "≥ 1.0", (v) => v >= 1),
      ),
    ),
    goal(
      2,
      "The facade's own cost at most 2× plain (snapshots off, ads-api at 0 ms) and GC under 15% of busy time",
      own.flatMap((c) => [
        check(
          c,
          "facade CPU ms/request ÷ plain CPU ms/request",
          c.cpuRatio,
          "≤ 2.0",
          (v) => v <= 2,
        ),
        check(
          c,
          "facade GC time ÷ facade CPU time",
          c.subject.processes.facade?.gcShare ?? Number.NaN,
          "< 0.15",
          (v) => v < 0.15,
        ),
      ]),
    ),
    goal(
      3,
      "ads-api lists ≥ 0.1× bare Fastify on PGlite, ≥ 0.25× on PostgreSQL (1,000 campaigns)",
      list.map((c) => {
        const min = c.engine === "postgresql" ? 0.25 : 0.1;
        return check(
          c,
          "ads-api req/s ÷ bare req/s",
          c.throughputRatio,
          `≥ ${min}`,
          (v) => v >= min,
        );
      }),
    ),
  ];
}

const cpu = (c: ComparisonResult["subject"], name: string) => {
  const use = c.processes[name];
  return use === undefined ? "" : r2(use.cpuMsPerRequest).toString();
};
const gc = (c: ComparisonResult["subject"], name: string) => {
  const share = c.processes[name]?.gcShare;
  return share === null || share === undefined ? "" : `${Math.round(share * 100)}%`;
};

/** The README's table: one row per comparison, then the goals. */
export function markdownTable(report: ThroughputReport): string {
  const lines = [
    "| scenario | engine | conn | baseline | subject req/s | baseline req/s | req/s ratio | subject CPU ms/req (facade · ads-api) | baseline CPU ms/req | CPU ratio | subject GC share | p50 / p99 ms (subject · baseline) | clean | load avg |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const c of report.comparisons) {
    const { subject: s, baseline: b } = c;
    const facadeSide = s.processes.facade !== undefined;
    const subjectCpu = facadeSide
      ? `${cpu(s, "facade")} · ${cpu(s, "ads-api")}`
      : `— · ${cpu(s, "ads-api")}`;
    const baselineName = Object.keys(b.processes)[0] ?? "";
    lines.push(
      `| ${c.scenario} | ${c.engine} | ${c.connections} | ${b.name} | ${r2(s.requestsPerSecond)} | ${r2(b.requestsPerSecond)} | ${r3(c.throughputRatio)}× | ${subjectCpu} | ${cpu(b, baselineName)} | ${r2(c.cpuRatio)}× | ${gc(s, facadeSide ? "facade" : "ads-api")} | ${r2(s.p50Ms)} / ${r2(s.p99Ms)} · ${r2(b.p50Ms)} / ${r2(b.p99Ms)} | ${c.clean ? "yes" : `no (${s.non2xx + b.non2xx} non-2xx, ${s.errors + b.errors} errors)`} | ${c.loadAverage.before} → ${c.loadAverage.after} |`,
    );
  }
  for (const f of report.failures)
    lines.push(
      `| ${f.scenario} | ${f.engine} | ${f.connections} | ${f.baseline} | not measured: ${f.error.slice(0, 160).replaceAll("|", "/").replaceAll("\n", " ")} |||||||||| no | |`,
    );
  lines.push("", "| goal | checks | result |", "|---|---|---|");
  for (const g of report.goals) {
    const checks = g.checks
      .map(
        (c) =>
          `${c.scenario}${c.engine === "pglite" ? "" : ` (${c.engine})`} @${c.connections}: ${c.value} ${c.threshold} ${c.pass ? "✓" : "✗"}`,
      )
      .join("; ");
    lines.push(`| ${g.goal}. ${g.title} | ${checks || "not run"} | ${g.pass ? "PASS" : "FAIL"} |`);
  }
  return `${lines.join("\n")}\n`;
}

/** The chart: per comparison, req/s and CPU ms per request of both sides. */
export function chartGroups(report: ThroughputReport): PanelGroup[] {
  return report.comparisons.map((c) => {
    const bar = (label: string, value: number, color: string): Bar => ({
      label,
      value,
      color,
      text: r2(value).toString(),
    });
    const cpuBars = [
      ...Object.entries(c.subject.processes).map(([name, use]) =>
        bar(
          `${c.subject.name}: ${name}`,
          use.cpuMsPerRequest,
          name === "ads-api" && c.subject.name !== "ads-api" ? "#8fb3d9" : "#2b6cb0",
        ),
      ),
      ...Object.entries(c.baseline.processes).map(([name, use]) =>
        bar(`${c.baseline.name}: ${name}`, use.cpuMsPerRequest, "#dd6b20"),
      ),
    ];
    return {
      name: `${c.scenario} (${c.engine}, ${c.connections} connection${c.connections === 1 ? "" : "s"}, vs ${c.baseline.name})`,
      verdict: `req/s ratio ${r3(c.throughputRatio)}×, CPU ratio ${r2(c.cpuRatio)}×${c.clean ? "" : " — had failed requests"}`,
      panels: [
        {
          heading: "throughput",
          unit: "req/s",
          bars: [
            bar(c.subject.name, c.subject.requestsPerSecond, "#2b6cb0"),
            bar(c.baseline.name, c.baseline.requestsPerSecond, "#dd6b20"),
          ],
        },
        { heading: "CPU per request", unit: "ms", bars: cpuBars },
      ],
    };
  });
}
