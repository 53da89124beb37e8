import type { ActivityEvent } from "@adsgraph/models";
import { compareEventIds } from "@adsgraph/rest-client";
import { rangeStream, type SharedRedis } from "@adsgraph/storage";
import { UpstreamError } from "../errors/facade-errors.js";
import type { ActivityFeed, FeedSink, FeedStats, OpenStream, Retained } from "./activity-feed.js";
import { createStreamHolder } from "./cluster-holder.js";
import type { ActivityKeys } from "./cluster-keys.js";
import { createLogReader } from "./cluster-log-reader.js";
import { decodeLogEntry, entryEventId } from "./cluster-messages.js";
import { COUNT_SHARES, JOIN_SHARES } from "./cluster-scripts.js";
import { createLocalFeed } from "./local-feed.js";

export interface ClusterFeedOptions {
  redis: SharedRedis;
  keys: ActivityKeys;
  /** This replica among the contenders (SharedState.replicaId: unique per process). */
  replicaId: string;
  /** ACTIVITY_LEASE_MS: the stream moves within about this long after its holder dies. */
  leaseMs: number;
  /** ACTIVITY_RETAINED_EVENTS: about this many entries stay in the log for resumes. */
  retainedEvents: number;
  openStream: OpenStream;
  sink: FeedSink;
  onError: (message: string) => void;
  /** SharedState.fellBack: told when this replica opens its own stream because Redis failed. */
  fellBack: (part: string, error: unknown) => void;
}

/** Entries read from the log at a time when a client resumes. */
const REPLAY_BATCH = 1_000;

/** The log of an app nobody watched for this long goes (and with it what a resume could read). */
const LOG_TTL_MS = 24 * 3600 * 1000;

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

const stoppedError = () =>
  new UpstreamError("The activity stream stopped.", { status: null, codes: [] });
const historyUnavailable = () =>
  new UpstreamError(
    "Earlier activity events cannot be read right now: subscribe again in a moment.",
    { status: null, codes: [] },
  );

/**
 * The app's one upstream stream for the whole cluster (issues 19, 34). The replica holding the
 * lease opens it, while some replica has subscribers (an entry in the interest set), from the
 * cursor its predecessor left, and appends each event to the app's log (a Redis Stream);
 * every replica (the holder too) reads the log from its own position and hands the events to
 * its fan-out. Each tick a holder renews its lease; a replica with subscribers and no holder
 * alive takes it, so the stream moves within the lease's time (plus a tick) after its holder
 * dies, and the successor resumes from the cursor: delayed, never lost. A replica whose read
 * failed (Redis restarted, a dead connection) reads again from its own position.
 *
 * While Redis fails, this replica runs its own stream from the last event it delivered
 * (issue 18's behaviour, said through `fellBack`); once Redis answers again it keeps that
 * stream until the log holds every event after the one it stands at, then reads the log again
 * from where it left it (repeats are dropped by id).
 */
export function createClusterFeed(options: ClusterFeedOptions): ActivityFeed {
  const { redis, keys, sink, leaseMs } = options;
  const { client } = redis;
  const token = options.replicaId;
  // Renewal and retries well inside the lease; entries of living replicas never lapse early.
  const tickMs = Math.max(100, Math.floor(leaseMs / 5));
  const interestMs = 3 * leaseMs;
  const cursorMs = Math.max(60_000, 12 * leaseMs);

  let stopped = false;
  let wanted = false;
  let registered = false;
  let mode: "cluster" | "fallback" = "cluster";
  let local: ActivityFeed | undefined;
  let localConnections = 0;
  let positioned = false;
  const waiters = new Set<Waiter>();

  const rejectWaiters = (error: Error) => {
    for (const waiter of waiters) waiter.reject(error);
    waiters.clear();
  };

  const startLocal = (resume: boolean, error: unknown): ActivityFeed => {
    if (local !== undefined) return local;
    options.fellBack("activity fan-out", error);
    local = createLocalFeed({
      openStream: options.openStream,
      sink,
      onError: options.onError,
      ...(resume && { resumeFrom: () => sink.lastSeen() }),
    });
    return local;
  };
  const stopLocal = () => {
    if (local === undefined) return;
    localConnections += local.stats().connections;
    void local.close();
    local = undefined;
  };

  /** Redis failed this replica: run its own stream, from where its subscribers stand. */
  const enterFallback = (error: unknown) => {
    if (stopped) return;
    holder.stop();
    // Kept: back from the fallback, this replica reads on from where it left the log.
    reader.stop(true);
    positioned = false;
    if (mode === "fallback") return;
    mode = "fallback";
    if (!wanted) return;
    // Started now for the subscribers already here (a failure reaches them through the sink).
    const started = startLocal(true, error).want();
    started.catch(() => undefined);
    for (const waiter of waiters) started.then(waiter.resolve, waiter.reject);
    waiters.clear();
  };

  const onEntry = (entryId: string, fields: Readonly<Record<string, string>>) => {
    if (stopped || mode !== "cluster") return;
    const entry = decodeLogEntry({ id: entryId, fields });
    if (entry === undefined) return;
    switch (entry.t) {
      case "event":
        sink.deliver(entry.event);
        return;
      case "live":
        void kick();
        return;
      case "failed": {
        const error = new UpstreamError(entry.message, { status: null, codes: [] });
        rejectWaiters(error);
        sink.fail(error);
        return;
      }
    }
  };

  const reader = createLogReader({
    redis,
    key: keys.log,
    // Well inside the command timeout of the reader's own connection (block + 3 s).
    blockMs: Math.min(1_000, tickMs),
    onEntry,
    onFailure: (error) => {
      enterFallback(error);
    },
    onRecovered: () => void kick(),
  });

  /** Reads the log from this replica's position (the log's end when it has none). */
  const ensureReading = async () => {
    if (mode !== "cluster" || !wanted) return;
    await reader.start();
    positioned = true;
  };

  const shareInterest = async () => {
    if (wanted) {
      await JOIN_SHARES.run(client, [keys.interest], [token, interestMs]);
      registered = true;
    } else if (registered) {
      await client.zrem(keys.interest, token);
      registered = false;
    }
  };

  const holder = createStreamHolder({
    redis,
    keys,
    token,
    leaseMs,
    cursorMs,
    maxEntries: options.retainedEvents,
    logTtlMs: LOG_TTL_MS,
    openStream: options.openStream,
    isStopped: () => stopped,
    onError: options.onError,
    onRedisFailure: (error) => {
      enterFallback(error);
    },
    onFailed: (error) => {
      rejectWaiters(error);
      sink.fail(error);
    },
  });

  const isLive = async () => holder.connected || (await client.exists(keys.live)) === 1;

  /**
   * Back from a fallback once the log holds every event after the one this replica stands at:
   * the holder resumed from a cursor at or below it, or the log's first event after this
   * replica's position is one its own stream already delivered.
   */
  const tryReturn = async () => {
    if (local !== undefined) {
      if (!(await isLive())) return;
      const cursor = await client.get(keys.cursor);
      const seen = sink.lastSeen();
      const covered = (id: string) => seen !== undefined && compareEventIds(seen, id) >= 0;
      let caughtUp =
        (cursor !== null && covered(cursor)) || (cursor === null && seen === undefined);
      if (!caughtUp && reader.position !== undefined) {
        const next = await rangeStream(client, keys.log, `(${reader.position}`, "+", 20);
        const first = next.find((entry) => !entryEventId(entry.id).notice);
        caughtUp = first !== undefined && covered(entryEventId(first.id).eventId);
      }
      if (!caughtUp) return;
    }
    stopLocal();
    mode = "cluster";
    await ensureReading();
  };

  const settleWaiters = async () => {
    if (waiters.size === 0 || mode !== "cluster" || !positioned || !reader.healthy) return;
    if (!(await isLive())) return;
    for (const waiter of waiters) waiter.resolve();
    waiters.clear();
  };

  const step = async () => {
    if (stopped) return;
    if (!redis.up) {
      enterFallback(new Error("Redis unreachable"));
      return;
    }
    try {
      await ensureReading();
      await shareInterest();
      if (holder.active) await holder.keepOrRetire();
      else if (wanted) await holder.tryStart();
      if (mode === "fallback") await tryReturn();
      await settleWaiters();
    } catch (error) {
      enterFallback(error);
    }
  };

  // One step at a time; a kick during a step runs one more after it.
  let ticking: Promise<void> | undefined;
  let again = false;
  // Read through a function: `step` sets it while the loop awaits, which narrowing ignores.
  const more = () => again && !stopped;
  const kick = (): Promise<void> => {
    if (ticking !== undefined) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        again = false;
        await step();
      } while (more());
    })().finally(() => {
      ticking = undefined;
    });
    return ticking;
  };

  const timer = setInterval(() => void kick(), tickMs);
  timer.unref();
  const offState = redis.onStateChange((up) => {
    if (up) void kick();
    else enterFallback(new Error("Redis unreachable"));
  });

  const halt = () => {
    stopped = true;
    clearInterval(timer);
    offState();
    holder.stop();
    void reader.close();
    local?.halt();
    rejectWaiters(stoppedError());
  };

  /** The log's events after `after`, when it holds every one of them. */
  const fromLog = async (
    after: string,
    keep: (event: ActivityEvent) => boolean,
  ): Promise<Retained> => {
    const from = BigInt(after);
    const floor = await client.get(keys.floor);
    const [head] = await rangeStream(client, keys.log, "-", "+", 1);
    // Every event above `bound` is in the log: above the floor, and above what trimming took.
    let bound = floor === null ? undefined : BigInt(floor);
    if (bound !== undefined && head !== undefined) {
      const { eventId, notice } = entryEventId(head.id);
      const kept = notice ? BigInt(eventId) : BigInt(eventId) - 1n;
      if (kept > bound) bound = kept;
    }
    if (bound === undefined || from < bound) {
      const start = bound === undefined ? "-" : `${bound + 1n}-0`;
      const oldest = (await rangeStream(client, keys.log, start, "+", 20)).find(
        (entry) => !entryEventId(entry.id).notice,
      );
      return { expired: true, oldestId: oldest && entryEventId(oldest.id).eventId };
    }
    const events: ActivityEvent[] = [];
    let start = `${from + 1n}-0`;
    for (;;) {
      const batch = await rangeStream(client, keys.log, start, "+", REPLAY_BATCH);
      for (const entry of batch) {
        const decoded = decodeLogEntry(entry);
        if (decoded?.t === "event" && keep(decoded.event)) events.push(decoded.event);
      }
      const last = batch.at(-1);
      if (batch.length < REPLAY_BATCH || last === undefined) break;
      start = `(${last.id}`;
    }
    return { expired: false, events };
  };

  return {
    want() {
      if (stopped) return Promise.reject(stoppedError());
      wanted = true;
      if (mode === "fallback") return startLocal(false, new Error("Redis unreachable")).want();
      return new Promise<void>((resolve, reject) => {
        waiters.add({ resolve, reject });
        void kick();
      });
    },
    idle() {
      wanted = false;
      // A later subscriber's own stream starts from then, not from this one's last event.
      stopLocal();
      reader.stop();
      positioned = false;
      void kick();
    },
    async retained(after, keep) {
      try {
        return await fromLog(after, keep);
      } catch {
        throw historyUnavailable();
      }
    },
    stats: (): FeedStats => {
      const own = local?.stats();
      return {
        streaming: holder.active || (own?.streaming ?? false),
        connected: holder.active
          ? holder.connected
          : own !== undefined
            ? own.connected
            : mode === "cluster" && positioned && reader.healthy,
        connections: holder.connections + localConnections + (own?.connections ?? 0),
        role: mode === "fallback" ? "local" : holder.active ? "holder" : "follower",
      };
    },
    async close() {
      if (stopped) return;
      halt();
      await ticking;
      try {
        if (redis.up) {
          if (registered) await client.zrem(keys.interest, token);
          const others = (await COUNT_SHARES.run(client, [keys.interest], [])) as number;
          // Handed over at once; the cursor stays for the next holder while others listen.
          await holder.handOver(others !== 0);
        }
      } catch {
        // Redis failed: the lease and the entry lapse by themselves.
      }
    },
    halt,
  };
}
