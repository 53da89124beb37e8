// The plan-accuracy bench's figures (issue 35 "Accuracy"): how often the requests sent lay
// within the plan, how often an exact plan was met, how wide the bounds were, which fields
// were read by no rule, and every violation with its query.
import { parse, TypeInfo, visit, visitWithTypeInfo, type GraphQLSchema } from "graphql";
import { showBounds, type Actual, type ComparedPlan } from "./plan-accuracy-check.js";

/** One query run against the facade, its plan and what it sent. */
export interface CaseResult {
  /** `reference:<name>`, `corpus:<index>`, or `snapshots:<index>:<cold|warm>`. */
  readonly name: string;
  readonly accountId: string | null;
  readonly document: string;
  readonly variables: Record<string, unknown>;
  readonly status: number;
  readonly errorCodes: readonly string[];
  readonly plan: ComparedPlan;
  readonly actual: Actual;
  /** Planner bugs: where what was sent lies outside the plan. */
  readonly violations: readonly string[];
  /** Counting disagreements (ads-api's log, cost.actual) apart from the plan. */
  readonly countMismatches: readonly string[];
}

/** Buckets of (upper − lower) of the total. */
const WIDTHS = [
  { label: "0 (exact)", max: 0 },
  { label: "1", max: 1 },
  { label: "2–5", max: 5 },
  { label: "6–20", max: 20 },
  { label: "21–100", max: 100 },
  { label: "101–1000", max: 1000 },
  { label: "> 1000", max: Number.POSITIVE_INFINITY },
] as const;

export interface PassSummary {
  readonly cases: number;
  readonly withinBounds: number;
  readonly withinBoundsPercent: number;
  readonly exactCases: number;
  readonly exactMatches: number;
  readonly exactMatchPercent: number | null;
  /** Cases whose answer had a GraphQL error (their requests count all the same). */
  readonly casesWithErrors: number;
  readonly upstreamRequests: number;
  readonly planSources: Readonly<Record<string, number>>;
  /** (upper − lower) of the total: cases per bucket, in order, `unbounded` for upper null. */
  readonly widths: readonly { readonly width: string; readonly cases: number }[];
  readonly violations: number;
  readonly countMismatches: number;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 100 : Math.round((part / whole) * 10_000) / 100;

export function summarize(results: readonly CaseResult[]): PassSummary {
  const widths = [...WIDTHS.map((w) => w.label), "unbounded"].map((width) => ({ width, cases: 0 }));
  const planSources: Record<string, number> = {};
  let withinBounds = 0;
  let exactCases = 0;
  let exactMatches = 0;
  for (const result of results) {
    const { total } = result.plan;
    if (result.violations.length === 0) withinBounds += 1;
    if (result.plan.exact) {
      exactCases += 1;
      if (result.actual.total === total.lower) exactMatches += 1;
    }
    const label =
      total.upper === null
        ? "unbounded"
        : (WIDTHS.find((w) => total.upper !== null && total.upper - total.lower <= w.max)?.label ??
          "unbounded");
    const bucket = widths.find((w) => w.width === label);
    if (bucket !== undefined) bucket.cases += 1;
    planSources[result.plan.source] = (planSources[result.plan.source] ?? 0) + 1;
  }
  return {
    cases: results.length,
    withinBounds,
    withinBoundsPercent: percent(withinBounds, results.length),
    exactCases,
    exactMatches,
    exactMatchPercent: exactCases === 0 ? null : percent(exactMatches, exactCases),
    casesWithErrors: results.filter((r) => r.errorCodes.length > 0).length,
    upstreamRequests: results.reduce((sum, r) => sum + r.actual.total, 0),
    planSources,
    widths,
    violations: results.filter((r) => r.violations.length > 0).length,
    countMismatches: results.filter((r) => r.countMismatches.length > 0).length,
  };
}

/** Schema coordinates (`Type.field`) a document selects. */
export function coordinatesOf(schema: GraphQLSchema, document: string): Set<string> {
  const typeInfo = new TypeInfo(schema);
  const seen = new Set<string>();
  visit(
    parse(document),
    visitWithTypeInfo(typeInfo, {
      Field: () => {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (parent != null && field != null && !field.name.startsWith("__"))
          seen.add(`${parent.name}.${field.name}`);
      },
    }),
  );
  return seen;
}

export interface Coverage {
  /** Distinct schema coordinates the queries selected. */
  readonly coordinatesSelected: number;
  /** Fields the plans listed as read by no rule, with the cases that selected them. */
  readonly unplanned: Readonly<Record<string, number>>;
  /** Fields selected in violating cases, by how many violating and how many cases in all. */
  readonly suspects: readonly { coordinate: string; violating: number; cases: number }[];
}

export function coverageOf(schema: GraphQLSchema, results: readonly CaseResult[]): Coverage {
  const cases = new Map<string, number>();
  const violating = new Map<string, number>();
  const unplanned: Record<string, number> = {};
  for (const result of results) {
    for (const coordinate of coordinatesOf(schema, result.document)) {
      cases.set(coordinate, (cases.get(coordinate) ?? 0) + 1);
      if (result.violations.length > 0)
        violating.set(coordinate, (violating.get(coordinate) ?? 0) + 1);
    }
    for (const coordinate of result.plan.unplanned)
      unplanned[coordinate] = (unplanned[coordinate] ?? 0) + 1;
  }
  // Fields most often in violating cases relative to how often they are selected at all.
  const suspects = [...violating]
    .map(([coordinate, count]) => ({
      coordinate,
      violating: count,
      cases: cases.get(coordinate) ?? 0,
    }))
    .sort((a, b) => b.violating / b.cases - a.violating / a.cases || b.violating - a.violating)
    .slice(0, 25);
  return {
    coordinatesSelected: cases.size,
    unplanned: Object.fromEntries(Object.entries(unplanned).sort(([, a], [, b]) => b - a)),
    suspects,
  };
}

/** One case in a line: its plan against what it sent (a violation's whole case is kept apart). */
export function briefOf(result: CaseResult): string {
  const errors = [...new Set(result.errorCodes)];
  return (
    `${result.name}: planned ${showBounds(result.plan.total)}${result.plan.exact ? " (exact)" : ""}, ` +
    `sent ${result.actual.total}${result.violations.length > 0 ? ", VIOLATION" : ""}` +
    (errors.length > 0 ? `, errors ${errors.join(" ")}` : "")
  );
}

export interface AccuracyReport {
  readonly title: string;
  readonly command: string;
  readonly machine: unknown;
  readonly settings: Record<string, unknown>;
  readonly accounts: readonly unknown[];
  readonly goal: string;
  readonly pass: boolean;
  readonly passes: Readonly<Record<string, PassSummary>>;
  readonly coverage: Coverage;
  /** Every case in brief (the corpus's documents come again from its seed). */
  readonly cases: readonly string[];
  /** Every case that broke the plan, whole. */
  readonly violations: readonly CaseResult[];
  readonly countMismatches: readonly CaseResult[];
}

/** Violations shown whole in the .md (all of them are in the .json). */
const MARKDOWN_VIOLATIONS = 100;

const row = (cells: readonly (string | number)[]) => `| ${cells.join(" | ")} |`;

export function markdown(report: AccuracyReport): string {
  const passes = Object.entries(report.passes);
  const lines = [
    `# ${report.title}`,
    "",
    `Command: \`${report.command}\``,
    "",
    `Goal: ${report.goal}. **${report.pass ? "PASS" : "FAIL"}**`,
    "",
    `Settings: \`${JSON.stringify(report.settings)}\``,
    "",
    row([
      "pass",
      "cases",
      "within bounds",
      "exact plans",
      "exact met",
      "violations",
      "with errors",
      "upstream requests",
      "plan from",
    ]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---"]),
    ...passes.map(([name, s]) =>
      row([
        name,
        s.cases,
        `${s.withinBounds} (${s.withinBoundsPercent}%)`,
        s.exactCases,
        s.exactMatchPercent === null ? "–" : `${s.exactMatches} (${s.exactMatchPercent}%)`,
        s.violations,
        s.casesWithErrors,
        s.upstreamRequests,
        Object.entries(s.planSources)
          .map(([source, n]) => `${source} ${n}`)
          .join(", "),
      ]),
    ),
    "",
    ...(report.passes.snapshots?.planSources["in-process"] === undefined
      ? []
      : [
          "The in-process planner knows no snapshots: in the snapshots pass, a query answered " +
            "from them may send fewer requests than its in-process lower bound (the facade's own " +
            "plan, with what it knows, is the one to hold them against).",
          "",
        ]),
    "## Width of the plan (upper − lower of all requests)",
    "",
    row(["pass", ...(passes[0]?.[1].widths ?? []).map((w) => w.width)]),
    row(["---", ...(passes[0]?.[1].widths ?? []).map(() => "---:")]),
    ...passes.map(([name, s]) => row([name, ...s.widths.map((w) => w.cases)])),
    "",
    "## Coverage",
    "",
    `${report.coverage.coordinatesSelected} schema fields selected. Fields planned by no rule ` +
      `(\`unplanned\`), with the cases that selected them:`,
    "",
    ...(Object.keys(report.coverage.unplanned).length === 0
      ? ["(none)"]
      : Object.entries(report.coverage.unplanned).map(([c, n]) => `- \`${c}\`: ${n}`)),
    "",
    "## Violations",
    "",
  ];
  if (report.violations.length === 0) lines.push("None.");
  else {
    lines.push(
      `${report.violations.length} case(s). Fields most often in violating cases (violating / selected):`,
      "",
      ...report.coverage.suspects.map((s) => `- \`${s.coordinate}\`: ${s.violating} / ${s.cases}`),
      "",
    );
    for (const v of report.violations.slice(0, MARKDOWN_VIOLATIONS)) {
      lines.push(
        `### ${v.name} (account ${v.accountId ?? "viewer's"})`,
        "",
        ...v.violations.map((text) => `- ${text}`),
        `- sent by endpoint: ${JSON.stringify(v.actual.byEndpoint)}`,
        `- errors: ${v.errorCodes.join(", ") || "none"}`,
        "",
        "```graphql",
        v.document,
        "```",
        `variables: \`${JSON.stringify(v.variables)}\``,
        "",
      );
    }
  }
  if (report.violations.length > MARKDOWN_VIOLATIONS)
    lines.push(`(${report.violations.length - MARKDOWN_VIOLATIONS} more in the .json)`, "");
  lines.push("## Count mismatches (ads-api's log or cost.actual against extensions.upstream)", "");
  if (report.countMismatches.length === 0) lines.push("None.");
  else
    for (const m of report.countMismatches)
      lines.push(`- ${m.name}: ${m.countMismatches.join("; ")}`);
  lines.push("");
  return lines.join("\n");
}
