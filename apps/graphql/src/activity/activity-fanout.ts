import type { ActivityEvent } from "@adsgraph/models";
import { compareEventIds } from "@adsgraph/rest-client";
import {
  ResumeWindowExpiredError,
  SlowSubscriberError,
  SubscriptionLimitError,
} from "../errors/facade-errors.js";
import { toFacadeError } from "../errors/to-facade-error.js";
import type { FeedFactory, FeedSink, FeedStats, OpenStream } from "./activity-feed.js";
import { withWireEventType, type WireEventType } from "./event-types.js";
import { createLocalFeed } from "./local-feed.js";
import { localUserSlots, type UserSlots } from "../shared/user-slots.js";
import { afterReplay } from "./resumed-events.js";
import { createSubscriberQueue, type SubscriberQueue } from "./subscriber-queue.js";
import type { UpstreamSubscriptions } from "./upstream-subscriptions.js";

export type { OpenStream } from "./activity-feed.js";

export interface ActivityFanOutOptions {
  openStream: OpenStream;
  /**
   * Where events come from (issue 19: the cluster's one stream through Redis); default this
   * process's own stream from `openStream`.
   */
  feed?: FeedFactory | undefined;
  upstream: UpstreamSubscriptions;
  perUser: number;
  /**
   * Who counts `perUser` (issue 34): the replicas together in shared mode; default this
   * process's own count.
   */
  userSlots?: UserSlots | undefined;
  max: number;
  queueSize: number;
  /**
   * ACTIVITY_RESUME_GRACE_MS (issue 34): how long a user's upstream subscription, and the
   * feed, outlive the user's last subscriber here, so a client reconnecting with `after:`
   * within it finds every event retained; 0: released at once.
   */
  resumeGraceMs?: number | undefined;
  onError: (message: string) => void;
}

export interface Subscribe {
  userId: string;
  /** Only these event types; null: every type. */
  types: ReadonlySet<WireEventType> | null;
  /**
   * Resume (issue 34): the user's retained events after this event id come first, then the
   * live ones, with none missed or doubled at the seam.
   */
  after?: string | undefined;
}

export interface FanOutStats extends FeedStats {
  subscribers: number;
  /** Subscribers whose `subscribe` resolved: an event recorded from now on reaches them. */
  live: number;
  users: number;
  /** Events delivered to this replica's fan-out (after dropping repeats), and repeats dropped. */
  delivered: number;
  repeats: number;
}

/**
 * The activity events of every GraphQL subscriber, from ONE upstream stream per app
 * (`GET /2/activity/stream`: a newer connection would replace the older). The feed starts
 * with the first subscriber and stops when the last one leaves (after the resume grace, with
 * the users' upstream subscriptions, so a reconnecting client misses nothing); events come in
 * id order, and one at or below the last delivered (a resumed stream's overlap) is dropped,
 * so no subscriber misses or doubles one. Each event goes to the subscribers of its `for_user_id`
 * alone, as their `types` allow.
 */
export interface ActivityFanOut {
  /**
   * A subscriber's events from now on (with `after`, from after that event): resolves once
   * the user's upstream subscription exists and the stream is connected (an event recorded
   * after that reaches it). Rejects with ResumeWindowExpiredError when events after `after`
   * are no longer all retained.
   */
  subscribe(request: Subscribe): Promise<AsyncIterableIterator<ActivityEvent>>;
  stats(): FanOutStats;
  /** Ends every subscriber and stops the feed (handing the cluster's stream over). */
  close(): Promise<void>;
  /** Ends every subscriber and stops at once, telling the cluster nothing (a crash, in tests). */
  halt(): void;
}

/** Holds of a user's upstream subscription kept after its subscribers left (the resume grace). */
interface Lingering {
  holds: number;
  timer: ReturnType<typeof setTimeout>;
}

interface Subscriber {
  userId: string;
  /** Gives the user's place back (the cap). */
  release: () => void;
  types: ReadonlySet<WireEventType> | null;
  queue: SubscriberQueue<ActivityEvent>;
  live: boolean;
}

export function createActivityFanOut(options: ActivityFanOutOptions): ActivityFanOut {
  const byUser = new Map<string, Set<Subscriber>>();
  const userSlots = options.userSlots ?? localUserSlots(options.perUser);
  let count = 0;
  let live = 0;
  let lastSeen: string | undefined;
  let delivered = 0;
  let repeats = 0;
  let halted = false;
  // Releases under way: close waits for them, so a graceful stop leaves no share behind.
  const releasing = new Set<Promise<void>>();
  const graceMs = options.resumeGraceMs ?? 0;
  const lingering = new Map<string, Lingering>();

  const endAll = (error: Error) => {
    for (const subscribers of [...byUser.values()]) {
      for (const subscriber of [...subscribers]) subscriber.queue.fail(error);
    }
  };

  const sink: FeedSink = {
    deliver(received) {
      // Ids are digit strings compared as BigInt: a resumed stream repeats what was delivered.
      if (lastSeen !== undefined && compareEventIds(received.id, lastSeen) <= 0) {
        repeats += 1;
        return;
      }
      lastSeen = received.id;
      delivered += 1;
      const subscribers = byUser.get(received.for_user_id);
      const event = withWireEventType(received);
      if (subscribers === undefined || event === undefined) return;
      for (const subscriber of [...subscribers]) {
        if (subscriber.types !== null && !subscriber.types.has(event.event_type)) continue;
        if (!subscriber.queue.push(event)) {
          subscriber.queue.fail(new SlowSubscriberError(options.queueSize));
        }
      }
    },
    fail: endAll,
    lastSeen: () => lastSeen,
  };
  const feed = (
    options.feed ??
    ((feedSink) =>
      createLocalFeed({ openStream: options.openStream, sink: feedSink, onError: options.onError }))
  )(sink);

  const remove = (subscriber: Subscriber) => {
    const subscribers = byUser.get(subscriber.userId);
    if (subscribers?.delete(subscriber) !== true) return;
    count -= 1;
    if (subscriber.live) live -= 1;
    if (subscribers.size === 0) byUser.delete(subscriber.userId);
    // A crashed process releases nothing: its places and shares lapse in Redis by themselves.
    if (halted) return;
    // The user's place (the cap) is given back at once; the upstream hold waits for the grace.
    subscriber.release();
    if (graceMs > 0) linger(subscriber.userId);
    else releaseUpstream(subscriber.userId, 1);
    idleIfUnwanted();
  };

  const releaseUpstream = (userId: string, holds: number) => {
    for (let hold = 0; hold < holds; hold += 1) {
      const released = options.upstream.release(userId);
      releasing.add(released);
      void released.finally(() => releasing.delete(released));
    }
  };

  /** The feed runs while a subscriber is here or a user's grace runs (its events are kept). */
  const idleIfUnwanted = () => {
    if (count === 0 && lingering.size === 0) feed.idle();
  };

  /**
   * Keeps one hold of the user's upstream subscription for the grace after a subscriber left,
   * so events about the user are still recorded while its client reconnects; the grace
   * starts again at each leave, and ends early when a subscriber of the user comes back.
   */
  const linger = (userId: string) => {
    const current = lingering.get(userId);
    if (current !== undefined) clearTimeout(current.timer);
    const timer = setTimeout(() => {
      const kept = lingering.get(userId);
      if (kept?.timer !== timer) return;
      lingering.delete(userId);
      releaseUpstream(userId, kept.holds);
      idleIfUnwanted();
    }, graceMs);
    // Never keeps the process alive: a stop releases what is held (close) or lets it lapse.
    timer.unref();
    lingering.set(userId, { holds: (current?.holds ?? 0) + 1, timer });
  };

  /** A subscriber of the user came back within the grace: its own hold replaces the kept ones. */
  const endLinger = (userId: string) => {
    const current = lingering.get(userId);
    if (current === undefined) return;
    clearTimeout(current.timer);
    lingering.delete(userId);
    releaseUpstream(userId, current.holds);
  };

  /** Releases every kept hold now (a graceful stop), or forgets them (a crash). */
  const dropLingering = (release: boolean) => {
    for (const [userId, current] of [...lingering]) {
      clearTimeout(current.timer);
      lingering.delete(userId);
      if (release) releaseUpstream(userId, current.holds);
    }
  };

  const endEvery = () => {
    for (const subscribers of [...byUser.values()]) {
      for (const subscriber of [...subscribers]) subscriber.queue.end();
    }
  };

  return {
    async subscribe({ userId, types, after }) {
      // Taken and checked in one step (one script across replicas); the total is this process's.
      const release = await userSlots.take(userId);
      if (release === undefined) throw SubscriptionLimitError.perUser(userSlots.max);
      if (count >= options.max) {
        release();
        throw SubscriptionLimitError.total();
      }
      const subscriber: Subscriber = {
        userId,
        release,
        types,
        live: false,
        queue: createSubscriberQueue<ActivityEvent>(options.queueSize, () => {
          remove(subscriber);
        }),
      };
      let subscribers = byUser.get(userId);
      if (subscribers === undefined) {
        subscribers = new Set();
        byUser.set(userId, subscribers);
      }
      subscribers.add(subscriber);
      count += 1;
      try {
        const ready = feed.want();
        // Awaited below; a failure while the upstream subscription is made is not unhandled.
        ready.catch(() => undefined);
        // Taken before the kept holds go, so the upstream subscription is never deleted between.
        const acquired = options.upstream.acquire(userId);
        endLinger(userId);
        await acquired;
        await ready;
      } catch (error) {
        subscriber.queue.end();
        throw toFacadeError(error) ?? error;
      }
      if (!subscriber.queue.ended) {
        subscriber.live = true;
        live += 1;
      }
      if (after === undefined) return subscriber.queue;
      // Read once the subscriber is live: an event not retained yet reaches its queue instead.
      let retained;
      try {
        retained = await feed.retained(after, (event) => {
          if (event.for_user_id !== userId) return false;
          const current = withWireEventType(event);
          return current !== undefined && (types === null || types.has(current.event_type));
        });
      } catch (error) {
        subscriber.queue.end();
        throw toFacadeError(error) ?? error;
      }
      if (retained.expired) {
        subscriber.queue.end();
        throw new ResumeWindowExpiredError(retained.oldestId);
      }
      const replayed = retained.events.flatMap((event) => withWireEventType(event) ?? []);
      return afterReplay(replayed, subscriber.queue, after);
    },
    stats: () => ({
      ...feed.stats(),
      subscribers: count,
      live,
      users: byUser.size,
      delivered,
      repeats,
    }),
    async close() {
      endEvery();
      dropLingering(true);
      await Promise.all([...releasing]);
      options.upstream.close?.();
      userSlots.close();
      await feed.close();
    },
    halt() {
      halted = true;
      endEvery();
      dropLingering(false);
      options.upstream.close?.();
      userSlots.close();
      feed.halt();
    },
  };
}
