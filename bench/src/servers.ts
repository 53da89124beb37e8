import { randomBytes } from "node:crypto";
import {
  configFromEnv,
  DEMO,
  loadEnv as loadAdsApiEnv,
  openDatabase as openAdsApiDatabase,
  seedBench,
  seedDemo,
  startServer,
  type BenchSummary,
  type RunningServer,
} from "@adsgraph/ads-api";
import { buildServer, loadEnv, openDatabase } from "@adsgraph/graphql";
import { createTestTarget, generateKeyText, type DatabaseTarget } from "@adsgraph/storage";

export interface Facade {
  url: string;
  headers: Record<string, string>;
}

export interface BenchServers {
  /** Loaders on, upstream latency `latencyMs`. */
  batched: Facade;
  /** Loaders off (UPSTREAM_BATCHING=false): one request per by-id read, same latency. */
  naive: Facade;
  /** Loaders on, no upstream latency: the facade's (and ads-api's) own time. */
  zeroLatency: Facade;
  /** The zero-latency facade with SNAPSHOT_WRITES=false: the cost of recording snapshots. */
  zeroLatencyNoSnapshots: Facade;
  seeded: BenchSummary;
  /** True when no facade has snapshots queued or being written. */
  writersIdle(): boolean;
  /** Resolves once every facade has written all it queued. */
  flushWriters(): Promise<void>;
  close(): Promise<void>;
}

export interface BenchSetup {
  accountId: string;
  campaigns: number;
  fundingInstruments: number;
  cards: number;
  latencyMs: number;
  engine: DatabaseTarget["engine"];
}

/** Starts ads-api (two instances over one database: with and without latency) and three facades. */
export async function startBenchServers(setup: BenchSetup): Promise<BenchServers> {
  const closers: (() => Promise<void>)[] = [];
  const adsTarget = await createTestTarget(setup.engine, "bench_ads_api");
  closers.push(() => adsTarget.drop());
  const adsDb = await openAdsApiDatabase(adsTarget.target);
  closers.push(() => adsDb.close());
  const secretKey = randomBytes(32);

  const adsApi = async (latencyMs: number): Promise<RunningServer> => {
    // ads-api's own settings (ADS_API_LATENCY_MS adds that much to every answer); rate limits
    // are raised so that the naive baseline's thousands of requests are never throttled.
    const config = configFromEnv(
      loadAdsApiEnv({
        ADS_API_BASE_URL: "http://127.0.0.1:0",
        ADS_API_ADS_URL: "http://127.0.0.1:0",
        ADS_API_SANDBOX_URL: "http://127.0.0.1:0",
        ADS_API_LATENCY_MS: String(latencyMs),
        ADS_API_RATE_LIMIT: "100000000",
        ADS_API_ACCOUNT_RATE_LIMIT: "100000000",
        ADS_API_TOTAL_COUNT_LIMIT: "100000000",
        LOG_LEVEL: "silent",
      }),
    );
    const server = await startServer({ db: adsDb, secretKey, config });
    closers.push(() => server.close());
    return server;
  };
  const slow = await adsApi(setup.latencyMs);
  const fast = await adsApi(0);
  await seedDemo(slow.ctx.prisma, slow.ctx.box);
  const seeded = await seedBench(slow.ctx.prisma, {
    accountId: setup.accountId,
    campaigns: setup.campaigns,
    fundingInstruments: setup.fundingInstruments,
    cards: setup.cards,
    seed: 1,
    grantUserIds: [DEMO.user.id],
  });

  const facadeTarget = await createTestTarget(setup.engine, "bench_facade");
  closers.push(() => facadeTarget.drop());
  const db = await openDatabase(facadeTarget.target);
  closers.push(() => db.close());
  const keys = generateKeyText();
  let headers: Record<string, string> | undefined;
  const writers: { idle: boolean; flush(): Promise<void> }[] = [];
  const facade = async (
    upstream: RunningServer,
    batching: boolean,
    snapshotWrites = true,
  ): Promise<Facade> => {
    const env = loadEnv({
      LOG_LEVEL: "silent",
      SESSION_ENCRYPTION_KEYS: keys,
      DEV_SESSION: "false",
      ADS_API_BASE_URL: upstream.urls.base,
      ADS_API_ADS_URL: upstream.urls.ads,
      ADS_API_SANDBOX_URL: upstream.urls["ads-sandbox"],
      UPSTREAM_BATCHING: String(batching),
      UPSTREAM_STATS: "true",
      // Snapshots are recorded (their cost is measured) but never answer: every run asks upstream.
      SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
      SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
      SNAPSHOT_WRITES: String(snapshotWrites),
    });
    const { app, services } = await buildServer({ db, env });
    closers.push(() => app.close());
    writers.push(services.snapshots.writer);
    const url = `${await app.listen({ host: "127.0.0.1", port: 0 })}/graphql`;
    if (headers === undefined) {
      const { token } = await services.sessions.create({
        userId: DEMO.user.id,
        screenName: DEMO.user.screenName,
        accessToken: DEMO.accessToken.token,
        accessTokenSecret: DEMO.accessToken.secret,
      });
      headers = { authorization: `Bearer ${token}` };
    }
    return { url, headers };
  };
  const batched = await facade(slow, true);
  const naive = await facade(slow, false);
  const zeroLatency = await facade(fast, true);
  const zeroLatencyNoSnapshots = await facade(fast, true, false);
  return {
    batched,
    naive,
    zeroLatency,
    zeroLatencyNoSnapshots,
    seeded,
    writersIdle: () => writers.every((writer) => writer.idle),
    flushWriters: async () => {
      await Promise.all(writers.map((writer) => writer.flush()));
    },
    close: async () => {
      for (const close of closers.reverse()) await close();
    },
  };
}
