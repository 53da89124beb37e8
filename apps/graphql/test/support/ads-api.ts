import type { IncomingMessage } from "node:http";
import { DEMO, type Limits, type RunningServer, type ServerTracing } from "@adsgraph/ads-api";
import { startAdsApi as startAdsApiHarness, type BenchAccount } from "@adsgraph/ads-api/testing";
import { createRestClient, type Hosts, type RestClient } from "@adsgraph/rest-client";
import type { DatabaseTarget } from "@adsgraph/storage";
import { postGraphQL, startFacade, type RunningFacade } from "./facade.js";

/**
 * One request as ads-api received it: method, host role, path and query parameters as sent
 * (decoded; a list parameter is one comma-separated value), and the Authorization scheme
 * (`oauth`, `bearer`), never its credentials.
 */
export interface ReceivedRequest {
  readonly method: string;
  readonly role: "base" | "ads" | "ads-sandbox";
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly scheme: string | null;
}

/** The real ads-api, in process, on port 0 for its three host roles, over a fresh database. */
export interface RunningAdsApi {
  server: RunningServer;
  /** The requests received since the last `reset()`, in order (from each host's HTTP server). */
  received(): readonly ReceivedRequest[];
  /** `ADS_API_*_URL` settings for the facade. */
  env: Record<string, string>;
  /** Requests ads-api served since the last `reset()`, by catalog endpoint id. */
  served(): { total: number; byEndpoint: Readonly<Record<string, number>> };
  reset(): void;
  /** Seeds a large account (ads-api's bench generator); the demo user administers it unless `grantUserIds` says otherwise. */
  seedBench(options: BenchAccount): Promise<void>;
  /** Closes ads-api (every connection cut, as a killed process) and starts it on the same URLs. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The hosts a running ads-api answers on, as rest-client takes them. */
export function hostsOf(adsApi: RunningAdsApi): Hosts {
  return {
    base: adsApi.env.ADS_API_BASE_URL ?? "",
    ads: adsApi.env.ADS_API_ADS_URL ?? "",
    "ads-sandbox": adsApi.env.ADS_API_SANDBOX_URL ?? "",
  };
}

/**
 * The demo user's own client of ads-api (the demo app and access token), not the facade's:
 * another tool of theirs, spending the same rate-limit windows.
 */
export function demoUserClient(adsApi: RunningAdsApi): RestClient {
  return createRestClient({
    hosts: hostsOf(adsApi),
    auth: {
      consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
      token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
    },
  });
}

/**
 * The engine of the HTTP tests that run on one engine (graph, mutations, errors, query cost,
 * request counts, playground's ads-api): the test PostgreSQL (README "Configuration"), as PGlite
 * needs several seconds to start per database; `ADSGRAPH_TEST_ENGINE=pglite` runs them on PGlite.
 * The acceptance tests (sign-in, snapshots) and the session and snapshot stores run on both
 * engines whatever this says (`describe.each(TEST_ENGINES)`); health, query-limit and playground
 * tests always run the facade on PGlite.
 */
export const STACK_ENGINE: DatabaseTarget["engine"] =
  process.env.ADSGRAPH_TEST_ENGINE === "pglite" ? "pglite" : "postgresql";

/** ads-api's test harness with the demo data, its request log read by endpoint id. */
export async function startAdsApi({
  limits = {},
  latencyMs = 0,
  engine = STACK_ENGINE,
  logStream,
  logLevel = "silent",
  clock,
  activityAdmin = false,
  tracing,
}: {
  limits?: Partial<Limits>;
  latencyMs?: number;
  engine?: DatabaseTarget["engine"];
  /** ads-api's service clock (post edit windows, scheduled posts); default the real one. */
  clock?: () => Date;
  /** Where ads-api logs, at `logLevel`; tests read it. */
  logStream?: NodeJS.WritableStream;
  logLevel?: "silent" | "info";
  /** Serve `POST /_admin/activity/events` (loopback) to simulate activity (issue 18). */
  activityAdmin?: boolean;
  /** Trace ads-api's requests (`serverTracing()` of @adsgraph/ads-api; the test starts the SDK). */
  tracing?: ServerTracing;
} = {}): Promise<RunningAdsApi> {
  const adsApi = await startAdsApiHarness({
    engine,
    name: "adsapi_for_graphql",
    limits,
    latencyMs,
    logLevel,
    ...(logStream && { logStream }),
    ...(clock && { clock }),
    activityAdmin,
    ...(tracing && { tracing }),
  });
  // Read anew each time: a restart brings a new server and a new log.
  const log = () => adsApi.ctx.requestLog;
  // The requests as the hosts' HTTP servers receive them (a listener beside Fastify's own):
  // what the facade sent, query strings included, observed at the upstream.
  const received: ReceivedRequest[] = [];
  const listen = () => {
    for (const role of ["base", "ads", "ads-sandbox"] as const) {
      adsApi.server.apps[role].server.on("request", (request: IncomingMessage) => {
        const url = new URL(request.url ?? "/", "http://upstream.invalid");
        if (url.pathname.startsWith("/_admin")) return;
        received.push({
          method: request.method ?? "",
          role,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          scheme: request.headers.authorization?.split(" ", 1)[0]?.toLowerCase() ?? null,
        });
      });
    }
  };
  listen();
  return {
    get server() {
      return adsApi.server;
    },
    received: () => [...received],
    env: { ...adsApi.env },
    served: () => {
      const counts = log().counts();
      return { total: counts.total, byEndpoint: counts.byEndpoint };
    },
    reset: () => {
      log().reset();
      received.length = 0;
    },
    seedBench: async (account) => {
      await adsApi.seedBench(account);
    },
    restart: async () => {
      await adsApi.restart();
      listen();
    },
    close: () => adsApi.close(),
  };
}

/** ads-api and the facade wired to it, with a session of the seeded demo user. */
export interface Stack {
  adsApi: RunningAdsApi;
  facade: RunningFacade;
  /** `Authorization` header of the demo user's session. */
  headers: Record<string, string>;
  /** Runs an operation as the demo user. */
  query(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<Awaited<ReturnType<typeof postGraphQL>>["body"] & { extensions?: StatsExtension }>;
  close(): Promise<void>;
}

export interface StatsExtension {
  upstream?: { requests: number; withTotalCount: number; byEndpoint: Record<string, number> };
}

export async function startStack({
  env = {},
  limits,
  latencyMs,
  logStream,
  engine = STACK_ENGINE,
  clock,
}: {
  env?: Record<string, string>;
  /** ads-api's service clock (post edit windows, scheduled posts); default the real one. */
  clock?: () => Date;
  /** Both servers' engine (tests that run on both pass each in turn). */
  engine?: DatabaseTarget["engine"];
  limits?: Partial<Limits>;
  latencyMs?: number;
  /** Where the facade logs (set `LOG_LEVEL` in `env` too); tests read it. */
  logStream?: NodeJS.WritableStream;
} = {}): Promise<Stack> {
  const adsApi = await startAdsApi({
    engine,
    ...(limits && { limits }),
    ...(latencyMs && { latencyMs }),
    ...(clock && { clock }),
  });
  const facade = await startFacade({
    engine,
    ...(logStream && { logStream }),
    // Snapshots never answer unless a test asks for a freshness window: request counts then
    // measure the loaders alone.
    env: {
      ...adsApi.env,
      UPSTREAM_STATS: "true",
      SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
      SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
      ...env,
    },
  });
  const { token } = await facade.services.sessions.create({
    userId: DEMO.user.id,
    screenName: DEMO.user.screenName,
    accessToken: DEMO.accessToken.token,
    accessTokenSecret: DEMO.accessToken.secret,
  });
  const headers = { authorization: `Bearer ${token}` };
  return {
    adsApi,
    facade,
    headers,
    query: async (query, variables) =>
      (await postGraphQL(facade.url, query, { ...(variables && { variables }), headers })).body,
    close: async () => {
      await facade.close();
      await adsApi.close();
    },
  };
}

export { DEMO };

/** The value, or a failed test saying what was missing. */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}
