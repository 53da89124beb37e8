import type { SharedState } from "../shared/shared-state.js";
import type { UpstreamClients } from "../upstream/clients.js";
import { createLocalBudgetStore } from "./budget-local.js";
import { createRedisBudgetStore } from "./budget-redis.js";
import type { BudgetStore } from "./budget-store.js";

/**
 * The budgets the cost plugin checks: in Redis when the replicas share them (shared mode, the
 * same windows rest-client's shared budget keeps), else in each token's client book.
 */
export function createBudgets(
  shared: SharedState | undefined,
  upstream: UpstreamClients,
  consumerKey: string,
): BudgetStore {
  const redis = shared?.redis;
  if (redis === undefined) {
    return createLocalBudgetStore({
      app: upstream.app,
      forToken: (token) => upstream.forToken(token),
      consumerKey,
    });
  }
  return createRedisBudgetStore({
    redis,
    consumerKey,
    bookOf: (caller) =>
      upstream.forToken({ token: caller.accessToken, tokenSecret: caller.accessTokenSecret })
        .rateLimits,
  });
}
