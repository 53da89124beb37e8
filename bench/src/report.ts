import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");

/** A non-negative number from the environment, or `fallback`; anything else stops the run. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

/** 1, 5 and 15-minute load averages: how much other work shared the machine. */
const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

/**
 * What the numbers are measured on: results are only comparable on the same kind of machine.
 * Call it when the run starts; `atEnd()` adds the load average when it ends.
 */
export function machine() {
  const atStart = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    platform: `${os.platform()} ${os.arch()}`,
    loadAverageAtStart: loadAverage(),
  };
  return { atEnd: () => ({ ...atStart, loadAverageAtEnd: loadAverage() }) };
}

export const timestamp = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/** Writes `bench/results/<name>.json` and returns its path relative to the working directory. */
export async function writeResult(name: string, report: unknown): Promise<string> {
  await mkdir(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** The command that produced a result, as a reader would type it. */
export function commandLine(script: string, variables: readonly string[]): string {
  const set = variables.flatMap((name) => {
    const value = process.env[name];
    return value === undefined ? [] : [`${name}=${value}`];
  });
  return [...set, `npx -y pnpm@10.34.9 --filter @adsgraph/bench ${script}`].join(" ");
}
