import { randomBytes } from "node:crypto";
import type { HostRole } from "@adsgraph/models";
import { createTestTarget, migratedTemplate } from "@adsgraph/storage";
import type { DatabaseTarget } from "@adsgraph/storage";
import { DEFAULT_LIMITS } from "../config.js";
import type { AdsApiConfig, Limits, TlsFiles } from "../config.js";
import type { AppContext } from "../context.js";
import { MIGRATIONS_DIR, openDatabase } from "../db/database.js";
import type { Database } from "../db/database.js";
import type { Env } from "../env.js";
import { parseFaults } from "../faults/fault-settings.js";
import type { FaultSettings } from "../faults/fault-settings.js";
import { seedBench } from "../seed/bench-seed.js";
import type { BenchOptions, BenchSummary } from "../seed/bench-seed.js";
import { DEMO } from "../seed/demo-credentials.js";
import { seedDemo } from "../seed/demo-seed.js";
import { startServer } from "../server.js";
import type { RunningServer } from "../server.js";

/** Every role on a free loopback port: what tests and benchmarks bind unless told otherwise. */
const FREE_PORTS: Readonly<Record<HostRole, string>> = {
  base: "http://127.0.0.1:0",
  ads: "http://127.0.0.1:0",
  "ads-sandbox": "http://127.0.0.1:0",
};

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
  readonly tls?: TlsFiles;
  /** The service clock for resource times; tests move it (poll closing, token expiry). */
  readonly clock?: () => Date;
  /** Default `silent`. */
  readonly logLevel?: Env["LOG_LEVEL"];
  /** Where logs go (default stdout); tests read it. */
  readonly logStream?: NodeJS.WritableStream;
  /** Serve the loopback activity admin endpoint (ADS_API_ACTIVITY_ADMIN; default off). */
  readonly activityAdmin?: boolean;
}

export interface StartAdsApiOptions extends AdsApiInstanceOptions {
  /** The fresh database's engine (default `pglite`). */
  readonly engine?: DatabaseTarget["engine"];
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
  /** The bound URL of each role. */
  readonly urls: Readonly<Record<HostRole, string>>;
  /** The same URLs as the facade's `ADS_API_*_URL` settings. */
  readonly env: Readonly<
    Record<"ADS_API_BASE_URL" | "ADS_API_ADS_URL" | "ADS_API_SANDBOX_URL", string>
  >;
  /** The seeded demo app, user, access token and accounts (valid with `seed: "demo"`). */
  readonly demo: typeof DEMO;
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

function configOf(options: AdsApiInstanceOptions): AdsApiConfig {
  const faults = typeof options.faults === "string" ? parseFaults(options.faults) : options.faults;
  return {
    hosts: { ...FREE_PORTS, ...options.hosts },
    tls: options.tls,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    latencyMs: options.latencyMs ?? 0,
    faults,
    logLevel: options.logLevel ?? "silent",
    activityAdmin: options.activityAdmin ?? false,
  };
}

function start(db: Database, secretKey: Buffer, options: AdsApiInstanceOptions) {
  return startServer({
    db,
    secretKey,
    config: configOf(options),
    clock: options.clock,
    logStream: options.logStream,
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
  const engine = options.engine ?? "pglite";
  const target = await createTestTarget(engine, options.name ?? "adsapi", await migrated());
  const secretKey = randomBytes(32);
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
    get env() {
      return {
        ADS_API_BASE_URL: server.urls.base,
        ADS_API_ADS_URL: server.urls.ads,
        ADS_API_SANDBOX_URL: server.urls["ads-sandbox"],
      };
    },
    demo: DEMO,
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
      const { hosts: _hosts, ...inherited } = options;
      const other = await start(db, secretKey, { ...inherited, ...instance });
      others.push(other);
      return other;
    },
    restart: async () => {
      // The same URLs: signatures cover the host, and clients keep the ones they were given.
      const hosts = { ...server.urls };
      // As a killed process would: every connection cut at once, not drained (a keep-alive one
      // left open would hold the close for the 72 s keep-alive timeout).
      const closing = server.close();
      for (const app of Object.values(server.apps)) app.server.closeAllConnections();
      await closing;
      await db.close();
      db = await openDatabase(target.target);
      server = await start(db, secretKey, { ...options, hosts });
    },
    close: async () => {
      try {
        await Promise.all(others.splice(0).map((other) => other.close()));
        const closing = server.close();
        for (const app of Object.values(server.apps)) app.server.closeAllConnections();
        await closing;
      } finally {
        await db.close();
        await target.drop();
      }
    },
  };
}
