import type { z } from "zod";
import type { SharedState } from "./shared-state.js";

/** Tells the other replicas of something this one did (pub/sub over the shared Redis). */
export interface BroadcastChannel<T> {
  /**
   * Publishes `message` to every other replica. Resolves once Redis has handed it to their
   * subscriber connections (so a client answered after this is seen consistently by them), or
   * false when Redis failed (the part fell back: `shared.fellBack`). Never rejects. In the
   * embedded mode there is nobody to tell: resolves true at once.
   */
  publish(message: T): Promise<boolean>;
  /** Resolves once this replica's subscription is in place (the server awaits it before listening). */
  readonly ready: Promise<void>;
}

export interface BroadcastChannelOptions<T> {
  /** Channel name under the deployment's prefix. */
  channel: string;
  /** The part named in `fellBack` and in /health (`"session revocations"`). */
  part: string;
  /** What a message must look like; anything else (another version, garbage) is ignored. */
  schema: z.ZodType<T>;
  /** Called with each message another replica published (never with this replica's own). */
  onMessage: (message: T) => void;
}

/** Each shared state's pending subscriptions, awaited by the server before it listens. */
const pending = new WeakMap<SharedState, Promise<void>[]>();

/**
 * Resolves once every channel opened on `shared` so far is subscribed: a replica that answers
 * requests before hearing its peers could miss an invalidation sent meanwhile.
 */
export async function channelsReady(shared: SharedState | undefined): Promise<void> {
  if (shared === undefined) return;
  await Promise.all(pending.get(shared) ?? []);
}

/**
 * A JSON pub/sub channel between the replicas, for invalidations: each message carries the
 * sender's replica id, so a replica never applies its own twice. Pub/sub delivers only to
 * replicas subscribed at the time: what a replica misses while Redis is down is not replayed
 * (the parts bound that by their own expiry, and drop local copies when Redis returns).
 */
export function openBroadcastChannel<T>(
  shared: SharedState | undefined,
  { channel, part, schema, onMessage }: BroadcastChannelOptions<T>,
): BroadcastChannel<T> {
  const redis = shared?.redis;
  if (shared === undefined || redis === undefined) {
    return { publish: () => Promise.resolve(true), ready: Promise.resolve() };
  }
  const ready = redis
    .subscribe(channel, (text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      if (typeof parsed !== "object" || parsed === null) return;
      const { from, message } = parsed as { from?: unknown; message?: unknown };
      if (from === shared.replicaId) return;
      const checked = schema.safeParse(message);
      if (checked.success) onMessage(checked.data);
    })
    .then(() => undefined);
  pending.set(shared, [...(pending.get(shared) ?? []), ready]);
  return {
    ready,
    async publish(message) {
      try {
        await redis.publish(channel, JSON.stringify({ from: shared.replicaId, message }));
        return true;
      } catch (error) {
        shared.fellBack(part, error);
        return false;
      }
    },
  };
}

/**
 * Calls `resync` each time Redis comes back after being down: invalidations published while
 * this replica could not hear them are lost, so local copies they might have voided go.
 */
export function onRedisReturn(shared: SharedState | undefined, resync: () => void): void {
  const redis = shared?.redis;
  if (redis === undefined) return;
  let wasDown = !redis.up;
  redis.onStateChange((up) => {
    if (!up) {
      wasDown = true;
    } else if (wasDown) {
      wasDown = false;
      resync();
    }
  });
}
