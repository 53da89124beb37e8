import { z } from "zod";
import type { ResponseCache } from "../response-cache/response-cache.js";
import { onRedisReturn, openBroadcastChannel } from "../shared/broadcast-channel.js";
import type { SharedState } from "../shared/shared-state.js";
import type { AccountWrite, AccountWrites } from "./snapshot-upstream.js";

const PART = "account writes";
const CHANNEL = "snapshots:account-writes";

/**
 * Writes through any replica applied on every replica (issue 19): `accountWrites` (so the
 * snapshot path answers no snapshot read before the write fresh) and the writer's stored
 * answers in the response cache. The write is published before it is answered, so a client
 * that asks another replica after its write is not given an answer from before it.
 *
 * A write is dated on the receiving replica's clock at receipt (a sender's clock set ahead
 * must not keep an account's snapshots unfresh for long): a snapshot checked before the write
 * is older than that, and one checked just after it is at worst read again. While Redis is down replicas do not hear each
 * other's writes (answers stay as fresh as SNAPSHOT_FRESH_SECONDS_ENTITY allows, as in the
 * embedded mode with several replicas); when it returns, each drops its stored answers.
 */
export function shareAccountWrites(
  shared: SharedState | undefined,
  {
    accountWrites,
    responseCache,
    now = Date.now,
  }: {
    accountWrites: AccountWrites;
    responseCache: Pick<ResponseCache, "forgetUser" | "clear">;
    now?: () => number;
  },
): ((write: AccountWrite) => Promise<void>) | undefined {
  if (shared?.redis === undefined) return undefined;
  const channel = openBroadcastChannel(shared, {
    channel: CHANNEL,
    part: PART,
    schema: z.object({
      scope: z.string().min(1).max(200).nullable(),
      userId: z.string().min(1).max(64).nullable(),
    }),
    onMessage: ({ scope, userId }) => {
      if (scope !== null) accountWrites.set(scope, Math.max(accountWrites.get(scope) ?? 0, now()));
      if (userId !== null) responseCache.forgetUser(userId);
    },
  });
  onRedisReturn(shared, () => {
    responseCache.clear();
  });
  return async ({ scope, userId }) => {
    await channel.publish({ scope, userId });
  };
}
