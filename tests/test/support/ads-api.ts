import { DEMO, servedEndpointIds } from "@adsgraph/ads-api";
import { startAdsApi as startAdsApiHarness } from "@adsgraph/ads-api/testing";
import type { Limits, LoggedRequest, RunningServer } from "@adsgraph/ads-api";
import type { BenchAccount } from "@adsgraph/ads-api/testing";
import { endpoints, errorBodySchema } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { createRestClient } from "@adsgraph/rest-client";
import type { AuthOptions, Hosts, RestClient, RestClientOptions } from "@adsgraph/rest-client";
import type { DatabaseTarget } from "@adsgraph/storage";

/** The seeded demo user's credentials (ads-api's dev-only fixed values). */
export const DEMO_AUTH = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
} as const satisfies AuthOptions;

export const DEMO_ACCOUNT = DEMO.accounts[0].id;
export const OTHER_DEMO_ACCOUNT = DEMO.accounts[1].id;

/** The real apps/ads-api, in process, its three host roles on port 0, over a fresh database. */
export interface AdsApi {
  readonly engine: DatabaseTarget["engine"];
  readonly server: RunningServer;
  /** The bound URL of each host role, as the client's `hosts`. */
  readonly hosts: Hosts;
  /** A client with the demo user's credentials (override anything); closed by `close()`. */
  client(options?: RestClientOptions): RestClient;
  /** Requests ads-api served since the last `resetLog()` (ads-api's own request log). */
  log(): readonly LoggedRequest[];
  /** The logged requests of one catalog endpoint, oldest first. */
  logOf(endpointId: EndpointId): readonly LoggedRequest[];
  resetLog(): void;
  /** Cuts every connection and closes the server and its database, as a killed process, then starts it again on the same URLs over the same data. */
  restart(): Promise<void>;
  /** A bench account (ads-api's deterministic bulk seed) administered by the demo user. */
  seedBench(options: BenchAccount): Promise<void>;
  close(): Promise<void>;
}

export interface AdsApiOptions {
  readonly engine?: DatabaseTarget["engine"];
  readonly limits?: Partial<Limits>;
}

/** ads-api's test harness with the demo data, and rest-client clients of the demo user. */
export async function startAdsApi(options: AdsApiOptions = {}): Promise<AdsApi> {
  const adsApi = await startAdsApiHarness({
    engine: options.engine ?? "pglite",
    name: "restclient",
    // the loopback activity simulation (spec §6 events for the activity tests)
    activityAdmin: true,
    ...(options.limits && { limits: options.limits }),
  });
  const hosts: Hosts = { ...adsApi.urls };
  const clients: RestClient[] = [];
  return {
    engine: adsApi.engine,
    server: adsApi.server,
    hosts,
    client: (clientOptions = {}) => {
      // Retries quick: the tests wait for answers, not for backoff.
      const client = createRestClient({
        hosts,
        auth: DEMO_AUTH,
        retry: { baseDelayMs: 1, maxDelayMs: 4 },
        ...clientOptions,
      });
      clients.push(client);
      return client;
    },
    // The restarted server keeps a log of its own: always read the current one.
    log: () => adsApi.ctx.requestLog.entries(),
    logOf: (endpointId) =>
      adsApi.ctx.requestLog.entries().filter((entry) => entry.endpointId === endpointId),
    resetLog: () => {
      adsApi.ctx.requestLog.reset();
    },
    restart: () => adsApi.restart(),
    seedBench: async (bench) => {
      await adsApi.seedBench(bench);
    },
    close: async () => {
      try {
        // A client a test closed already may refuse a second close; the server goes anyway.
        await Promise.allSettled(clients.map((client) => client.close()));
      } finally {
        await adsApi.close();
      }
    },
  };
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
