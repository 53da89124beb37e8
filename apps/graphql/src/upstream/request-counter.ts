import { getEndpoint, isEndpointId } from "@adsgraph/models";
import type { Middleware } from "@adsgraph/rest-client";

/** Requests sent into one rate-limit window: a family's user window, or an account's. */
export interface WindowCount {
  readonly family: string;
  /** The ad account whose window a GET of its path spends; null for the user's window. */
  readonly accountId: string | null;
  readonly requests: number;
}

/** Upstream requests made for one GraphQL request (every attempt counts, retries included). */
export interface RequestCounter {
  readonly total: number;
  /** Requests that asked `with_total_count=true` (spec §8: 200 per 15 minutes of their own). */
  readonly withTotalCount: number;
  /** Requests by catalog endpoint id, e.g. `{ "campaigns.list": 2 }`. */
  byEndpoint(): Record<string, number>;
  /**
   * Requests by rate-limit window (issue 35, `extensions.cost`): every request counts in its
   * family's user window, GETs of an account's path in that account's window too (as ads-api
   * and rest-client's `budgetKeyFor` count them).
   */
  byWindow(): WindowCount[];
  /** Counts each attempt of every call below it (through an onRequest hook on the call). */
  readonly middleware: Middleware;
}

export function createRequestCounter(): RequestCounter {
  let total = 0;
  let withTotalCount = 0;
  const byEndpoint = new Map<string, number>();
  const byWindow = new Map<string, WindowCount>();
  const count = (family: string, accountId: string | null) => {
    const key = `${family}\u0000${accountId ?? ""}`;
    const requests = (byWindow.get(key)?.requests ?? 0) + 1;
    byWindow.set(key, { family, accountId, requests });
  };
  return {
    get total() {
      return total;
    },
    get withTotalCount() {
      return withTotalCount;
    },
    byEndpoint: () => Object.fromEntries([...byEndpoint].sort(([a], [b]) => a.localeCompare(b))),
    byWindow: () => [...byWindow.values()],
    middleware: (ctx, next) => {
      const hooks = ctx.options.hooks;
      const windows = windowsOf(ctx.endpointId, ctx.params);
      return next({
        options: {
          ...ctx.options,
          hooks: {
            ...hooks,
            onRequest: (event) => {
              total += 1;
              if (/[?&]with_total_count=true(&|$)/.test(event.url)) withTotalCount += 1;
              byEndpoint.set(event.endpointId, (byEndpoint.get(event.endpointId) ?? 0) + 1);
              if (windows !== undefined) {
                count(windows.family, null);
                if (windows.accountId !== null) count(windows.family, windows.accountId);
              }
              hooks?.onRequest?.(event);
            },
          },
        },
      });
    },
  };
}

/** The windows a call of `endpointId` spends; undefined for an id the catalog does not know. */
function windowsOf(
  endpointId: string,
  params: Readonly<Record<string, unknown>>,
): { family: string; accountId: string | null } | undefined {
  if (!isEndpointId(endpointId)) return undefined;
  const endpoint = getEndpoint(endpointId);
  const account = params.account_id;
  const spendsAccount =
    endpoint.method === "GET" &&
    endpoint.locations.account_id === "path" &&
    typeof account === "string";
  return { family: endpoint.family, accountId: spendsAccount ? account : null };
}
