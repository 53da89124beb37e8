// Re-analyses a tracing-overhead run (bench/results/<BENCH_OUT>.json, default tracing-overhead)
// from the rounds it measured, with this checkout's report code: a summary or interval added
// later applies to measurements already made, without loading the machine again. Rewrites the
// .json and .md (the command, machine, settings and sink counts stay the run's own).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  compareSides,
  markdownTable,
  runPasses,
  servicesOf,
  type OverheadReport,
} from "./tracing-overhead-report.js";

const RESULTS = path.resolve(import.meta.dirname, "..", "results");
const out = process.env.BENCH_OUT ?? "tracing-overhead";
const file = path.join(RESULTS, `${out}.json`);
const measured = JSON.parse(await readFile(file, "utf8")) as OverheadReport;
const results = measured.results.map((result) =>
  compareSides(result.connections, result.off.rounds, {
    ...(result.traced.facade && { facade: result.traced.facade.rounds }),
    ...(result.traced.both && { both: result.traced.both.rounds }),
  }),
);
// The verdict as the run decides it (the same named services, the same goal).
const sides = (["facade", "both"] as const).filter((side) =>
  measured.results.some((result) => result.traced[side] !== undefined),
);
const report: OverheadReport = {
  ...measured,
  pass: runPasses(results, measured.sink, servicesOf(sides)),
  results,
};
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
const table = markdownTable(report);
await writeFile(path.join(RESULTS, `${out}.md`), table);
console.log(table);
