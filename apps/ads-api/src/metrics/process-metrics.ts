import { Registry, collectDefaultMetrics } from "prom-client";

let shared: Registry | undefined;

/**
 * prom-client's process metrics (CPU, memory, event loop lag, GC), once per process however
 * many servers it runs (tests run many): each set keeps an event-loop monitor sampling every
 * few milliseconds for the life of the process, so one per server would add up.
 */
export function processRegistry(): Registry {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared, prefix: "adsgraph_ads_api_" });
  }
  return shared;
}

/** One server's metrics and the process's, in Prometheus' text format. */
export function scrape(registry: Registry): Promise<string> {
  return Registry.merge([processRegistry(), registry]).metrics();
}
