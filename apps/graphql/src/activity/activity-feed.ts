import type { ActivityEvent } from "@adsgraph/models";
import type { ActivityStreamState } from "@adsgraph/rest-client";

/** Opens the app's one upstream stream (rest-client's `readActivityStream`). */
export type OpenStream = (options: {
  signal: AbortSignal;
  onState: (state: ActivityStreamState) => void;
  /** Resume after this event id (a takeover, a fallback); absent: from now on. */
  sinceId?: string | undefined;
}) => AsyncIterable<ActivityEvent>;

/** Where a feed hands its events: the fan-out's subscribers of this replica. */
export interface FeedSink {
  /** One upstream event; ids at or below the last one delivered are dropped (a resume's overlap). */
  deliver(event: ActivityEvent): void;
  /** The feed failed for good: every subscriber of this replica ends with `error`. */
  fail(error: Error): void;
  /** The id of the last event delivered: where a stream opened to replace another resumes. */
  lastSeen(): string | undefined;
}

/**
 * What a client's resume (`activityEvents(after:)`) finds: the retained events after the id,
 * or that events after it may no longer be retained (`oldestId`: the oldest still held).
 */
export type Retained =
  | { readonly expired: false; readonly events: ActivityEvent[] }
  | { readonly expired: true; readonly oldestId: string | undefined };

export interface FeedStats {
  /**
   * Whether this replica runs an upstream stream, and whether it is connected now (a
   * follower of the cluster's stream: whether it reads the cluster's log).
   */
  streaming: boolean;
  connected: boolean;
  /** Upstream connections this replica opened since start (one, plus one per reconnect). */
  connections: number;
  /** `local`: this replica's own stream; `holder`/`follower`: the cluster's, through Redis. */
  role: "local" | "holder" | "follower";
}

/**
 * The activity events of this replica's subscribers. The fan-out says when it has subscribers
 * (`want`) and when it has none (`idle`); the feed decides where events come from: this
 * process's own upstream stream, or the cluster's one stream through Redis.
 */
export interface ActivityFeed {
  /**
   * A subscriber came: start if idle. Resolves once an event recorded from now on will reach
   * `deliver`; rejects (a facade error) when the stream cannot start.
   */
  want(): Promise<void>;
  /** This replica's last subscriber left. */
  idle(): void;
  stats(): FeedStats;
  /**
   * The app's retained events after the event id `after` that `keep` accepts, in id order;
   * `expired` when some event after it may be gone (older than the retention, or recorded
   * while nobody watched).
   */
  retained(after: string, keep: (event: ActivityEvent) => boolean): Promise<Retained>;
  /** Stops, handing what it holds in the cluster over (lease, shares) when there is one. */
  close(): Promise<void>;
  /** Stops at once and tells no one, as a killed process would (tests simulate crashes). */
  halt(): void;
}

export type FeedFactory = (sink: FeedSink) => ActivityFeed;
