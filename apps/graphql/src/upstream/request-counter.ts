import type { Middleware } from "@adsgraph/rest-client";

/** Upstream requests made for one GraphQL request (every attempt counts, retries included). */
export interface RequestCounter {
  readonly total: number;
  /** Requests that asked `with_total_count=true` (spec §8: 200 per 15 minutes of their own). */
  readonly withTotalCount: number;
  /** Requests by catalog endpoint id, e.g. `{ "campaigns.list": 2 }`. */
  byEndpoint(): Record<string, number>;
  /** Counts each attempt of every call below it (through an onRequest hook on the call). */
  readonly middleware: Middleware;
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
    middleware: (ctx, next) => {
      const hooks = ctx.options.hooks;
      return next({
        options: {
          ...ctx.options,
          hooks: {
            ...hooks,
            onRequest: (event) => {
              total += 1;
              if (/[?&]with_total_count=true(&|$)/.test(event.url)) withTotalCount += 1;
              byEndpoint.set(event.endpointId, (byEndpoint.get(event.endpointId) ?? 0) + 1);
              hooks?.onRequest?.(event);
            },
          },
        },
      });
    },
  };
}
