// Loaded into a server's process by the soak (`node --import`, children.ts): every second it
// writes process.memoryUsage(), and the heap in use just after the last full collection, to
// the file BENCH_MEMORY_FILE names, so that the soak can tell the V8 heap from memory outside
// it and live objects from garbage. It touches nothing else in the process. In a process started
// with --expose-gc, SIGUSR2 runs a full collection and writes at once to `<file>.forced` (the
// periodic write cannot overwrite it): the activity fan-out bench reads the live heap at the
// moments it compares; when `<file>.snapshot` names a path, a heap snapshot is written there too
// (then the request is removed).
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

const file = process.env.BENCH_MEMORY_FILE;
if (file !== undefined && file !== "") {
  let liveAfterMajorGc: number | null = null;
  // Observers hear of a collection just after it: what is in use then is (nearly) all live.
  new PerformanceObserver((list) => {
    // A gc entry's `detail` says which kind of collection it was (Node ≥ 16).
    const major = list
      .getEntries()
      .some(
        (entry) =>
          (entry as unknown as { detail?: { kind?: number } }).detail?.kind ===
          constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major) liveAfterMajorGc = v8.getHeapStatistics().used_heap_size;
  }).observe({ entryTypes: ["gc"] });
  const write = (to = file) => {
    // Handles and requests the event loop holds, by kind: a count that only grows is a leak of
    // timers or sockets, whatever memory says.
    const resources: Record<string, number> = {};
    for (const kind of process.getActiveResourcesInfo())
      resources[kind] = (resources[kind] ?? 0) + 1;
    const usage = { at: Date.now(), ...process.memoryUsage(), liveAfterMajorGc, resources };
    // Written aside and renamed: a reader never sees half a line.
    writeFileSync(`${to}.part`, JSON.stringify(usage));
    renameSync(`${to}.part`, to);
  };
  setInterval(() => {
    write();
  }, 1000).unref();
  const { gc } = globalThis;
  if (gc !== undefined) {
    process.on("SIGUSR2", () => {
      gc();
      liveAfterMajorGc = v8.getHeapStatistics().used_heap_size;
      const request = `${file}.snapshot`;
      const to = (() => {
        try {
          return readFileSync(request, "utf8").trim();
        } catch {
          return "";
        }
      })();
      if (to !== "") {
        rmSync(request, { force: true });
        v8.writeHeapSnapshot(to);
      }
      write(`${file}.forced`);
    });
  }
}
