import { readActivityStream, type RestClient } from "@adsgraph/rest-client";
import type { Env } from "../env.js";
import type { SharedState } from "../shared/shared-state.js";
import { createUserSlots, userSlotsTtlMs } from "../shared/user-slots.js";
import { createActivityFanOut, type ActivityFanOut } from "./activity-fanout.js";
import type { OpenStream } from "./activity-feed.js";
import { createClusterFeed } from "./cluster-feed.js";
import { activityKeys } from "./cluster-keys.js";
import { createClusterUpstreamSubscriptions } from "./cluster-upstream-subscriptions.js";
import { createEventRing } from "./event-ring.js";
import { createLocalFeed } from "./local-feed.js";
import { createUpstreamSubscriptions } from "./upstream-subscriptions.js";

/**
 * The app's activity fan-out on the facade's app-only client: one stream and one subscription
 * per user for everyone. With Redis (issue 19) the replicas share them: one stream for the
 * cluster, its events through Redis; without, this process's own.
 */
export function createActivity(
  app: RestClient,
  env: Env,
  warn: (message: string) => void,
  shared: SharedState | undefined,
): ActivityFanOut {
  const openStream: OpenStream = ({ signal, onState, sinceId }) =>
    readActivityStream(app, {
      signal,
      onState,
      sinceId,
      backoff: { initialMs: env.ACTIVITY_STREAM_BACKOFF_MS },
      keepAliveTimeoutMs: env.ACTIVITY_STREAM_KEEP_ALIVE_TIMEOUT_MS,
    });
  const limits = {
    perUser: env.ACTIVITY_SUBSCRIPTIONS_PER_USER,
    max: env.ACTIVITY_SUBSCRIPTIONS_MAX,
    queueSize: env.ACTIVITY_SUBSCRIBER_QUEUE,
    resumeGraceMs: env.ACTIVITY_RESUME_GRACE_MS,
    onError: warn,
  };
  const redis = shared?.redis;
  if (shared === undefined || redis === undefined) {
    const ring = createEventRing(env.ACTIVITY_RETAINED_EVENTS);
    return createActivityFanOut({
      openStream,
      upstream: createUpstreamSubscriptions(app, { onError: warn }),
      feed: (sink) => createLocalFeed({ openStream, sink, onError: warn, ring }),
      ...limits,
    });
  }
  const keys = activityKeys(env.FACADE_CONSUMER_KEY);
  const fellBack = (part: string, error: unknown) => {
    shared.fellBack(part, error);
  };
  return createActivityFanOut({
    openStream,
    upstream: createClusterUpstreamSubscriptions({
      redis,
      keys,
      replicaId: shared.replicaId,
      client: app,
      // A dead replica's share of a user lapses after this; living ones refresh it thrice.
      shareMs: Math.max(15_000, 3 * env.ACTIVITY_LEASE_MS),
      onError: warn,
      fellBack,
    }),
    feed: (sink) =>
      createClusterFeed({
        redis,
        keys,
        replicaId: shared.replicaId,
        leaseMs: env.ACTIVITY_LEASE_MS,
        retainedEvents: env.ACTIVITY_RETAINED_EVENTS,
        openStream,
        sink,
        onError: warn,
        fellBack,
      }),
    ...limits,
    // issue 34: the per-user cap counts every replica's subscribers (user-slots.ts).
    userSlots: createUserSlots(
      shared,
      "subscriptions",
      env.ACTIVITY_SUBSCRIPTIONS_PER_USER,
      userSlotsTtlMs(env.ACTIVITY_LEASE_MS),
    ),
  });
}
