import { randomBytes } from "node:crypto";
import type { HostRole } from "@adsgraph/models";
import { createTestTarget, migratedTemplate } from "@adsgraph/storage";
import type { DatabaseTarget, TestTarget } from "@adsgraph/storage";
import { DEFAULT_LIMITS } from "../src/config.js";
import type { AdsApiConfig, Limits, MetricsSettings, TlsFiles } from "../src/config.js";
import type { AppContext } from "../src/context.js";
import { MIGRATIONS_DIR, openDatabase } from "../src/db/database.js";
import type { Database } from "../src/db/database.js";
import type { ResolveHost } from "../src/delivery/outbound-guard.js";
import { parseListenAddress } from "../src/env.js";
import type { Env, ListenAddress } from "../src/env.js";
import { parseFaults } from "../src/faults/fault-settings.js";
import type { FaultSettings } from "../src/faults/fault-settings.js";
import { seedBench } from "../src/seed/bench-seed.js";
import type { BenchOptions, BenchSummary } from "../src/seed/bench-seed.js";
import { DEMO } from "../src/seed/demo-credentials.js";
import { seedDemo } from "../src/seed/demo-seed.js";
import { startServer } from "../src/server.js";
import type { RunningServer } from "../src/server.js";
import type { ServerTracing } from "@adsgraph/telemetry";
import { LOCAL_RECEIVER_HOSTS } from "./local-receivers.js";
import { requestLogAt } from "./request-log.js";
import type { RequestLogReader } from "./request-log.js";

/** Every role on a free loopback port: what tests and benchmarks bind unless told otherwise. */
const FREE_PORTS: Readonly<Record<HostRole, string>> = {
  base: "http://127.0.0.1:0",
  ads: "http://127.0.0.1:0",
  "ads-sandbox": "http://127.0.0.1:0",
};

/** Shared mode (issue 19): the Redis a server uses with the other replicas. */
export interface ReplicaRedisOptions {
  /** `redis://…` (TEST_REDIS_URL in tests). */
  readonly url: string;
  /** Prepended to every key and channel: a test's own (`testRedisPrefix`), shared by its replicas. */
  readonly prefix: string;
  /** REDIS_COMMAND_TIMEOUT_MS (default 5,000). */
  readonly commandTimeoutMs?: number;
}

/** Settings of one server; another server over the same database may take others. */
export interface AdsApiInstanceOptions {
  /** Over DEFAULT_LIMITS. */
  readonly limits?: Partial<Limits>;
  /** Added to every answer (ADS_API_LATENCY_MS). */
  readonly latencyMs?: number;
  /** Faults on catalog endpoints, as ADS_API_FAULTS text (`5xx=0.1,...`) or parsed. */
  readonly faults?: string | FaultSettings;
  /** Public URLs of the roles (default: each on a free loopback port); `https://` needs `tls`. */
  readonly hosts?: Partial<Record<HostRole, string>>;
  /**
   * Where roles listen apart from their public URL, as ADS_API_LISTEN_* (`host:port`, port 0
   * for a free one): replicas behind a balancer share `hosts` and listen apart.
   */
  readonly listen?: Partial<Record<HostRole, string>>;
  /** Shared mode (REDIS_URL): nonces, rate limits and activity wake-ups in this Redis. */
  readonly redis?: ReplicaRedisOptions;
  readonly tls?: TlsFiles;
  /** The service clock for resource times; tests move it (poll closing, token expiry). */
  readonly clock?: () => Date;
  /** Default `silent`. */
  readonly logLevel?: Env["LOG_LEVEL"];
  /** Where logs go (default stdout); tests read it. */
  readonly logStream?: NodeJS.WritableStream;
  /** Serve the loopback activity admin endpoint (ADS_API_ACTIVITY_ADMIN; default off). */
  readonly activityAdmin?: boolean;
  /** Who may read `GET /metrics` (default: loopback clients, no token). */
  readonly metrics?: MetricsSettings;
  /** Trace each request with this instrumentation (`serverTracing()`; the test starts the SDK). */
  readonly tracing?: ServerTracing;
  /** Loopback hosts webhooks may reach (ADS_API_WEBHOOK_ALLOW_HOSTS); default LOCAL_RECEIVER_HOSTS. */
  readonly webhookAllowHosts?: readonly string[];
  /** How webhook requests resolve names (default getaddrinfo): a scripted resolver (DNS rebinding). */
  readonly resolve?: ResolveHost;
}

export interface StartAdsApiOptions extends AdsApiInstanceOptions {
  /** The fresh database's engine (default `pglite`). */
  readonly engine?: DatabaseTarget["engine"];
  /**
   * An existing database instead of a fresh one (a replica joining others): migrated on open,
   * never dropped by `close()` (its owner drops it). `engine` is then the target's.
   */
  readonly database?: DatabaseTarget;
  /** The key secrets are sealed with (replicas over one database share it); default a new one. */
  readonly secretKey?: Buffer;
  /** A label in the fresh database's name, to tell runs apart. */
  readonly name?: string;
  /** `demo` (default): the demo data set, so `DEMO`'s credentials work; `none`: an empty service. */
  readonly seed?: "demo" | "none";
}

/** A bench account: the demo user administers it unless `grantUserIds` says otherwise. */
export type BenchAccount = Partial<BenchOptions> & { readonly accountId: string };

/** ads-api in this process over a fresh database of its own, dropped by `close()`. */
export interface StartedAdsApi {
  readonly engine: DatabaseTarget["engine"];
  /** The server `restart()` started last. */
  readonly server: RunningServer;
  readonly ctx: AppContext;
  readonly db: Database;
  /** The one key the server's secrets are sealed with. */
  readonly secretKey: Buffer;
  /** The public URL of each role (the bound one unless `listen` is set). */
  readonly urls: Readonly<Record<HostRole, string>>;
  /** Where each role listens: `urls`, or with `listen` the bound address of its own. */
  readonly listenUrls: Readonly<Record<HostRole, string>>;
  /** The same URLs as the facade's `ADS_API_*_URL` settings. */
  readonly env: Readonly<
    Record<"ADS_API_BASE_URL" | "ADS_API_ADS_URL" | "ADS_API_SANDBOX_URL", string>
  >;
  /** The seeded demo app, user, access token and accounts (valid with `seed: "demo"`). */
  readonly demo: typeof DEMO;
  /** What this server received: its request log (over HTTP, so it outlives `restart()`). */
  readonly requests: RequestLogReader;
  /** Writes a bench account (the deterministic bulk seed): by default one funding instrument. */
  seedBench(account: BenchAccount): Promise<BenchSummary>;
  /**
   * Another server over the same database and secret key with settings of its own (options not
   * given are this one's, but the roles bind free ports); `close()` closes it too.
   */
  startAnother(options?: AdsApiInstanceOptions): Promise<RunningServer>;
  /** Closes the server and the database, then opens both again on the same URLs. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

function listenOf(
  listen: Partial<Record<HostRole, string>> | undefined,
): Partial<Record<HostRole, ListenAddress>> {
  const out: Partial<Record<HostRole, ListenAddress>> = {};
  for (const [role, text] of Object.entries(listen ?? {}) as [HostRole, string][]) {
    const address = parseListenAddress(text);
    if (address === undefined) throw new Error(`listen.${role}: "${text}" is not host:port`);
    out[role] = address;
  }
  return out;
}

/**
 * Closes a server as a killed process would: every connection cut, not drained. Cut again
 * until the close is done: the close first ends streams and workers, and a client that
 * reconnects meanwhile (a facade's activity stream retries within milliseconds) would
 * otherwise hold the listener open for ever.
 */
async function closeCuttingConnections(server: RunningServer): Promise<void> {
  const cut = () => {
    for (const app of Object.values(server.apps)) app.server.closeAllConnections();
  };
  const closing = server.close();
  cut();
  const again = setInterval(cut, 50);
  try {
    await closing;
  } finally {
    clearInterval(again);
  }
}

/** `host:port` of each role's listen URL (to listen there again after a restart). */
function boundListen(listenUrls: Readonly<Record<HostRole, string>>): Record<HostRole, string> {
  const hostPort = (url: string) => new URL(url).host;
  return {
    base: hostPort(listenUrls.base),
    ads: hostPort(listenUrls.ads),
    "ads-sandbox": hostPort(listenUrls["ads-sandbox"]),
  };
}

function configOf(options: AdsApiInstanceOptions): AdsApiConfig {
  const faults = typeof options.faults === "string" ? parseFaults(options.faults) : options.faults;
  const redis = options.redis;
  return {
    hosts: { ...FREE_PORTS, ...options.hosts },
    listen: listenOf(options.listen),
    redis:
      redis === undefined
        ? undefined
        : {
            url: redis.url,
            prefix: redis.prefix,
            commandTimeoutMs: redis.commandTimeoutMs ?? 5_000,
          },
    tls: options.tls,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    latencyMs: options.latencyMs ?? 0,
    faults,
    logLevel: options.logLevel ?? "silent",
    activityAdmin: options.activityAdmin ?? false,
    metrics: options.metrics,
    webhookAllowHosts: options.webhookAllowHosts ?? LOCAL_RECEIVER_HOSTS,
  };
}

function start(db: Database, secretKey: Buffer, options: AdsApiInstanceOptions) {
  return startServer({
    db,
    secretKey,
    config: configOf(options),
    clock: options.clock,
    logStream: options.logStream,
    tracing: options.tracing,
    resolve: options.resolve,
  });
}

/** A PGlite template with ads-api's migrations applied: each start copies it (seconds saved). */
function migrated() {
  return migratedTemplate(MIGRATIONS_DIR, async (target) => {
    const db = await openDatabase(target);
    await db.close();
  });
}

/**
 * The one way tests and benchmarks start ads-api: every role on a free port, a fresh database
 * (`createTestTarget`), the demo data set seeded unless `seed: "none"`.
 */
export async function startAdsApi(options: StartAdsApiOptions = {}): Promise<StartedAdsApi> {
  const engine = options.database?.engine ?? options.engine ?? "pglite";
  const target: TestTarget =
    options.database === undefined
      ? await createTestTarget(engine, options.name ?? "adsapi", await migrated())
      : { target: options.database, drop: () => Promise.resolve() };
  const secretKey = options.secretKey ?? randomBytes(32);
  let db = await openDatabase(target.target);
  let server: RunningServer;
  try {
    server = await start(db, secretKey, options);
    if (options.seed !== "none") await seedDemo(server.ctx.prisma, server.ctx.box);
  } catch (error) {
    await db.close();
    await target.drop();
    throw error;
  }
  const others: RunningServer[] = [];
  const requests = requestLogAt(server.listenUrls.base);
  return {
    engine,
    get server() {
      return server;
    },
    get ctx() {
      return server.ctx;
    },
    get db() {
      return db;
    },
    secretKey,
    get urls() {
      return server.urls;
    },
    get listenUrls() {
      return server.listenUrls;
    },
    get env() {
      return {
        ADS_API_BASE_URL: server.urls.base,
        ADS_API_ADS_URL: server.urls.ads,
        ADS_API_SANDBOX_URL: server.urls["ads-sandbox"],
      };
    },
    demo: DEMO,
    requests,
    seedBench: (account) =>
      seedBench(server.ctx.prisma, {
        campaigns: 0,
        fundingInstruments: 1,
        cards: 0,
        seed: 1,
        grantUserIds: [DEMO.user.id],
        ...account,
      }),
    startAnother: async (instance = {}) => {
      const { hosts: _hosts, listen: _listen, ...inherited } = options;
      const other = await start(db, secretKey, { ...inherited, ...instance });
      others.push(other);
      return other;
    },
    restart: async () => {
      // The same URLs: signatures cover the host, and clients keep the ones they were given.
      const hosts = { ...server.urls };
      const listen = options.listen === undefined ? undefined : boundListen(server.listenUrls);
      // As a killed process would: every connection cut at once, not drained (a keep-alive one
      // left open would hold the close for the 72 s keep-alive timeout).
      await closeCuttingConnections(server);
      await db.close();
      db = await openDatabase(target.target);
      server = await start(db, secretKey, { ...options, hosts, ...(listen && { listen }) });
    },
    close: async () => {
      try {
        await Promise.all(others.splice(0).map((other) => other.close()));
        await closeCuttingConnections(server);
      } finally {
        await db.close();
        await target.drop();
      }
    },
  };
}
