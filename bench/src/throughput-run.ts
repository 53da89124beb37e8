import { load, type LoadRequest, type LoadResult } from "./load.js";
import { loadAverage, sample, type ProcessSample, type Watched } from "./proc-stats.js";

/** One side of a comparison: where the load goes and which processes do the work. */
export interface Target {
  name: string;
  origin: string;
  requests: readonly LoadRequest[];
  /** The processes whose CPU counts for this target (the first is the one ratios compare). */
  processes: readonly Watched[];
  /** Run before each round: throws when the target does not answer as the scenario requires. */
  check(): Promise<void>;
}

export interface Comparison {
  scenario: string;
  engine: string;
  connections: number;
  description: string;
  subject: Target;
  baseline: Target;
}

/** One process's use during a target's rounds. */
export interface ProcessUse {
  /** All threads (what cpuMsPerRequest and the CPU ratios use). */
  cpuMs: number;
  cpuMsPerRequest: number;
  /** The main thread's (JavaScript's) CPU time: busy time as a CPU profile counts it. */
  mainThreadCpuMs: number;
  /** GC pauses by the clock (gc-probe.ts; null without a probe). */
  gcPauseMs: number | null;
  /** The main thread's running time over its runnable time (schedstat): 1 on a quiet machine. */
  runningShare: number;
  /** GC pauses × runningShare over the main thread's CPU time (null without a probe). */
  gcShare: number | null;
}

/** A target's rounds, added up. */
export interface TargetResult {
  name: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Median over rounds of each round's p50; the highest round p99. */
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  processes: Record<string, ProcessUse>;
  rounds: (LoadResult & { cpuMs: Record<string, number> })[];
}

export interface ComparisonResult {
  scenario: string;
  engine: string;
  connections: number;
  description: string;
  subject: TargetResult;
  baseline: TargetResult;
  /** subject req/s ÷ baseline req/s. */
  throughputRatio: number;
  /** CPU ms per request of the subject's first process ÷ the baseline's first process. */
  cpuRatio: number;
  /** Every request of both answered 2xx, no errors or timeouts. */
  clean: boolean;
  /** 1-minute load average before and after: how much else ran on the machine meanwhile. */
  loadAverage: { before: number; after: number };
}

export interface RunSettings {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  log: (line: string) => void;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

/** One round of load on a target, with each process's CPU and GC time over it. */
async function round(target: Target, connections: number, seconds: number) {
  await target.check();
  const before = await sample(target.processes);
  const result = await load(target.origin, target.requests, connections, seconds);
  const after = await sample(target.processes);
  const use = new Map<string, ProcessSample>();
  for (const [name, end] of after) {
    const start = before.get(name);
    if (start === undefined) continue;
    use.set(name, {
      cpuMs: end.cpuMs - start.cpuMs,
      mainCpuMs: end.mainCpuMs - start.mainCpuMs,
      runMs: end.runMs - start.runMs,
      waitMs: end.waitMs - start.waitMs,
      gcMs: end.gcMs === null || start.gcMs === null ? null : end.gcMs - start.gcMs,
    });
  }
  return { result, use };
}

function summarize(target: Target, rounds: Awaited<ReturnType<typeof round>>[]): TargetResult {
  const requests = rounds.reduce((sum, r) => sum + r.result.requests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.result.seconds, 0);
  const processes: Record<string, ProcessUse> = {};
  for (const p of target.processes) {
    const total = (key: "cpuMs" | "mainCpuMs" | "runMs" | "waitMs") =>
      rounds.reduce((sum, r) => sum + (r.use.get(p.name)?.[key] ?? 0), 0);
    const cpuMs = total("cpuMs");
    const mainCpuMs = total("mainCpuMs");
    const gcs = rounds.map((r) => r.use.get(p.name)?.gcMs);
    const known = gcs.filter((gc): gc is number => typeof gc === "number");
    const gcMs = known.length === gcs.length ? known.reduce((sum, gc) => sum + gc, 0) : null;
    // A pause measured by the clock includes the main thread's waits for a core; it ran for
    // run / (run + wait) of its runnable time, and a pause is runnable time.
    const running = total("runMs") / Math.max(1e-9, total("runMs") + total("waitMs"));
    processes[p.name] = {
      cpuMs,
      cpuMsPerRequest: requests > 0 ? cpuMs / requests : Number.NaN,
      mainThreadCpuMs: mainCpuMs,
      gcPauseMs: gcMs,
      runningShare: running,
      gcShare: gcMs === null || mainCpuMs === 0 ? null : Math.min(1, (gcMs * running) / mainCpuMs),
    };
  }
  return {
    name: target.name,
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50Ms: median(rounds.map((r) => r.result.p50Ms)),
    p99Ms: Math.max(...rounds.map((r) => r.result.p99Ms)),
    non2xx: rounds.reduce((sum, r) => sum + r.result.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.result.errors, 0),
    timeouts: rounds.reduce((sum, r) => sum + r.result.timeouts, 0),
    processes,
    rounds: rounds.map((r) => ({
      ...r.result,
      cpuMs: Object.fromEntries([...r.use].map(([name, u]) => [name, u.cpuMs])),
    })),
  };
}

/**
 * Subject and baseline in alternating rounds (subject, baseline, subject, ...), after an
 * unmeasured warm-up of each, so that whatever else loads the machine falls on both alike.
 */
export async function compare(c: Comparison, settings: RunSettings): Promise<ComparisonResult> {
  const label = `${c.scenario} [${c.engine}, ${c.connections} conn]`;
  const loadBefore = (await loadAverage())[0];
  for (const target of [c.subject, c.baseline]) {
    await target.check();
    if (settings.warmupSeconds > 0)
      await load(target.origin, target.requests, c.connections, settings.warmupSeconds);
  }
  const subjectRounds: Awaited<ReturnType<typeof round>>[] = [];
  const baselineRounds: Awaited<ReturnType<typeof round>>[] = [];
  for (let i = 0; i < settings.rounds; i += 1) {
    for (const [target, rounds] of [
      [c.subject, subjectRounds],
      [c.baseline, baselineRounds],
    ] as const) {
      const r = await round(target, c.connections, settings.seconds);
      rounds.push(r);
      settings.log(
        `  ${label} round ${i + 1} ${target.name}: ${r.result.requestsPerSecond.toFixed(1)} req/s, ` +
          `p50 ${r.result.p50Ms} ms, ${[...r.use].map(([n, u]) => `${n} ${(u.cpuMs / Math.max(1, r.result.requests)).toFixed(2)} ms CPU/req`).join(", ")}` +
          (r.result.non2xx + r.result.errors > 0
            ? `, ${r.result.non2xx} non-2xx, ${r.result.errors} errors`
            : ""),
      );
    }
  }
  const subject = summarize(c.subject, subjectRounds);
  const baseline = summarize(c.baseline, baselineRounds);
  const main = (t: TargetResult, target: Target) =>
    t.processes[target.processes[0]?.name ?? ""]?.cpuMsPerRequest ?? Number.NaN;
  return {
    scenario: c.scenario,
    engine: c.engine,
    connections: c.connections,
    description: c.description,
    subject,
    baseline,
    throughputRatio: subject.requestsPerSecond / baseline.requestsPerSecond,
    cpuRatio: main(subject, c.subject) / main(baseline, c.baseline),
    clean: [subject, baseline].every((t) => t.non2xx + t.errors + t.timeouts === 0),
    loadAverage: { before: loadBefore, after: (await loadAverage())[0] },
  };
}
