// Loaded into a server's process by the throughput bench (`node --import`): it adds up the
// duration of garbage collection pauses (PerformanceObserver 'gc' entries) and writes the sums,
// every 200 ms, to the file BENCH_GC_FILE names, so that the bench can divide a round's GC time
// by the process's CPU time of the round. It touches nothing else in the process.
//
// Entries of kind "incremental" are left out of `gcMs`: one spans a whole incremental marking
// cycle, JavaScript running between its steps included (counting them gave GC "shares" of 75%
// where the CPU profile showed 21%). Their sum is written apart (`incrementalMs`).
import { renameSync, writeFileSync } from "node:fs";
import { constants, PerformanceObserver } from "node:perf_hooks";

const file = process.env.BENCH_GC_FILE;
if (file !== undefined && file !== "") {
  let gcMs = 0;
  let incrementalMs = 0;
  let collections = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A gc entry's `detail` says which kind of collection it was (Node ≥ 16).
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      const kind = detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) incrementalMs += entry.duration;
      else gcMs += entry.duration;
      collections += 1;
    }
  }).observe({ entryTypes: ["gc"] });
  const write = () => {
    // Written aside and renamed: a reader never sees half a line.
    const sums = { at: Date.now(), gcMs, incrementalMs, collections };
    writeFileSync(`${file}.part`, JSON.stringify(sums));
    renameSync(`${file}.part`, file);
  };
  write();
  setInterval(write, 200).unref();
}
