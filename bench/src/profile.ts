// CPU profiles of throughput scenarios (docs/benchmarks.md):
//   npx -y pnpm@10.34.9 bench:profile -- <scenario> [<scenario> ...]
// where <scenario> is fresh-20, fresh-1000, own-cost-100, own-cost-1000, own-cost-2000,
// ads-api-list or ads-api-list-postgresql; none: the ones issue 37 may leave above goal
// (REMAINING below), one after another. The facade and ads-api children run under
// `node --cpu-prof` (profiles in bench/results/profiles/<scenario>/<child>/, not committed); after a warm-up
// the subject side of the scenario is loaded for BENCH_PROFILE_SECONDS (default 10) at its
// scenario's connections, the children are stopped with SIGTERM (V8 writes a profile on exit),
// and each main-thread profile is summarised over the measured window only: top 25 functions
// by self time, self time by package or repository folder, GC share. Printed and written to
// bench/results/<BENCH_PROFILE_OUT or profile-<scenario>>.json (BENCH_PROFILE_OUT: one scenario
// only). The fresh scenarios set up their goal's baseline only (plain-cached).
// The other settings are throughput.ts's (BENCH_WARMUP_SECONDS, BENCH_NODE_ENV, ...).
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { summarize, type CpuProfile } from "./cpu-profile.js";
import { load } from "./load.js";
import { envNumber, machine, timestamp, writeResult } from "./report.js";
import { readKnobs } from "./throughput-knobs.js";
import { ThroughputStack, type ScenarioName } from "./throughput-scenarios.js";
import { makeWorkDir } from "./throughput-servers.js";

const PROFILES = path.resolve(import.meta.dirname, "..", "results", "profiles");
const CHOICES: Record<string, { scenario: ScenarioName; comparison: string; engine: string }> = {
  "fresh-20": { scenario: "fresh-20", comparison: "fresh-20", engine: "pglite" },
  "fresh-1000": { scenario: "fresh-1000", comparison: "fresh-1000", engine: "pglite" },
  "own-cost-100": { scenario: "own-cost", comparison: "own-cost-100", engine: "pglite" },
  "own-cost-1000": { scenario: "own-cost", comparison: "own-cost-1000", engine: "pglite" },
  "own-cost-2000": { scenario: "own-cost", comparison: "own-cost-2000", engine: "pglite" },
  "ads-api-list": { scenario: "ads-api-list", comparison: "ads-api-list", engine: "pglite" },
  "ads-api-list-postgresql": {
    scenario: "ads-api-list",
    comparison: "ads-api-list",
    engine: "postgresql",
  },
};

/** The main thread's profile in a child's directory (thread id 0 in V8's file name). */
async function mainProfile(dir: string): Promise<CpuProfile | undefined> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(".cpuprofile"));
  const main = files.find((f) => f.split(".")[4] === "0") ?? files[0];
  return main === undefined
    ? undefined
    : (JSON.parse(await readFile(path.join(dir, main), "utf8")) as CpuProfile);
}

/** The scenarios issue 37 may leave above goal: what `bench:profile` with no name profiles. */
const REMAINING = ["own-cost-100", "ads-api-list-postgresql", "fresh-20"];
const args = process.argv.slice(2).filter((arg) => arg !== "--");
const names = args.length > 0 ? args : REMAINING;
const unknown = names.filter((name) => CHOICES[name] === undefined);
if (unknown.length > 0) {
  console.error(
    `usage: bench:profile -- [<scenario> ...], each one of ${Object.keys(CHOICES).join(", ")} ` +
      `(none: ${REMAINING.join(" ")}); unknown: ${unknown.join(", ")}`,
  );
  process.exit(2);
}
if (names.length > 1 && process.env.BENCH_PROFILE_OUT !== undefined) {
  console.error("BENCH_PROFILE_OUT names the results of one scenario: give one");
  process.exit(2);
}
const seconds = Math.max(1, envNumber("BENCH_PROFILE_SECONDS", 10));
const { knobs, settings, warmupSeconds } = readKnobs();
const log = (line: string) => {
  console.log(`[${timestamp()}] ${line}`);
};

/** One scenario: set up, loaded under --cpu-prof, stopped, summarised, written. */
async function profileOne(name: string): Promise<void> {
  const choice = CHOICES[name];
  if (choice === undefined) return;
  const size = Number(/(\d+)$/.exec(choice.comparison)?.[1] ?? 0);
  const scenarioKnobs = {
    ...knobs,
    ownCostSizes: choice.scenario === "own-cost" ? [size] : knobs.ownCostSizes,
    // One comparison: the first of the scenario's connection counts, against the goal's baseline.
    freshConnections: knobs.freshConnections.slice(0, 1),
    freshBaselines: ["plain-cached" as const],
    listEngines: [choice.engine === "postgresql" ? ("postgresql" as const) : ("pglite" as const)],
  };

  // Raw profiles of each scenario in a directory of its own (kept, not committed).
  const profiles = path.join(PROFILES, name);
  await rm(profiles, { recursive: true, force: true });
  const host = machine();
  const work = await makeWorkDir();
  const stack = new ThroughputStack(
    {
      ...settings,
      // Each child its own directory: worker threads (tsx's loader) write profiles of their own.
      nodeArgs: (child) =>
        child.startsWith("facade") || child.startsWith("ads-api")
          ? ["--cpu-prof", `--cpu-prof-dir=${path.join(profiles, child)}`]
          : [],
    },
    work.dir,
    log,
  );
  const onSignal = () => {
    void stack
      .close()
      .then(() => work.close())
      .finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  let window: { startUs: number; endUs: number };
  let measured: Awaited<ReturnType<typeof load>>;
  let connections: number;
  try {
    if (choice.scenario === "ads-api-list") await stack.addList(scenarioKnobs);
    else await stack.addGraphQL(new Set([choice.scenario]), scenarioKnobs);
    const comparison = stack.comparisons.find(
      (c) => c.scenario === choice.comparison && c.engine === choice.engine,
    );
    if (comparison === undefined) throw new Error(`no comparison ${choice.comparison} was set up`);
    const { subject } = comparison;
    connections = comparison.connections;
    await subject.check();
    if (warmupSeconds > 0) await load(subject.origin, subject.requests, connections, warmupSeconds);
    await subject.check();
    log(`${name}: profiling ${subject.name} for ${seconds} s at ${connections} connection(s)`);
    const startUs = Number(process.hrtime.bigint() / 1000n);
    measured = await load(subject.origin, subject.requests, connections, seconds);
    window = { startUs, endUs: Number(process.hrtime.bigint() / 1000n) };
    // SIGTERM: each closes and exits, and V8 writes its profile.
    for (const child of stack.subjects.values()) await child.stop(60_000);
  } finally {
    await stack.close();
    await work.close();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }

  await mkdir(profiles, { recursive: true });
  const processes: Record<string, unknown> = {};
  for (const child of await readdir(profiles)) {
    const profile = await mainProfile(path.join(profiles, child));
    if (profile === undefined) {
      processes[child] = "no profile written (the process did not exit by itself)";
      continue;
    }
    const summary = summarize(profile, window);
    processes[child] = {
      ...summary,
      cpuMsPerRequest: summary.busyMs / Math.max(1, measured.requests),
    };
    console.log(
      `\n${child}: ${summary.busyMs} ms busy over ${summary.windowMs} ms (${summary.window}), ` +
        `GC ${Math.round(summary.gcShare * 100)}%, ${measured.requests} requests`,
    );
    console.log("  by area:");
    for (const area of summary.areas.slice(0, 15))
      console.log(`    ${(area.share * 100).toFixed(1).padStart(5)}%  ${area.area}`);
    console.log("  top functions (self):");
    for (const fn of summary.topFunctions)
      console.log(`    ${(fn.share * 100).toFixed(1).padStart(5)}%  ${fn.name}`);
  }
  const file = await writeResult(process.env.BENCH_PROFILE_OUT ?? `profile-${name}`, {
    title: `CPU profile of ${name}`,
    command: `npx -y pnpm@10.34.9 bench:profile -- ${name}`,
    machine: host.atEnd(),
    load: {
      seconds,
      connections,
      requests: measured.requests,
      requestsPerSecond: measured.requestsPerSecond,
    },
    method:
      "node --cpu-prof in the facade and ads-api children; self time of each sample is the gap to " +
      "the next; only samples inside the measured load (after warm-up) count; busy = all but (idle). " +
      "Areas: the package under node_modules, else the repository folder (up to 4 levels).",
    processes,
  });
  console.log(`\nwrote ${file}; raw profiles in ${path.relative(process.cwd(), profiles)}`);
}

for (const name of names) await profileOne(name);
