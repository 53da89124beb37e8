import { randomUUID } from "node:crypto";
import type { ActivityEvent } from "@adsgraph/models";
import { compareEventIds } from "@adsgraph/rest-client";
import type { SharedRedis } from "@adsgraph/storage";
import { UpstreamError } from "../errors/facade-errors.js";
import type { ActivityFeed, FeedSink, FeedStats, OpenStream } from "./activity-feed.js";
import { createStreamHolder } from "./cluster-holder.js";
import type { ActivityKeys } from "./cluster-keys.js";
import { decodeFeedMessage, encodeFeedMessage } from "./cluster-messages.js";
import { COUNT_SHARES, JOIN_SHARES } from "./cluster-scripts.js";
import { createLocalFeed } from "./local-feed.js";

export interface ClusterFeedOptions {
  redis: SharedRedis;
  keys: ActivityKeys;
  /** This replica among the contenders (SharedState.replicaId: unique per process). */
  replicaId: string;
  /** ACTIVITY_LEASE_MS: the stream moves within about this long after its holder dies. */
  leaseMs: number;
  openStream: OpenStream;
  sink: FeedSink;
  onError: (message: string) => void;
  /** SharedState.fellBack: told when this replica opens its own stream because Redis failed. */
  fellBack: (part: string, error: unknown) => void;
}

/** Channel events kept while this replica runs its own stream (for the way back), at most. */
const PENDING_MAX = 10_000;

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

const stoppedError = () =>
  new UpstreamError("The activity stream stopped.", { status: null, codes: [] });

/**
 * The app's one upstream stream for the whole cluster (issue 19). The replica holding the
 * lease opens it, while some replica has subscribers (an entry in the interest set), from the
 * cursor its predecessor left, and publishes each event on the channel; every replica (the
 * holder too) hears the channel and hands the events to its fan-out. Each tick a holder
 * renews its lease; a replica with subscribers and no holder alive takes it, so the stream
 * moves within the lease's time (plus a tick) after its holder dies, losing nothing.
 *
 * While Redis fails, this replica runs its own stream from the last event it delivered
 * (issue 18's behaviour, said through `fellBack`); once Redis answers again it keeps that
 * stream until the channel's events continue where it stands, then goes back to the channel.
 */
export function createClusterFeed(options: ClusterFeedOptions): ActivityFeed {
  const { redis, keys, sink, leaseMs } = options;
  const { client } = redis;
  const token = options.replicaId;
  // Renewal and retries well inside the lease; entries of living replicas never lapse early.
  const tickMs = Math.max(100, Math.floor(leaseMs / 5));
  const interestMs = 3 * leaseMs;
  const cursorMs = Math.max(60_000, 12 * leaseMs);
  const nonce = randomUUID();

  let stopped = false;
  let wanted = false;
  let registered = false;
  let mode: "cluster" | "fallback" = "cluster";
  let local: ActivityFeed | undefined;
  let localConnections = 0;
  let subscribing: Promise<void> | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let proven = false;
  let pingedAt = 0;
  let unheardSince: number | undefined;
  /** In fallback: the channel's events since it was heard (contiguous), for the way back. */
  let pending: ActivityEvent[] = [];
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

  const resetChannelView = () => {
    proven = false;
    pingedAt = 0;
    unheardSince = undefined;
    pending = [];
  };

  /** Redis failed this replica: run its own stream, from where its subscribers stand. */
  const enterFallback = (error: unknown) => {
    if (stopped) return;
    resetChannelView();
    holder.stop();
    if (mode === "fallback") return;
    mode = "fallback";
    if (!wanted) return;
    // Started now for the subscribers already here (a failure reaches them through the sink).
    const started = startLocal(true, error).want();
    started.catch(() => undefined);
    for (const waiter of waiters) started.then(waiter.resolve, waiter.reject);
    waiters.clear();
  };

  const onMessage = (text: string) => {
    if (stopped) return;
    const message = decodeFeedMessage(text);
    if (message === undefined) return;
    switch (message.t) {
      case "event":
        if (mode === "cluster") {
          sink.deliver(message.event);
        } else if (pending.push(message.event) > PENDING_MAX) {
          // Too long on the way back: start the window again (the cursor is read after it).
          pending = [];
        }
        return;
      case "ping":
        if (message.r === nonce && !proven) {
          proven = true;
          void kick();
        }
        return;
      case "live":
        void kick();
        return;
      case "failed":
        if (mode !== "cluster") return;
        {
          const error = new UpstreamError(message.message, { status: null, codes: [] });
          rejectWaiters(error);
          sink.fail(error);
        }
        return;
    }
  };

  /**
   * Subscribes once (ioredis renews it after reconnects) and proves it by hearing its own ping;
   * a channel still unheard after two leases is subscribed anew, this replica serving from
   * its own stream meanwhile (a subscription that failed unseen must not starve subscribers).
   */
  const ensureChannel = async () => {
    subscribing ??= redis.subscribe(keys.channel, onMessage).then((off) => {
      unsubscribe = off;
      void kick();
    });
    if (proven) return;
    const now = Date.now();
    unheardSince ??= now;
    if (now - unheardSince > 2 * leaseMs) {
      const off = unsubscribe;
      unsubscribe = undefined;
      subscribing = undefined;
      unheardSince = undefined;
      await off?.();
      throw new Error("the activity channel is not heard");
    }
    if (unsubscribe !== undefined && now - pingedAt >= tickMs) {
      pingedAt = now;
      await redis.publish(keys.channel, encodeFeedMessage({ t: "ping", r: nonce }));
    }
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

  /** Back from a fallback once the channel's events continue where this replica stands. */
  const tryReturn = async () => {
    if (!proven) return;
    if (local !== undefined) {
      // Read after `pending` began: every event past the cursor is in `pending`, so this
      // replica's own stream must only have reached the cursor (or the first pending event).
      const cursor = await client.get(keys.cursor);
      if (!(await isLive())) return;
      const seen = sink.lastSeen();
      const covered = (id: string) => seen !== undefined && compareEventIds(seen, id) >= 0;
      const first = pending[0];
      const caughtUp =
        (cursor !== null && covered(cursor)) ||
        (first !== undefined && covered(first.id)) ||
        (cursor === null && seen === undefined);
      if (!caughtUp) return;
    }
    stopLocal();
    mode = "cluster";
    const buffered = pending;
    pending = [];
    for (const event of buffered) sink.deliver(event);
  };

  const settleWaiters = async () => {
    if (waiters.size === 0 || mode !== "cluster" || !proven) return;
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
      await ensureChannel();
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
    local?.halt();
    rejectWaiters(stoppedError());
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
      void kick();
    },
    stats: (): FeedStats => {
      const own = local?.stats();
      return {
        streaming: holder.active || (own?.streaming ?? false),
        connected: holder.active
          ? holder.connected
          : own !== undefined
            ? own.connected
            : mode === "cluster" && proven,
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
      await unsubscribe?.();
    },
    halt,
  };
}
