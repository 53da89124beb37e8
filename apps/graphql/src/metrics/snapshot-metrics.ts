import { Counter, Gauge, type Registry } from "prom-client";
import type { SnapshotAnswer } from "../snapshots/snapshot-upstream.js";

export interface SnapshotMetrics {
  /** One read through the snapshot layer, and how it was answered. */
  answered: (result: SnapshotAnswer) => void;
  writeFailed: () => void;
  /** Where the queue-depth gauge reads the writer's backlog at each scrape. */
  watchWriter(queued: () => number): void;
}

/**
 * - `adsgraph_snapshot_answers_total{result}`: reads through the snapshot layer, answered by a
 *   fresh snapshot (`fresh`, no upstream request), by the last snapshot during an outage
 *   (`stale`), or by upstream (`miss`: no fresh snapshot, or none may serve this read);
 * - `adsgraph_snapshot_writer_queue_depth`: answers waiting to be recorded;
 * - `adsgraph_snapshot_write_failures_total`: answers or batches the writer failed to record.
 */
export function createSnapshotMetrics(registry: Registry): SnapshotMetrics {
  const answers = new Counter({
    name: "adsgraph_snapshot_answers_total",
    help: "Upstream reads through the snapshot layer: answered by a fresh snapshot, by a stale one during an outage, or by upstream (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  // Every result from the first scrape on: a rate over a series that appears late misses its start.
  for (const result of ["fresh", "stale", "miss"] as const) answers.inc({ result }, 0);
  const failures = new Counter({
    name: "adsgraph_snapshot_write_failures_total",
    help: "Snapshot recordings that failed (snapshots are a cache: no request fails with them)",
    registers: [registry],
  });
  let queued: () => number = () => 0;
  new Gauge({
    name: "adsgraph_snapshot_writer_queue_depth",
    help: "Answers waiting in the snapshot writer's queue to be recorded",
    registers: [registry],
    collect() {
      this.set(queued());
    },
  });
  return {
    answered: (result) => {
      answers.inc({ result });
    },
    writeFailed: () => {
      failures.inc();
    },
    watchWriter(source) {
      queued = source;
    },
  };
}
