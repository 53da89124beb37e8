import { Counter, Gauge, type Registry } from "prom-client";
import type { SharedState } from "../shared/shared-state.js";

/** `adsgraph_redis_up` (shared mode only) and `adsgraph_shared_state_fallbacks_total{part}`. */
export function registerSharedStateMetrics(registry: Registry, shared: SharedState): void {
  new Gauge({
    name: "adsgraph_redis_up",
    help: "1 while the replica reaches Redis, 0 while it answers from local state (degraded); absent without REDIS_URL",
    registers: shared.redis === undefined ? [] : [registry],
    collect() {
      this.set(shared.redis?.up === true ? 1 : 0);
    },
  });
  new Counter({
    name: "adsgraph_shared_state_fallbacks_total",
    help: "Times a shared part (rate budgets, bearer token, access checks, fan-out...) answered from local state because Redis failed",
    labelNames: ["part"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [part, count] of shared.fallbacks) this.inc({ part }, count);
    },
  });
}
