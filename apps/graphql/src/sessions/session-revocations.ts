import { z } from "zod";
import { onRedisReturn, openBroadcastChannel } from "../shared/broadcast-channel.js";
import type { SharedState } from "../shared/shared-state.js";
import type { SessionRevocations } from "./session-store.js";

const PART = "session revocations";
const CHANNEL = "sessions:revoked";

/**
 * Sign-outs and revocations told to every replica over Redis pub/sub (issue 19), so none of
 * them serves a revoked session from its SESSION_CACHE_SECONDS cache, and its WebSockets on
 * every replica close at once. Messages carry the session id's digest, never the token. While
 * Redis is down, replicas learn of revocations from the database within SESSION_CACHE_SECONDS
 * as in the embedded mode; when it returns they drop every cached session.
 */
export function createSessionRevocations(shared: SharedState): SessionRevocations | undefined {
  if (shared.redis === undefined) return undefined;
  const listeners = new Set<(digest: string | undefined) => void>();
  const tell = (digest: string | undefined) => {
    for (const listener of listeners) listener(digest);
  };
  const channel = openBroadcastChannel(shared, {
    channel: CHANNEL,
    part: PART,
    schema: z.object({ session: z.string().regex(/^[0-9a-f]{64}$/) }),
    onMessage: ({ session }) => {
      tell(session);
    },
  });
  onRedisReturn(shared, () => {
    tell(undefined);
  });
  return {
    async publish(digest) {
      await channel.publish({ session: digest });
    },
    onRevoked(listener) {
      listeners.add(listener);
    },
  };
}
