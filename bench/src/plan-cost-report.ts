// The plan-cpu bench's figures (issue 35 "Cost of planning"): per reference query, the
// facade's CPU per request with planning on and off, their ratio, and the planner's own time.
import { bootstrapInterval } from "./stats.js";

/** One side of one round: its facade's CPU over the round per request answered. */
export interface SideRound {
  cpuMsPerRequest: number;
  requests: number;
  failures: number;
}

export interface QueryRound {
  on: SideRound;
  off: SideRound;
}

export interface PlannerTime {
  iterations: number;
  wallMsPerPlan: number;
  cpuMsPerPlan: number;
}

export interface QueryResult {
  query: string;
  /** Medians over the rounds. */
  onCpuMsPerRequest: number;
  offCpuMsPerRequest: number;
  /** The median of the rounds' on ÷ off. */
  ratio: number;
  ratioInterval: [number, number];
  /** The in-process planner's CPU per plan ÷ the off side's CPU per request. */
  plannerShare: number;
  planner: PlannerTime;
  failures: number;
  /** `extensions.cost` of each side's first answer: on plans, off does not. */
  cost: { on: unknown; off: unknown };
  rounds: QueryRound[];
}

export interface CpuReport {
  title: string;
  command: string;
  machine: unknown;
  settings: Record<string, unknown>;
  method: string;
  goal: string;
  pass: boolean;
  /** The geometric mean of the queries' ratios. */
  ratio: number;
  queries: QueryResult[];
  /** Reference queries the facades could not answer (not measured). */
  skipped: { query: string; answer: string }[];
}

/** The middle value, or the mean of the two middle ones (nearest rank would favour the lower). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export function summarizeQuery(
  query: string,
  rounds: QueryRound[],
  planner: PlannerTime,
  cost: QueryResult["cost"],
): QueryResult {
  const ratios = rounds.map((r) => r.on.cpuMsPerRequest / r.off.cpuMsPerRequest);
  const off = median(rounds.map((r) => r.off.cpuMsPerRequest));
  return {
    query,
    onCpuMsPerRequest: median(rounds.map((r) => r.on.cpuMsPerRequest)),
    offCpuMsPerRequest: off,
    ratio: median(ratios),
    ratioInterval: bootstrapInterval(ratios, median),
    plannerShare: planner.cpuMsPerPlan / off,
    planner,
    failures: rounds.reduce((sum, r) => sum + r.on.failures + r.off.failures, 0),
    cost,
    rounds,
  };
}

const fixed = (n: number, digits = 3) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

export function markdown(report: CpuReport): string {
  const lines = [
    `# ${report.title}`,
    "",
    `Command: \`${report.command}\``,
    "",
    report.method,
    "",
    `Goal: ${report.goal}. Run ratio: **${fixed(report.ratio)}**, **${report.pass ? "PASS" : "FAIL"}**`,
    "",
    "| query | CPU ms/req on | off | on ÷ off (95% interval) | planner in process, ms/plan | ÷ off CPU/req |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...report.queries.map(
      (q) =>
        `| ${q.query} | ${fixed(q.onCpuMsPerRequest, 2)} | ${fixed(q.offCpuMsPerRequest, 2)} | ` +
        `${fixed(q.ratio)} (${fixed(q.ratioInterval[0])}–${fixed(q.ratioInterval[1])}) | ` +
        `${fixed(q.planner.cpuMsPerPlan, 4)} | ${(q.plannerShare * 100).toFixed(2)}% |`,
    ),
    "",
  ];
  if (report.skipped.length > 0)
    lines.push(
      "Not measured (the facades answered with an error):",
      "",
      ...report.skipped.map((s) => `- ${s.query}: \`${s.answer}\``),
      "",
    );
  lines.push(`Settings: \`${JSON.stringify(report.settings)}\``, "");
  return lines.join("\n");
}
