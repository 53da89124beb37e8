import type { SnapshotRepository } from "./snapshot-repository.js";

export interface SnapshotRetentionOptions {
  readonly repository: SnapshotRepository;
  readonly resourceType: string;
  /** Rows last checked longer ago than this go; 0 keeps them all (nothing runs). */
  readonly retentionMs: number;
  /** How often a pass runs. */
  readonly everyMs: number;
  readonly onError: (error: unknown) => void;
  readonly now?: () => number;
}

export interface SnapshotRetention {
  /** One pass now: deletes every expired row, a slice at a time; how many went. */
  prune(): Promise<number>;
  close(): Promise<void>;
}

const SLICE = 1000;

/**
 * Bounds the stats snapshots (issue 36): an ended range is never asked again, so its rows
 * would otherwise stay for ever, and any caller can name new ranges. Every replica may run
 * it: deleting what another replica already deleted is harmless.
 */
export function startSnapshotRetention(options: SnapshotRetentionOptions): SnapshotRetention {
  const now = options.now ?? Date.now;
  let running: Promise<number> | undefined;
  const prune = (): Promise<number> => {
    running ??= (async () => {
      const before = new Date(now() - options.retentionMs);
      let total = 0;
      for (;;) {
        const gone = await options.repository.prune(options.resourceType, before, SLICE);
        total += gone;
        if (gone < SLICE) return total;
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer =
    options.retentionMs > 0
      ? setInterval(() => {
          prune().catch(options.onError);
        }, options.everyMs)
      : undefined;
  timer?.unref();
  return {
    prune,
    close: async () => {
      if (timer !== undefined) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
