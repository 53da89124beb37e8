import { readStreamAfter, type SharedRedis } from "@adsgraph/storage";

type Redis = SharedRedis["client"];

export interface LogReaderOptions {
  redis: SharedRedis;
  /** The app's log (ActivityKeys.log). */
  key: string;
  /** How long one XREAD waits for new entries; a dead connection shows within this plus a margin. */
  blockMs: number;
  /** Each entry in log order; `position` moves past it once this returns. */
  onEntry: (entryId: string, fields: Readonly<Record<string, string>>) => void;
  /** A read failed (Redis down, a dead connection): told once per failed spell. */
  onFailure: (error: unknown) => void;
  /** Reads work again after a failure. */
  onRecovered: () => void;
}

/** One replica's reading of the app's log, from its own position. */
export interface LogReader {
  /** The id of the last entry handed on (or where reading starts); undefined before `start`. */
  readonly position: string | undefined;
  /** True while reads succeed. */
  readonly healthy: boolean;
  /**
   * Starts reading after the log's newest entry (or keeps a position it has); resolves once
   * positioned, so an entry appended from then on is handed on.
   */
  start(): Promise<void>;
  /**
   * Stops reading; the next start is from the log's end, or with `keepPosition` from where
   * this one stopped (a replica back from its own stream continues where it left the log).
   */
  stop(keepPosition?: boolean): void;
  close(): Promise<void>;
}

/** Entries read at a time. */
const BATCH = 500;

/**
 * Reads the log with XREAD BLOCK on a connection of its own (a blocking read would hold up the
 * command connection), from the entry it handed on last. A read that fails (Redis restarted, a
 * connection that died silently and timed out) is retried from the same position, so an
 * entry appended meanwhile is still read: nothing is lost while the entry is retained.
 */
export function createLogReader(options: LogReaderOptions): LogReader {
  const { redis, key, blockMs } = options;
  let connection: Redis | undefined;
  let position: string | undefined;
  /** The current run: a stop (or a new start) leaves the older run's loop behind. */
  let run: object | undefined;
  let healthy = true;
  let loop: Promise<void> | undefined;
  let positioned: Promise<void> | undefined;

  const open = (): Redis => {
    if (connection !== undefined) return connection;
    // The command timeout past the block: a silently dead connection fails instead of hanging.
    // Reads wait for the connection (queued) rather than failing while it (re)connects.
    const opened = redis.client.duplicate({
      commandTimeout: blockMs + 3_000,
      enableOfflineQueue: true,
    });
    opened.on("error", () => {
      // Told through `onFailure` by the read that fails.
    });
    opened.connect().catch(() => undefined);
    connection = opened;
    return opened;
  };

  const fail = (error: unknown) => {
    if (healthy) {
      healthy = false;
      options.onFailure(error);
    }
  };
  const recover = () => {
    if (!healthy) {
      healthy = true;
      options.onRecovered();
    }
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.min(blockMs, 250)));

  const locate = async (current: object) => {
    for (;;) {
      if (run !== current) return;
      try {
        const last = await redis.client.xrevrange(key, "+", "-", "COUNT", 1);
        position ??= last[0]?.[0] ?? "0-0";
        recover();
        return;
      } catch (error) {
        fail(error);
        await pause();
      }
    }
  };

  const read = async (current: object) => {
    const reading = open();
    while (run === current) {
      const from = position;
      if (from === undefined) return;
      try {
        const entries = await readStreamAfter(reading, key, from, { count: BATCH, blockMs });
        recover();
        for (const entry of entries) {
          if (run !== current) return;
          options.onEntry(entry.id, entry.fields);
          position = entry.id;
        }
      } catch (error) {
        if (run !== current) return;
        fail(error);
        // A timed-out read may leave the connection half dead: a new socket, same position.
        if (error instanceof Error && /timed? ?out/i.test(error.message)) {
          reading.disconnect(true);
        }
        await pause();
      }
    }
  };

  return {
    get position() {
      return position;
    },
    get healthy() {
      return healthy;
    },
    start() {
      if (run !== undefined && positioned !== undefined) return positioned;
      const current = {};
      run = current;
      const started = locate(current);
      positioned = started;
      loop = (async () => {
        await started;
        await read(current);
      })();
      return started;
    },
    stop(keepPosition = false) {
      run = undefined;
      positioned = undefined;
      if (!keepPosition) position = undefined;
    },
    async close() {
      run = undefined;
      positioned = undefined;
      const closing = connection;
      connection = undefined;
      // Unblocks a pending XREAD at once.
      closing?.disconnect();
      await loop?.catch(() => undefined);
    },
  };
}
