import { createHash } from "node:crypto";

/** The Redis keys of one app's activity fan-out (issue 19), under the key prefix. */
export interface ActivityKeys {
  /** Who runs the app's one upstream stream (a lease: SET NX PX, renewed by its holder). */
  readonly lease: string;
  /** Set by the holder while its stream is connected: an event recorded now will be published. */
  readonly live: string;
  /** The id of the last event the holder published: where a new holder resumes the stream. */
  readonly cursor: string;
  /** Replicas with subscribers: a sorted set, member = replica, score = when its entry lapses. */
  readonly interest: string;
  /**
   * The app's event log (a Redis Stream, issue 34): the holder appends each event under the
   * entry id `<event id>-0` (and `live`, `failed` notices as `<last event id>-<n>`); every
   * replica reads it from its own position. Trimmed to about ACTIVITY_RETAINED_EVENTS entries.
   */
  readonly log: string;
  /**
   * The event id after which the log holds every event of the app's stream (set when a
   * holder's stream starts afresh, without a cursor): a resume from before it may miss some.
   */
  readonly floor: string;
  /** One user's upstream subscription, shared by the cluster. */
  user(userId: string): UserKeys;
}

export interface UserKeys {
  /** Replicas holding subscribers of the user: member = replica, score = when its share lapses. */
  readonly holders: string;
  /** The id of the user's upstream subscription. */
  readonly subscription: string;
  /** Held while a replica creates or deletes the user's upstream subscription. */
  readonly lock: string;
}

/**
 * The keys of the app whose consumer key is given: replicas of one app meet, other apps (or
 * deployments sharing a prefix) never do. The consumer key is hashed, never written out.
 */
export function activityKeys(consumerKey: string): ActivityKeys {
  const app = createHash("sha256").update(consumerKey).digest("hex").slice(0, 16);
  const base = `activity:${app}:`;
  return {
    lease: `${base}lease`,
    live: `${base}live`,
    cursor: `${base}cursor`,
    interest: `${base}interest`,
    log: `${base}log`,
    floor: `${base}floor`,
    user: (userId) => ({
      holders: `${base}user:${userId}:holders`,
      subscription: `${base}user:${userId}:subscription`,
      lock: `${base}user:${userId}:lock`,
    }),
  };
}
