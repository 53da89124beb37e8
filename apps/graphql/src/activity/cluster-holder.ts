import type { ActivityStreamState } from "@adsgraph/rest-client";
import type { SharedRedis } from "@adsgraph/storage";
import { UpstreamError } from "../errors/facade-errors.js";
import { toFacadeError } from "../errors/to-facade-error.js";
import { createLease } from "../shared/lease.js";
import type { OpenStream } from "./activity-feed.js";
import type { ActivityKeys } from "./cluster-keys.js";
import {
  COUNT_SHARES,
  MARK_LIVE,
  NOTICE_FAILED,
  PUBLISH_EVENT,
  START_AT,
} from "./cluster-scripts.js";

export interface StreamHolderOptions {
  redis: SharedRedis;
  keys: ActivityKeys;
  /** This replica's token in the lease. */
  token: string;
  leaseMs: number;
  /** How long the cursor outlives the last renewal (a takeover later than this starts anew). */
  cursorMs: number;
  /** ACTIVITY_RETAINED_EVENTS: the log keeps about this many entries. */
  maxEntries: number;
  /** How long the log outlives its last append (an app nobody watches leaves nothing behind). */
  logTtlMs: number;
  openStream: OpenStream;
  /** The feed closed or halted: a lease taken meanwhile starts no stream (it lapses, or is handed over). */
  isStopped: () => boolean;
  onError: (message: string) => void;
  /** Redis failed while the stream ran: this replica serves from its own stream instead. */
  onRedisFailure: (error: unknown) => void;
  /** The stream failed for good and the channel could not say so: end this replica's subscribers. */
  onFailed: (error: Error) => void;
}

/** The app's stream lease and, while this replica holds it, the stream it publishes. */
export interface StreamHolder {
  /** Whether this replica runs the cluster's stream, and whether it is connected now. */
  readonly active: boolean;
  readonly connected: boolean;
  /** Upstream connections opened as holder since start. */
  readonly connections: number;
  /** Takes the lease if it is free and starts the stream from the cursor; false: held by another. */
  tryStart(): Promise<boolean>;
  /** Renews the lease; lets the stream go when it is lost or no replica has subscribers. */
  keepOrRetire(): Promise<void>;
  /** Stops the stream at once, touching nothing in Redis (the lease lapses). */
  stop(): void;
  /** Releases the lease if it is this replica's, keeping the cursor when `othersListen`. */
  handOver(othersListen: boolean): Promise<void>;
}

interface Holding {
  controller: AbortController;
  connected: boolean;
}

/**
 * The holder's side of the cluster's stream (issues 19, 34): it opens the stream with
 * `since_id` = the cursor its predecessor left, and appends each event to the app's log while
 * moving the cursor, both in one script fenced by the lease, so a holder that lost the lease
 * (paused past its expiry) appends nothing and its successor resumes where the last append
 * stood: a failover delays events, never drops them. A stream started without a cursor
 * stores where ads-api says it starts as the cursor as soon as it connects, so a holder that
 * dies before its first event leaves its successor no gap either.
 */
export function createStreamHolder(options: StreamHolderOptions): StreamHolder {
  const { redis, keys, token, leaseMs, cursorMs } = options;
  const { client } = redis;
  const lease = createLease(client, { key: keys.lease, token, ttlMs: leaseMs });
  let holding: Holding | undefined;
  let connections = 0;

  const stop = () => {
    const stopping = holding;
    holding = undefined;
    stopping?.controller.abort();
  };

  const fail = async (current: Holding, error: unknown) => {
    if (holding !== current) return;
    holding = undefined;
    // Not retryable (the facade's own credentials refused): every replica's subscribers learn it.
    const mapped =
      toFacadeError(error) ??
      new UpstreamError("The activity stream of the ads service failed.", {
        status: null,
        codes: [],
      });
    options.onError(`activity: the upstream stream stopped: ${mapped.message}`);
    try {
      await NOTICE_FAILED.run(client, [keys.log], [mapped.message, options.maxEntries]);
      await lease.release([keys.live]);
    } catch {
      options.onFailed(mapped);
    }
  };

  const run = async (current: Holding, sinceId: string | undefined) => {
    // Started without a cursor: the log vouches for events from this stream's first one on.
    let fresh = sinceId === undefined;
    const onState = (state: ActivityStreamState) => {
      current.connected = state.state === "connected";
      if (state.state !== "connected") return;
      connections += 1;
      if (fresh && state.startsAfter !== undefined) {
        // Known before any event: a successor resumes from here even if this holder dies first.
        fresh = false;
        START_AT.run(
          client,
          [keys.lease, keys.cursor, keys.floor],
          [token, state.startsAfter, cursorMs, options.logTtlMs],
        ).catch((error: unknown) => {
          if (holding === current) options.onRedisFailure(error);
        });
      }
      MARK_LIVE.run(
        client,
        [keys.lease, keys.live, keys.log],
        [token, leaseMs, options.maxEntries],
      ).catch((error: unknown) => {
        if (holding === current) options.onRedisFailure(error);
      });
    };
    try {
      for await (const event of options.openStream({
        signal: current.controller.signal,
        onState,
        ...(sinceId !== undefined && { sinceId }),
      })) {
        if (holding !== current) return;
        let published: unknown;
        try {
          published = await PUBLISH_EVENT.run(
            client,
            [keys.lease, keys.cursor, keys.log, keys.floor],
            [
              token,
              event.id,
              JSON.stringify(event),
              cursorMs,
              options.maxEntries,
              fresh ? (BigInt(event.id) - 1n).toString() : "",
              options.logTtlMs,
            ],
          );
          fresh = false;
        } catch (error) {
          // Unpublished: this replica's own stream resumes from what it delivered, and the
          // next holder from the cursor, so the event still reaches everyone.
          if (holding === current) options.onRedisFailure(error);
          return;
        }
        // Lost the lease: the new holder resumes from the cursor.
        if (published !== 1 && holding === current) stop();
      }
    } catch (error) {
      await fail(current, error);
      return;
    }
    if (holding === current) holding = undefined;
  };

  return {
    get active() {
      return holding !== undefined;
    },
    get connected() {
      return holding?.connected === true;
    },
    get connections() {
      return connections;
    },
    async tryStart() {
      // Still ours after a fallback this replica came back from: go on from the cursor at once.
      if (!(await lease.tryAcquire()) && !(await lease.renew())) return false;
      const cursor = await client.get(keys.cursor);
      if (options.isStopped()) return true;
      // A stream from now on: the log vouches for nothing until its first event sets the floor.
      if (cursor === null) await client.del(keys.floor);
      const current: Holding = { controller: new AbortController(), connected: false };
      holding = current;
      void run(current, cursor !== null && /^\d{1,64}$/.test(cursor) ? cursor : undefined);
      return true;
    },
    async keepOrRetire() {
      const kept = await lease.renew([
        { key: keys.live, ttlMs: leaseMs },
        { key: keys.cursor, ttlMs: cursorMs },
      ]);
      if (!kept) {
        stop();
        return;
      }
      if ((await COUNT_SHARES.run(client, [keys.interest], [])) !== 0) return;
      stop();
      // Nobody listens: the next stream starts from then, not from this one's last event.
      await lease.release([keys.live, keys.cursor, keys.floor]);
    },
    stop,
    async handOver(othersListen) {
      stop();
      await lease.release(othersListen ? [keys.live] : [keys.live, keys.cursor, keys.floor]);
    },
  };
}
