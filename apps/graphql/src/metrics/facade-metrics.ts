import type { ApolloServerPlugin } from "@apollo/server";
import { Counter, Registry } from "prom-client";
import type { GraphQLContext } from "../context.js";
import type { ServiceObservers, Services } from "../services.js";
import type { SharedState } from "../shared/shared-state.js";
import { registerActivityMetrics } from "./activity-metrics.js";
import { operationMetricsPlugin } from "./operation-metrics.js";
import { registerSharedStateMetrics } from "./shared-state-metrics.js";
import { createSnapshotMetrics } from "./snapshot-metrics.js";
import { createUpstreamMetrics } from "./upstream-metrics.js";

/** The facade's metrics and where they hook in; one per server (tests run many in a process). */
export interface FacadeMetrics {
  readonly registry: Registry;
  /** Hooks for the services as they are built: upstream clients, snapshot layer and writer. */
  readonly observers: ServiceObservers;
  /** Apollo plugin counting and timing operations. */
  readonly operations: ApolloServerPlugin<GraphQLContext>;
  /** A `POST /graphql` answered whole from the response cache (Apollo never runs for it). */
  responseCacheHit: () => void;
  /** Gauges read from the services at each scrape (rate-limit budgets, writer, activity). */
  watch(services: Services): void;
}

export function createMetrics(shared: SharedState): FacadeMetrics {
  // The process metrics are the process's, served beside these (process-metrics.ts).
  const registry = new Registry();
  registerSharedStateMetrics(registry, shared);
  const upstream = createUpstreamMetrics(registry);
  const snapshots = createSnapshotMetrics(registry);
  const cacheHits = new Counter({
    name: "adsgraph_graphql_response_cache_hits_total",
    help: "GraphQL requests answered whole from the response cache, without executing (not in adsgraph_graphql_operations_total)",
    registers: [registry],
  });
  return {
    registry,
    observers: {
      upstreamHooks: upstream.hooks,
      snapshotAnswered: snapshots.answered,
      snapshotWriteFailed: snapshots.writeFailed,
    },
    operations: operationMetricsPlugin<GraphQLContext>(registry),
    responseCacheHit: () => {
      cacheHits.inc();
    },
    watch(services) {
      upstream.watchRateLimits(() => services.upstream.rateLimitStates());
      snapshots.watchWriter(() => services.snapshots.writer.queued);
      registerActivityMetrics(registry, () => services.activity.stats());
    },
  };
}
