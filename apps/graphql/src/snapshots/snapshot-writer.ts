import type { SnapshotInput, SnapshotRepository } from "./snapshot-repository.js";

/**
 * Builds what one answer records. Runs in the writer's drain, never on the response path, so
 * it may serialise and hash the answer there (nothing mutates an answer once it is returned).
 */
export type SnapshotBuild = () => readonly SnapshotInput[];

export interface SnapshotWriter {
  /** Queues one answer's recording; returns at once, without serialising anything. */
  enqueue(build: SnapshotBuild): void;
  /**
   * Marks a request in flight until the returned function is called (more calls are no-ops):
   * the writer drains while none is, so recording never competes with a response.
   */
  requestStarted(): () => void;
  /** Resolves once everything queued so far is written (tests, shutdown). */
  flush(): Promise<void>;
  /** True when nothing is queued or being written (the bench checks it before a request). */
  readonly idle: boolean;
  /** Answers queued and not yet taken up for recording (metrics: the writer's backlog). */
  readonly queued: number;
}

export interface SnapshotWriterOptions {
  /** Most reads written in one transaction: small, so a request arriving waits for little. */
  maxBatch?: number;
  /** An answer queued this long is written even while requests are in flight (no starving). */
  maxWaitMs?: number;
  /** Past this many queued answers the writer drains regardless (memory stays bounded). */
  maxQueued?: number;
  /** Told about a failed build or batch; snapshots are a cache, so no failure reaches a caller. */
  onError?: (error: unknown) => void;
  now?: () => number;
}

interface Queued {
  build: SnapshotBuild;
  at: number;
}

/**
 * Writes snapshots behind the responses. Answers queue up as cheap references; the drain runs
 * when no request is in flight (or when the oldest answer is overdue, or the queue too long),
 * builds one answer at a time, writes batches of at most `maxBatch`, and yields to the event
 * loop between steps, so an arriving request pauses it. One batch at a time, so versions of one
 * resource are numbered in order.
 */
export function createSnapshotWriter(
  repository: SnapshotRepository,
  {
    maxBatch = 100,
    maxWaitMs = 1500,
    maxQueued = 1000,
    onError = () => undefined,
    now = () => performance.now(),
  }: SnapshotWriterOptions = {},
): SnapshotWriter {
  const queue: Queued[] = [];
  /** Inputs built from answers already taken off `queue`, and when the oldest was queued. */
  let built: SnapshotInput[] = [];
  let builtSince = 0;
  let inFlight = 0;
  let flushing = 0;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const oldestAt = () => (built.length > 0 ? builtSince : (queue[0]?.at ?? Infinity));
  const isEmpty = () => queue.length === 0 && built.length === 0;
  const mayDrain = () =>
    inFlight === 0 ||
    flushing > 0 ||
    queue.length + (built.length > 0 ? 1 : 0) >= maxQueued ||
    now() - oldestAt() >= maxWaitMs;

  const buildOne = () => {
    const next = queue.shift();
    if (next === undefined) return;
    try {
      const inputs = next.build();
      if (inputs.length > 0 && built.length === 0) builtSince = next.at;
      built.push(...inputs);
    } catch (error) {
      onError(error);
    }
  };
  const writeBatch = async () => {
    const batch = built.slice(0, maxBatch);
    built = built.slice(batch.length);
    try {
      await repository.record(batch);
    } catch (error) {
      onError(error);
    }
  };
  const drain = async () => {
    while (!isEmpty() && mayDrain()) {
      if (built.length < maxBatch && queue.length > 0) buildOne();
      else await writeBatch();
      // Lets arriving requests in (and be counted) before the next step.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const kick = (): Promise<void> => {
    if (running !== null || isEmpty()) return running ?? Promise.resolve();
    if (!mayDrain()) {
      // Paused by requests in flight: come back when the oldest answer is overdue.
      timer ??= setTimeout(
        () => {
          timer = null;
          void kick();
        },
        Math.max(0, oldestAt() + maxWaitMs - now()),
      ).unref();
      return Promise.resolve();
    }
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      running = null;
      void kick();
    });
    return running;
  };

  return {
    enqueue(build) {
      queue.push({ build, at: now() });
      void kick();
    },
    requestStarted() {
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        if (inFlight === 0) void kick();
      };
    },
    async flush() {
      flushing += 1;
      try {
        while (!isEmpty() || running !== null) await kick();
      } finally {
        flushing -= 1;
      }
    },
    get idle() {
      return isEmpty() && running === null;
    },
    get queued() {
      return queue.length;
    },
  };
}
