import type { LatencyRun } from "./latency-load.js";
import type { SinkCounts } from "./otlp-sink.js";
import { bootstrapInterval } from "./stats.js";

/** The goal of issue 20: tracing on costs under 5% at the median. */
export const P50_GOAL = 0.05;

/** The facade's service name where it traces alone (the sink counts the sides apart). */
export const FACADE_ONLY_SERVICE = "adsgraph-graphql-facade-only";
/** Every service a traced side exports spans as. */
export const TRACED_SERVICES = [FACADE_ONLY_SERVICE, "adsgraph-graphql", "adsgraph-ads-api"];

/** The services the traced sides export as. */
export function servicesOf(sides: readonly TracedSide[]): string[] {
  return [
    ...(sides.includes("facade") ? [FACADE_ONLY_SERVICE] : []),
    ...(sides.includes("both") ? ["adsgraph-graphql", "adsgraph-ads-api"] : []),
  ];
}

/** Every traced side really exported, from each service it traces, and all of it was readable. */
export function allExported(
  sink: SinkCounts,
  services: readonly string[] = TRACED_SERVICES,
): boolean {
  return (
    services.every((service) => (sink.spansByService[service] ?? 0) > 0) && sink.unreadable === 0
  );
}

/** The run's verdict: every service exported, and every connection count met the goal. */
export function runPasses(
  results: readonly OverheadResult[],
  sink: SinkCounts,
  services: readonly string[] = TRACED_SERVICES,
): boolean {
  return (
    allExported(sink, services) && results.length > 0 && results.every((result) => result.pass)
  );
}

/** One measured round of one side, with the CPU its processes used per request. */
export interface SideRound extends LatencyRun {
  cpuMsPerRequest: Record<string, number>;
}

export interface SideSummary {
  /** Median over rounds of each round's p50 (and p99): a noisy round moves it little. */
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  cpuMsPerRequest: Record<string, number>;
  failures: number;
  rounds: SideRound[];
}

/** A traced side against the untraced one: on ÷ off. */
export interface TracedSummary extends SideSummary {
  /** on ÷ off of the median p50s, p99s and of each process's CPU per request. */
  p50Ratio: number;
  p99Ratio: number;
  cpuRatio: Record<string, number>;
  /** The median of the rounds' paired p50 ratios (round i traced ÷ round i off, loaded together). */
  pairedP50Ratio: number;
  /**
   * Where that median could as well have fallen: the 95% bootstrap interval over the rounds'
   * pairs (the verdict stays on the medians; the interval says how far to trust them).
   */
  pairedP50Interval: [number, number];
}

/** Which services trace: the facade alone (an upstream that is not ours), or both. */
export type TracedSide = "facade" | "both";

export interface OverheadResult {
  connections: number;
  off: SideSummary;
  /** The traced sides measured (bench:throughput's `tracing` scenario measures `both` only). */
  traced: Partial<Record<TracedSide, TracedSummary>>;
  /** The goal, on the side where both services trace (one trace across them). */
  pass: boolean;
}

export interface OverheadReport {
  title: string;
  command: string;
  machine: Record<string, unknown>;
  settings: Record<string, unknown>;
  method: string;
  goal: string;
  pass: boolean;
  results: OverheadResult[];
  sink: SinkCounts;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

export function summarize(rounds: SideRound[]): SideSummary {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const names = Object.keys(rounds[0]?.cpuMsPerRequest ?? {});
  return {
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    requestsPerSecond: requests / seconds,
    // Weighted by each round's requests: the CPU of all rounds over all their requests.
    cpuMsPerRequest: Object.fromEntries(
      names.map((name) => [
        name,
        rounds.reduce((sum, r) => sum + (r.cpuMsPerRequest[name] ?? 0) * r.requests, 0) / requests,
      ]),
    ),
    failures: rounds.reduce((sum, r) => sum + r.failures, 0),
    rounds,
  };
}

function against(offSummary: SideSummary, off: SideRound[], on: SideRound[]): TracedSummary {
  const summary = summarize(on);
  const paired = on.map((r, i) => r.p50Ms / (off[i]?.p50Ms ?? Number.NaN));
  return {
    ...summary,
    p50Ratio: summary.p50Ms / offSummary.p50Ms,
    p99Ratio: summary.p99Ms / offSummary.p99Ms,
    cpuRatio: Object.fromEntries(
      Object.entries(summary.cpuMsPerRequest).map(([name, ms]) => [
        name,
        ms / (offSummary.cpuMsPerRequest[name] ?? Number.NaN),
      ]),
    ),
    pairedP50Ratio: median(paired),
    pairedP50Interval: bootstrapInterval(paired, median),
  };
}

export function compareSides(
  connections: number,
  off: SideRound[],
  traced: Partial<Record<TracedSide, SideRound[]>>,
): OverheadResult {
  const offSummary = summarize(off);
  const result: Partial<Record<TracedSide, TracedSummary>> = {};
  for (const side of ["facade", "both"] as const) {
    const rounds = traced[side];
    if (rounds !== undefined) result[side] = against(offSummary, off, rounds);
  }
  const failures =
    offSummary.failures + (result.facade?.failures ?? 0) + (result.both?.failures ?? 0);
  const both = result.both;
  return {
    connections,
    off: offSummary,
    traced: result,
    pass: failures === 0 && both !== undefined && both.p50Ratio - 1 < P50_GOAL,
  };
}

const ms = (value: number) => value.toFixed(2);
const pct = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`;

/** The README's table: each side's latency and CPU, and the difference tracing makes. */
export function markdownTable(report: OverheadReport): string {
  const lines = [
    `# ${report.title}`,
    "",
    `${report.goal}: **${report.pass ? "PASS" : "FAIL"}**`,
    "",
    "| connections | tracing | p50 ms | p99 ms | req/s | facade CPU ms/req | ads-api CPU ms/req |",
    "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  const row = (connections: number, label: string, summary: SideSummary) =>
    `| ${connections} | ${label} | ${ms(summary.p50Ms)} | ${ms(summary.p99Ms)} | ` +
    `${summary.requestsPerSecond.toFixed(1)} | ${ms(summary.cpuMsPerRequest.facade ?? Number.NaN)} | ` +
    `${ms(summary.cpuMsPerRequest["ads-api"] ?? Number.NaN)} |`;
  const ratios = (connections: number, label: string, traced: TracedSummary) =>
    `| ${connections} | ${label} | ${pct(traced.p50Ratio)} (paired rounds ` +
    `${pct(traced.pairedP50Ratio)}, 95% interval ${pct(traced.pairedP50Interval[0])} to ` +
    `${pct(traced.pairedP50Interval[1])}) | ${pct(traced.p99Ratio)} | | ` +
    `${pct(traced.cpuRatio.facade ?? Number.NaN)} | ${pct(traced.cpuRatio["ads-api"] ?? Number.NaN)} |`;
  for (const result of report.results) {
    const { connections, off, traced } = result;
    lines.push(
      row(connections, "off", off),
      ...(traced.facade ? [row(connections, "facade only", traced.facade)] : []),
      ...(traced.both ? [row(connections, "both", traced.both)] : []),
      ...(traced.facade ? [ratios(connections, "facade only vs off", traced.facade)] : []),
      ...(traced.both ? [ratios(connections, "**both vs off** (goal)", traced.both)] : []),
    );
  }
  const spans = Object.entries(report.sink.spansByService)
    .map(([service, count]) => `${service} ${count}`)
    .join(", ");
  lines.push(
    "",
    `Spans exported to the local OTLP sink during the run: ${spans} (${report.sink.requests} ` +
      `exports, ${(report.sink.bytes / 1e6).toFixed(1)} MB).`,
    "",
    `Machine: ${String(report.machine.cpus)} cores (${String(report.machine.cpuModel)}), Node ` +
      `${String(report.machine.node)}, load average ${JSON.stringify(report.machine.loadAverageAtStart)} at ` +
      `the start, ${JSON.stringify(report.machine.loadAverageAtEnd)} at the end.`,
    "",
    report.method,
    "",
    `Command: \`${report.command}\``,
    "",
  );
  return lines.join("\n");
}
