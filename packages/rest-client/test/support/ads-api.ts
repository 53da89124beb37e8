import { randomBytes } from "node:crypto";
import {
  DEFAULT_LIMITS,
  DEMO,
  openDatabase,
  seedBench,
  seedDemo,
  servedEndpointIds,
  startServer,
} from "@adsgraph/ads-api";
import type { BenchOptions, Limits, LoggedRequest, RunningServer } from "@adsgraph/ads-api";
import { endpoints, errorBodySchema } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { createTestTarget } from "@adsgraph/storage";
import type { DatabaseTarget } from "@adsgraph/storage";
import type { RestClient } from "../../src/client.js";
import type { AuthOptions, RestClientOptions } from "../../src/config.js";
import type { Hosts } from "../../src/hosts.js";
import { clientFor } from "./client.js";

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
  /** A bench account (ads-api's deterministic bulk seed) administered by the demo user. */
  seedBench(options: Partial<BenchOptions> & { accountId: string }): Promise<void>;
  close(): Promise<void>;
}

export interface AdsApiOptions {
  readonly engine?: DatabaseTarget["engine"];
  readonly limits?: Partial<Limits>;
}

/**
 * Starts ads-api the way its own tests do (apps/ads-api/test/support/server.ts): a fresh
 * database from `createTestTarget`, the demo data set seeded, every role on a free port.
 */
export async function startAdsApi(options: AdsApiOptions = {}): Promise<AdsApi> {
  const engine = options.engine ?? "pglite";
  const target = await createTestTarget(engine, "restclient");
  const db = await openDatabase(target.target);
  let server: RunningServer;
  try {
    server = await startServer({
      db,
      secretKey: randomBytes(32),
      config: {
        hosts: {
          base: "http://127.0.0.1:0",
          ads: "http://127.0.0.1:0",
          "ads-sandbox": "http://127.0.0.1:0",
        },
        tls: undefined,
        limits: { ...DEFAULT_LIMITS, ...options.limits },
        latencyMs: 0,
        logLevel: "silent",
      },
    });
    await seedDemo(server.ctx.prisma, server.ctx.box);
  } catch (error) {
    await db.close();
    await target.drop();
    throw error;
  }
  const running = server;
  const hosts: Hosts = { ...running.urls };
  const clients: RestClient[] = [];
  const requestLog = running.ctx.requestLog;
  return {
    engine,
    server: running,
    hosts,
    client: (clientOptions = {}) => {
      const client = clientFor(hosts.base, { hosts, auth: DEMO_AUTH, ...clientOptions });
      clients.push(client);
      return client;
    },
    log: () => requestLog.entries(),
    logOf: (endpointId) => requestLog.entries().filter((entry) => entry.endpointId === endpointId),
    resetLog: () => {
      requestLog.reset();
    },
    seedBench: async (bench) => {
      await seedBench(running.ctx.prisma, {
        campaigns: 0,
        fundingInstruments: 1,
        cards: 0,
        seed: 1,
        grantUserIds: [DEMO.user.id],
        ...bench,
      });
    },
    close: async () => {
      try {
        // A client a test closed already may refuse a second close; the server goes anyway.
        await Promise.allSettled(clients.map((client) => client.close()));
        await running.close();
      } finally {
        await db.close();
        await target.drop();
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
