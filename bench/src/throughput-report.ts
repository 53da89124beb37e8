import type { Bar, PanelGroup } from "./chart.js";
import type { SinkCounts } from "./otlp-sink.js";
import type { EmbeddedReport } from "./throughput-embedded.js";
import type { ComparisonFailure, Goal } from "./throughput-goals.js";
import type { MemoryReport } from "./throughput-memory.js";
import type { ComparisonResult } from "./throughput-run.js";
import type { OverheadResult } from "./tracing-overhead-report.js";

/** What throughput.ts writes (bench/results/throughput*.json). */
export interface ThroughputReport {
  title: string;
  command: string;
  machine: unknown;
  settings: Record<string, unknown>;
  method: string;
  goals: Goal[];
  comparisons: ComparisonResult[];
  /** The memory scenario: RSS after start and after load of each server. */
  memory?: MemoryReport | undefined;
  /** The embedded default's RSS at ready, first start and restart. */
  embedded?: EmbeddedReport | undefined;
  /** The tracing scenario (tracing-overhead-run.ts). */
  tracing?: TracingReport | undefined;
  failures: ComparisonFailure[];
}

export interface TracingReport {
  method: string;
  settings: Record<string, unknown>;
  /** Which sampler the traced services used, as far as the bench can tell. */
  sampler: string;
  /** What the traced services printed about tracing at start. */
  tracingLines: string[];
  services: string[];
  exported: boolean;
  results: OverheadResult[];
  sink: SinkCounts;
}

const r2 = (value: number) => Math.round(value * 100) / 100;
const r3 = (value: number) => Math.round(value * 1000) / 1000;
const pct = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`;

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
  lines.push(...memoryTable(report.memory), ...embeddedTable(report.embedded));
  lines.push(...tracingTable(report.tracing));
  lines.push("", "| goal (issue 37) | checks | result |", "|---|---|---|");
  for (const g of report.goals) {
    const checks = g.checks
      .map(
        (c) =>
          `${c.scenario}${c.engine === "pglite" || c.engine === "" ? "" : ` (${c.engine})`}` +
          `${c.connections > 0 ? ` @${c.connections}` : ""}: ${c.value} ${c.threshold} ` +
          `${c.pass ? "✓" : "✗"}${c.detail === undefined ? "" : ` (${c.detail})`}`,
      )
      .join("; ");
    lines.push(
      `| ${g.goal}. ${g.title} | ${(checks || "not run").replaceAll("|", "/")} | ${g.pass ? "PASS" : "FAIL"} |`,
    );
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

const mb = (value: number) => value.toFixed(1);

/** The memory scenario's rows: RSS (process tree) and HWM after start and after load. */
function memoryTable(memory: MemoryReport | undefined): string[] {
  if (memory === undefined) return [];
  const lines = [
    "",
    `Memory (${memory.knobs.requests} requests, facade settings "${memory.knobs.facadeMode}"):`,
    "",
    "| server | database | load | RSS after start MB (HWM) | RSS after load MB (HWM) | processes | req/s | clean |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const row of memory.rows)
    lines.push(
      `| ${row.server} | ${row.engine || "—"} | ${row.what.replaceAll("|", "/")} | ` +
        `${mb(row.afterStart.treeRssMb)} (${mb(row.afterStart.hwmMb)}) | ` +
        `${mb(row.afterLoad.treeRssMb)} (${mb(row.afterLoad.hwmMb)}) | ${row.afterLoad.processes} | ` +
        `${r2(row.load.requestsPerSecond)} | ${row.clean ? "yes" : "no"} |`,
    );
  for (const f of memory.failures)
    lines.push(
      `| ${f.server} | ${f.engine} | not measured: ${f.error.slice(0, 160).replaceAll("|", "/").replaceAll("\n", " ")} ||||| no |`,
    );
  return lines;
}

/** The embedded default's starts: each app's tree at ready, the sums and the peak. */
function embeddedTable(embedded: EmbeddedReport | undefined): string[] {
  if (embedded === undefined) return [];
  const lines = [
    "",
    "Embedded default (`pnpm start`, PGlite):",
    "",
    "| start | ads-api MB at ready (HWM, s) | facade MB at ready (HWM, s) | sum at own ready lines | sum when both ready | peak sum | most processes |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const start of embedded.starts) {
    const app = (a: EmbeddedReport["starts"][number]["apps"]["facade"]) =>
      `${mb(a.atReady.treeRssMb)} (${mb(a.atReady.hwmMb)}, ${a.readySeconds} s)`;
    lines.push(
      `| ${start.start} | ${app(start.apps["ads-api"])} | ${app(start.apps.facade)} | ` +
        `${mb(start.sumAtOwnReadyMb)} | ${mb(start.sumAtBothReadyMb)} | ${mb(start.peakSumMb)} | ` +
        `${start.apps["ads-api"].peakProcesses} + ${start.apps.facade.peakProcesses} |`,
    );
  }
  return lines;
}

/** The tracing scenario: p50 off and traced, per connection count. */
function tracingTable(tracing: TracingReport | undefined): string[] {
  if (tracing === undefined) return [];
  const lines = [
    "",
    `Tracing (sampler: ${tracing.sampler}):`,
    "",
    "| connections | p50 off ms | p50 both ms | both vs off | paired rounds (95% interval) | facade CPU ms/req off → both | failures |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const result of tracing.results) {
    const both = result.traced.both;
    if (both === undefined) continue;
    lines.push(
      `| ${result.connections} | ${r2(result.off.p50Ms)} | ${r2(both.p50Ms)} | ${pct(both.p50Ratio)} | ` +
        `${pct(both.pairedP50Ratio)} (${pct(both.pairedP50Interval[0])} to ${pct(both.pairedP50Interval[1])}) | ` +
        `${r2(result.off.cpuMsPerRequest.facade ?? Number.NaN)} → ${r2(both.cpuMsPerRequest.facade ?? Number.NaN)} | ` +
        `${result.off.failures + both.failures} |`,
    );
  }
  return lines;
}
