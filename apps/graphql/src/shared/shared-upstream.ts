import type { SecretBox } from "@adsgraph/storage";
import type { UpstreamClientOptions } from "../upstream/clients.js";
import { createRedisBearerCache } from "./redis-bearer-cache.js";
import { createRedisRateBudget } from "./redis-rate-budget.js";
import type { SharedState } from "./shared-state.js";

/**
 * What the upstream clients share with the other replicas (issue 19): the rate budgets and the
 * app's bearer token in Redis. Nothing in the embedded mode (no REDIS_URL): each client then
 * keeps its own book and bearer cache, as before.
 */
export function sharedUpstream(
  shared: SharedState | undefined,
  box: SecretBox,
): Pick<UpstreamClientOptions, "rateBudget" | "bearerCache"> {
  const redis = shared?.redis;
  if (shared === undefined || redis === undefined) return {};
  return {
    rateBudget: createRedisRateBudget({
      redis,
      onFallback: (error) => {
        shared.fellBack("rate budgets", error);
      },
    }),
    bearerCache: createRedisBearerCache({
      redis,
      box,
      onFallback: (error) => {
        shared.fellBack("bearer token", error);
      },
    }),
  };
}
