import type { DatabaseTarget } from "@adsgraph/storage";
import { envNumber } from "./report.js";
import {
  FRESH_BASELINES,
  SCENARIOS,
  type ScenarioKnobs,
  type ScenarioName,
} from "./throughput-scenarios.js";
import type { EmbeddedKnobs } from "./throughput-embedded.js";
import { MEMORY_FACADE_MODES, type MemoryKnobs } from "./throughput-memory.js";
import { childSettingsFromEnv } from "./throughput-servers.js";
import type { TracedSide } from "./tracing-overhead-report.js";

/** The tracing scenario's settings (its own, shorter than bench:tracing-overhead's). */
export interface TracingKnobs {
  connections: readonly number[];
  campaigns: number;
  stacks: number;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  /** BENCH_TRACING_SAMPLER: unset leaves the product's default sampler. */
  sampler: string | undefined;
  sides: readonly TracedSide[];
}

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
    // plain (no cache) is informational: left out by default, it would add ~2.5 min.
    freshBaselines: envChoices("BENCH_FRESH_BASELINES", "plain-cached", FRESH_BASELINES),
    ownCostConnections: envNumber("BENCH_OWN_COST_CONNECTIONS", 1),
    ownCostSizes: envNumbers("BENCH_OWN_COST_SIZES", "100,1000,2000"),
    listConnections: envNumber("BENCH_LIST_CONNECTIONS", 4),
    listEngines: envChoices<DatabaseTarget["engine"]>("BENCH_LIST_ENGINES", "pglite,postgresql", [
      "pglite",
      "postgresql",
    ]),
  };
  const settings = childSettingsFromEnv();
  const memory: MemoryKnobs = {
    requests: envNumber("BENCH_MEMORY_REQUESTS", 1000),
    runner: envChoices("BENCH_MEMORY_RUNNER", "bundle", ["bundle", "tsx"] as const)[0] ?? "bundle",
    campaigns: envNumber("BENCH_MEMORY_CAMPAIGNS", 100),
    facadeMode: envChoices("BENCH_MEMORY_FACADE", "upstream", MEMORY_FACADE_MODES)[0] ?? "upstream",
    facadeEngines: envChoices<DatabaseTarget["engine"]>(
      "BENCH_MEMORY_FACADE_ENGINES",
      "postgresql,pglite",
      ["pglite", "postgresql"],
    ),
  };
  const embedded: EmbeddedKnobs = { build: process.env.BENCH_EMBEDDED_BUILD !== "false" };
  const tracing: TracingKnobs = {
    connections: envNumbers("BENCH_TRACING_CONNECTIONS", "1,4"),
    campaigns: envNumber("BENCH_TRACING_CAMPAIGNS", 20),
    stacks: Math.max(1, envNumber("BENCH_TRACING_STACKS", 1)),
    rounds: Math.max(2, envNumber("BENCH_TRACING_ROUNDS", 8)),
    seconds: Math.max(1, envNumber("BENCH_TRACING_ROUND_SECONDS", 4)),
    warmupSeconds: envNumber("BENCH_TRACING_WARMUP_SECONDS", 2),
    sampler: process.env.BENCH_TRACING_SAMPLER,
    sides: envChoices<TracedSide>("BENCH_TRACING_SIDES", "both", ["facade", "both"]),
  };
  return {
    scenarios,
    knobs,
    settings,
    memory,
    embedded,
    tracing,
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
  "BENCH_MEMORY_REQUESTS",
  "BENCH_MEMORY_CAMPAIGNS",
  "BENCH_MEMORY_RUNNER",
  "BENCH_MEMORY_FACADE",
  "BENCH_MEMORY_FACADE_ENGINES",
  "BENCH_EMBEDDED_BUILD",
  "BENCH_TRACING_CONNECTIONS",
  "BENCH_TRACING_CAMPAIGNS",
  "BENCH_TRACING_STACKS",
  "BENCH_TRACING_ROUNDS",
  "BENCH_TRACING_ROUND_SECONDS",
  "BENCH_TRACING_WARMUP_SECONDS",
  "BENCH_TRACING_SAMPLER",
  "BENCH_TRACING_SIDES",
  "BENCH_NODE_ENV",
  "BENCH_NODE_FLAGS",
  "BENCH_LOG_LEVEL",
  "BENCH_OUT",
  "TEST_DATABASE_URL",
] as const;
