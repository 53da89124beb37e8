// Loaded into a server's process by the throughput bench (`node --import`): it adds up the
// duration of every garbage collection (PerformanceObserver 'gc' entries) and writes the sum,
// every 200 ms, to the file BENCH_GC_FILE names, so that the bench can divide a round's GC time
// by the process's CPU time of the round. It touches nothing else in the process.
import { renameSync, writeFileSync } from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";

const file = process.env.BENCH_GC_FILE;
if (file !== undefined && file !== "") {
  let gcMs = 0;
  let collections = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      collections += 1;
    }
  }).observe({ entryTypes: ["gc"] });
  const write = () => {
    // Written aside and renamed: a reader never sees half a line.
    writeFileSync(`${file}.part`, JSON.stringify({ at: Date.now(), gcMs, collections }));
    renameSync(`${file}.part`, file);
  };
  write();
  setInterval(write, 200).unref();
}
