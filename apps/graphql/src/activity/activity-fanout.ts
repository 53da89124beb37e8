import type { ActivityEvent } from "@adsgraph/models";
import type { ActivityStreamState } from "@adsgraph/rest-client";
import {
  SlowSubscriberError,
  SubscriptionLimitError,
  toFacadeError,
  UpstreamError,
} from "../errors.js";
import { isWireEventType, type WireEventType } from "./event-types.js";
import { createSubscriberQueue, type SubscriberQueue } from "./subscriber-queue.js";
import type { UpstreamSubscriptions } from "./upstream-subscriptions.js";

/** Opens the app's one upstream stream (rest-client's `readActivityStream`). */
export type OpenStream = (options: {
  signal: AbortSignal;
  onState: (state: ActivityStreamState) => void;
}) => AsyncIterable<ActivityEvent>;

export interface ActivityFanOutOptions {
  openStream: OpenStream;
  upstream: UpstreamSubscriptions;
  perUser: number;
  max: number;
  queueSize: number;
  onError: (message: string) => void;
}

export interface Subscribe {
  userId: string;
  /** Only these event types; null: every type. */
  types: ReadonlySet<WireEventType> | null;
}

export interface FanOutStats {
  subscribers: number;
  /** Subscribers whose `subscribe` resolved: an event recorded from now on reaches them. */
  live: number;
  users: number;
  /** Whether the upstream stream runs, and whether it is connected now. */
  streaming: boolean;
  connected: boolean;
  /** Upstream connections opened since start (one, plus one per reconnect). */
  connections: number;
}

/**
 * The activity events of every GraphQL subscriber, from ONE upstream stream per app
 * (`GET /2/activity/stream`: a newer connection would replace the older). The stream starts
 * with the first subscriber and stops when the last one leaves; rest-client's reader resumes
 * from the last event id after a dropped connection, so no subscriber misses or doubles one.
 * Each event goes to the subscribers of its `for_user_id` alone, as their `types` allow.
 */
export interface ActivityFanOut {
  /**
   * A subscriber's events from now on: resolves once the user's upstream subscription exists
   * and the stream is connected (an event recorded after that reaches it).
   */
  subscribe(request: Subscribe): Promise<AsyncIterableIterator<ActivityEvent>>;
  stats(): FanOutStats;
  close(): void;
}

interface Subscriber {
  userId: string;
  types: ReadonlySet<WireEventType> | null;
  queue: SubscriberQueue<ActivityEvent>;
  live: boolean;
}

interface Reader {
  controller: AbortController;
  /** Settles at the stream's first connection (or its failure). */
  connected: Promise<void>;
  isConnected: boolean;
}

export function createActivityFanOut(options: ActivityFanOutOptions): ActivityFanOut {
  const byUser = new Map<string, Set<Subscriber>>();
  let count = 0;
  let live = 0;
  let reader: Reader | undefined;
  let connections = 0;

  const endAll = (error: Error) => {
    for (const subscribers of [...byUser.values()]) {
      for (const subscriber of [...subscribers]) subscriber.queue.fail(error);
    }
  };

  const dispatch = (event: ActivityEvent) => {
    const subscribers = byUser.get(event.for_user_id);
    if (subscribers === undefined || !isWireEventType(event.event_type)) return;
    for (const subscriber of [...subscribers]) {
      if (subscriber.types !== null && !subscriber.types.has(event.event_type)) continue;
      if (!subscriber.queue.push(event)) {
        subscriber.queue.fail(new SlowSubscriberError(options.queueSize));
      }
    }
  };

  const startReader = (): Reader => {
    const controller = new AbortController();
    let markConnected!: () => void;
    let markFailed!: (error: unknown) => void;
    const current: Reader = {
      controller,
      connected: new Promise<void>((resolve, reject) => {
        markConnected = resolve;
        markFailed = reject;
      }),
      isConnected: false,
    };
    // Awaited by subscribers; a failure before anyone awaits must not be unhandled.
    current.connected.catch(() => undefined);
    const onState = (state: ActivityStreamState) => {
      current.isConnected = state.state === "connected";
      if (state.state === "connected") {
        connections += 1;
        markConnected();
      }
    };
    const run = async () => {
      try {
        for await (const event of options.openStream({ signal: controller.signal, onState })) {
          if (reader !== current) return;
          dispatch(event);
        }
      } catch (error) {
        if (reader !== current) return;
        // Not retryable (the facade's own credentials refused, a malformed line): every
        // subscriber learns it; the next subscriber starts a new reader.
        const mapped =
          toFacadeError(error) ??
          new UpstreamError("The activity stream of the ads service failed.", {
            status: null,
            codes: [],
          });
        options.onError(`activity: the upstream stream stopped: ${mapped.message}`);
        reader = undefined;
        markFailed(mapped);
        endAll(mapped);
        return;
      }
      if (reader === current) reader = undefined;
      markFailed(new UpstreamError("The activity stream stopped.", { status: null, codes: [] }));
    };
    void run();
    return current;
  };

  const stopReaderIfIdle = () => {
    if (count > 0 || reader === undefined) return;
    const stopping = reader;
    reader = undefined;
    stopping.controller.abort();
  };

  const remove = (subscriber: Subscriber) => {
    const subscribers = byUser.get(subscriber.userId);
    if (subscribers?.delete(subscriber) !== true) return;
    count -= 1;
    if (subscriber.live) live -= 1;
    if (subscribers.size === 0) byUser.delete(subscriber.userId);
    void options.upstream.release(subscriber.userId);
    stopReaderIfIdle();
  };

  return {
    async subscribe({ userId, types }) {
      const held = byUser.get(userId)?.size ?? 0;
      if (held >= options.perUser) throw SubscriptionLimitError.perUser(options.perUser);
      if (count >= options.max) throw SubscriptionLimitError.total();
      const subscriber: Subscriber = {
        userId,
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
        reader ??= startReader();
        const { connected } = reader;
        await options.upstream.acquire(userId);
        await connected;
      } catch (error) {
        subscriber.queue.end();
        throw toFacadeError(error) ?? error;
      }
      if (!subscriber.queue.ended) {
        subscriber.live = true;
        live += 1;
      }
      return subscriber.queue;
    },
    stats: () => ({
      subscribers: count,
      live,
      users: byUser.size,
      streaming: reader !== undefined,
      connected: reader?.isConnected ?? false,
      connections,
    }),
    close() {
      for (const subscribers of [...byUser.values()]) {
        for (const subscriber of [...subscribers]) subscriber.queue.end();
      }
      const stopping = reader;
      reader = undefined;
      stopping?.controller.abort();
    },
  };
}
