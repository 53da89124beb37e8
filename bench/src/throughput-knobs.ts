import type { DatabaseTarget } from "@adsgraph/storage";
import { envNumber } from "./report.js";
import {
  FRESH_BASELINES,
  SCENARIOS,
  type ScenarioKnobs,
  type ScenarioName,
} from "./throughput-scenarios.js";
import { childSettingsFromEnv } from "./throughput-servers.js";

/** A comma-separated list from the environment, or `fallback`. */
function envList(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function envNumbers(name: string, fallback: string): number[] {
  return envList(name, fallback).map((item) => {
    const value = Number(item);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name}: ${item} is not a whole number ≥ 1`);
    return value;
  });
}

function envChoices<T extends string>(name: string, fallback: string, choices: readonly T[]): T[] {
  return envList(name, fallback).map((item) => {
    const choice = choices.find((c) => c === item);
    if (choice === undefined)
      throw new Error(`${name}: ${item} is not one of ${choices.join(", ")}`);
    return choice;
  });
}

/** Every setting of a throughput or profile run (docs/benchmarks.md lists them). */
export function readKnobs() {
  const scenarios = new Set<ScenarioName>(
    envChoices("BENCH_SCENARIOS", SCENARIOS.join(","), SCENARIOS),
  );
  const knobs: ScenarioKnobs = {
    freshConnections: envNumbers("BENCH_FRESH_CONNECTIONS", "1,20"),
    freshBaselines: envChoices("BENCH_FRESH_BASELINES", FRESH_BASELINES.join(","), FRESH_BASELINES),
    ownCostConnections: envNumber("BENCH_OWN_COST_CONNECTIONS", 1),
    ownCostSizes: envNumbers("BENCH_OWN_COST_SIZES", "100,1000,2000"),
    listConnections: envNumber("BENCH_LIST_CONNECTIONS", 4),
    listEngines: envChoices<DatabaseTarget["engine"]>("BENCH_LIST_ENGINES", "pglite,postgresql", [
      "pglite",
      "postgresql",
    ]),
  };
  const settings = childSettingsFromEnv();
  return {
    scenarios,
    knobs,
    settings,
    rounds: Math.max(1, envNumber("BENCH_ROUNDS", 2)),
    seconds: Math.max(1, envNumber("BENCH_ROUND_SECONDS", 8)),
    warmupSeconds: envNumber("BENCH_WARMUP_SECONDS", 2),
  };
}

/** The variables a results file records with its command line. */
export const KNOB_NAMES = [
  "BENCH_SCENARIOS",
  "BENCH_ROUNDS",
  "BENCH_ROUND_SECONDS",
  "BENCH_WARMUP_SECONDS",
  "BENCH_FRESH_CONNECTIONS",
  "BENCH_FRESH_BASELINES",
  "BENCH_OWN_COST_SIZES",
  "BENCH_OWN_COST_CONNECTIONS",
  "BENCH_LIST_CONNECTIONS",
  "BENCH_LIST_ENGINES",
  "BENCH_NODE_ENV",
  "BENCH_NODE_FLAGS",
  "BENCH_LOG_LEVEL",
  "BENCH_OUT",
  "TEST_DATABASE_URL",
] as const;
