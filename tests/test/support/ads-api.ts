import { DEMO, servedEndpointIds } from "@adsgraph/ads-api";
import { startAdsApi as startKitAdsApi } from "@adsgraph/ads-api/testing";
import type { StartAdsApiOptions, StartedAdsApi } from "@adsgraph/ads-api/testing";
import { endpoints, errorBodySchema } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { createRestClient } from "@adsgraph/rest-client";
import type { AuthOptions, Hosts, RestClient, RestClientOptions } from "@adsgraph/rest-client";

/** The seeded demo user's credentials (ads-api's dev-only fixed values). */
export const DEMO_AUTH = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
} as const satisfies AuthOptions;

export const DEMO_ACCOUNT = DEMO.accounts[0].id;
export const OTHER_DEMO_ACCOUNT = DEMO.accounts[1].id;

/** ads-api from its test kit, and rest-client clients of the demo user. */
export interface AdsApi extends StartedAdsApi {
  /** A client with the demo user's credentials (override anything); closed by `close()`. */
  client(options?: RestClientOptions): RestClient;
}

/**
 * ads-api's test kit with the demo data (PGlite unless told) and the loopback activity
 * simulation (spec §6 events for the activity tests), plus the demo user's clients.
 */
export async function startAdsApi(
  options: Pick<StartAdsApiOptions, "engine" | "limits"> = {},
): Promise<AdsApi> {
  const adsApi = await startKitAdsApi({ name: "restclient", activityAdmin: true, ...options });
  const clients: RestClient[] = [];
  const closeServer = adsApi.close.bind(adsApi);
  // Assigned, not spread: the kit's server, URLs and context are read anew after a restart.
  return Object.assign(adsApi, {
    client: (clientOptions: RestClientOptions = {}) => {
      // Retries quick: the tests wait for answers, not for backoff.
      const client = createRestClient({
        hosts: adsApi.urls,
        auth: DEMO_AUTH,
        retry: { baseDelayMs: 1, maxDelayMs: 4 },
        ...clientOptions,
      });
      clients.push(client);
      return client;
    },
    close: async () => {
      try {
        // A client a test closed already may refuse a second close; the server goes anyway.
        await Promise.allSettled(clients.map((client) => client.close()));
      } finally {
        await closeServer();
      }
    },
  });
}

/** The path a catalog endpoint is routed at, every `:placeholder` filled with `value`. */
export function routePath(endpoint: AnyEndpoint, value = "probe"): string {
  const version = endpoint.version === null ? "" : `/${endpoint.version}`;
  return `${version}${endpoint.path.replace(/:[a-z_]+/g, value)}`;
}

export interface ServedEndpoints {
  /** Catalog endpoints ads-api implements, in catalog order. */
  readonly served: readonly EndpointId[];
  /** Catalog endpoints it answers with 501 NOT_IMPLEMENTED. */
  readonly notImplemented: readonly EndpointId[];
  /** Anything else: an endpoint ads-api does not route at all (a 404 from the router). */
  readonly unrouted: readonly EndpointId[];
}

/**
 * Which catalog endpoints the running ads-api serves (its own `servedEndpointIds`), and a check
 * that every catalog endpoint is routed on its host role: one unsigned request each, answered
 * 401 (every route authenticates first) or, where a route is missing, the router's 404.
 */
export async function probeServedEndpoints(hosts: Hosts): Promise<ServedEndpoints> {
  const servedIds = new Set<string>(servedEndpointIds());
  const served: EndpointId[] = [];
  const notImplemented: EndpointId[] = [];
  const unrouted: EndpointId[] = [];
  for (const endpoint of endpoints) {
    // Unsigned: every route authenticates first, so this only shows that the route exists.
    const response = await fetch(`${hosts[endpoint.host]}${routePath(endpoint)}`, {
      method: endpoint.method,
      redirect: "manual",
    });
    const text = await response.text();
    const id = endpoint.id as EndpointId;
    if (response.status === 404 && isRouterNotFound(text)) unrouted.push(id);
    else if (servedIds.has(id)) served.push(id);
    else notImplemented.push(id);
  }
  return { served, notImplemented, unrouted };
}

function isRouterNotFound(text: string): boolean {
  try {
    const body = errorBodySchema.safeParse(JSON.parse(text));
    return body.success && body.data.errors.some((e) => e.message.startsWith("no endpoint "));
  } catch {
    return false;
  }
}

/** `YYYY-MM-DDThh:00:00Z` of the hour `hours` from the current one. */
export function wholeHour(hours: number): string {
  const hour = Math.floor(Date.now() / 3_600_000) + hours;
  return new Date(hour * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The value, or a failed test naming what was missing. */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

export { DEMO };
