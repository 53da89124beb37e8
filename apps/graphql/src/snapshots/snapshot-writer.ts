import type { SnapshotInput, SnapshotRepository } from "./snapshot-repository.js";

export interface SnapshotWriter {
  /** Queues reads for writing; returns at once, so a response never waits for the database. */
  enqueue(inputs: readonly SnapshotInput[]): void;
  /** Resolves once everything queued so far is written (tests, shutdown). */
  flush(): Promise<void>;
}

export interface SnapshotWriterOptions {
  /** Most reads written in one transaction. */
  maxBatch?: number;
  /** Told about a failed batch; snapshots are a cache, so a failure never reaches a caller. */
  onError?: (error: unknown) => void;
}

/**
 * Writes snapshots behind the responses: reads queue up while a batch is being written, and
 * the next batch takes all of them. One batch at a time, so versions of one resource are
 * numbered in order.
 */
export function createSnapshotWriter(
  repository: SnapshotRepository,
  { maxBatch = 500, onError = () => undefined }: SnapshotWriterOptions = {},
): SnapshotWriter {
  let queue: SnapshotInput[] = [];
  let running: Promise<void> | null = null;

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        await repository.record(batch);
      } catch (error) {
        onError(error);
      }
    }
  };
  const start = () => {
    running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      running = null;
      if (queue.length > 0) void start();
    });
    return running;
  };

  return {
    enqueue(inputs) {
      if (inputs.length === 0) return;
      queue.push(...inputs);
      void start();
    },
    async flush() {
      while (running ?? queue.length > 0) await (running ?? start());
    },
  };
}
