import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on every Linux port in use). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc stat line, in ms. */
function statCpuMs(stat: string, where: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`unreadable ${where}`);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU time (user + system, all threads) a process has used so far, in ms, from /proc/<pid>/stat. */
export async function cpuMs(pid: number): Promise<number> {
  return statCpuMs(await readFile(`/proc/${pid}/stat`, "utf8"), `/proc/${pid}/stat`);
}

/**
 * The main thread's own counters: its CPU time (ms, /proc/<pid>/task/<pid>/stat), and the time
 * it spent running and waiting to run (ms, schedstat: on a busy machine a runnable thread waits
 * for a core, and a GC pause measured by the clock includes that wait).
 */
async function mainThread(pid: number) {
  const task = `/proc/${pid}/task/${pid}`;
  const [stat, schedstat] = await Promise.all([
    readFile(`${task}/stat`, "utf8"),
    readFile(`${task}/schedstat`, "utf8").catch(() => "0 0 0"),
  ]);
  const [runNs, waitNs] = schedstat.split(" ").map(Number);
  return {
    mainCpuMs: statCpuMs(stat, `${task}/stat`),
    runMs: (runNs ?? 0) / 1e6,
    waitMs: (waitNs ?? 0) / 1e6,
  };
}

/** Total GC time a process's gc-probe.ts has counted (ms), or null without a probe file. */
export async function gcMs(file: string | undefined): Promise<number | null> {
  if (file === undefined) return null;
  const text = await readFile(file, "utf8").catch(() => null);
  return text === null ? null : (JSON.parse(text) as { gcMs: number }).gcMs;
}

/** One process's CPU (and GC, when probed) counters at a moment. */
export interface ProcessSample {
  cpuMs: number;
  /** Its main thread's (JavaScript's) CPU time. */
  mainCpuMs: number;
  /** Its main thread's time running and waiting for a core (schedstat). */
  runMs: number;
  waitMs: number;
  gcMs: number | null;
}

/** A process the bench watches: its pid and the gc-probe file, if any. */
export interface Watched {
  readonly name: string;
  readonly pid: number;
  readonly gcFile?: string | undefined;
}

/** Counters of every watched process, read together (the probes write every 200 ms: wait longer). */
export async function sample(processes: readonly Watched[]): Promise<Map<string, ProcessSample>> {
  await sleep(300);
  const entries = await Promise.all(
    processes.map(
      async (p) =>
        [
          p.name,
          { cpuMs: await cpuMs(p.pid), ...(await mainThread(p.pid)), gcMs: await gcMs(p.gcFile) },
        ] as const,
    ),
  );
  return new Map(entries);
}

/** 1-, 5- and 15-minute load averages (/proc/loadavg). */
export async function loadAverage(): Promise<[number, number, number]> {
  const [a, b, c] = (await readFile("/proc/loadavg", "utf8")).split(" ").map(Number);
  return [a ?? Number.NaN, b ?? Number.NaN, c ?? Number.NaN];
}
