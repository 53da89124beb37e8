import type { Hooks } from "@adsgraph/rest-client";

/** Upstream requests made for one GraphQL request (every attempt counts, retries included). */
export interface RequestCounter {
  readonly total: number;
  /** Requests that asked `with_total_count=true` (spec §8: 200 per 15 minutes of their own). */
  readonly withTotalCount: number;
  /** Requests by catalog endpoint id, e.g. `{ "campaigns.list": 2 }`. */
  byEndpoint(): Record<string, number>;
  /** rest-client hooks that feed this counter; passed on every call of the request. */
  readonly hooks: Hooks;
}

export function createRequestCounter(): RequestCounter {
  let total = 0;
  let withTotalCount = 0;
  const byEndpoint = new Map<string, number>();
  return {
    get total() {
      return total;
    },
    get withTotalCount() {
      return withTotalCount;
    },
    byEndpoint: () => Object.fromEntries([...byEndpoint].sort(([a], [b]) => a.localeCompare(b))),
    hooks: {
      onRequest: (event) => {
        total += 1;
        if (/[?&]with_total_count=true(&|$)/.test(event.url)) withTotalCount += 1;
        byEndpoint.set(event.endpointId, (byEndpoint.get(event.endpointId) ?? 0) + 1);
      },
    },
  };
}
