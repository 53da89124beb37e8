import { randomBytes } from "node:crypto";
import {
  configFromEnv,
  DEMO,
  loadEnv as loadAdsApiEnv,
  openDatabase as openAdsApiDatabase,
  seedBench,
  seedDemo,
  startServer,
  type RunningServer,
} from "@adsgraph/ads-api";
import { buildServer, loadEnv, openDatabase } from "@adsgraph/graphql";
import { createTestTarget, generateKeyText, type DatabaseTarget } from "@adsgraph/storage";
import type { Facade } from "./servers.js";

export interface ResilienceSetup {
  engine: DatabaseTarget["engine"];
  /** ADS_API_FAULTS of the faulty ads-api. */
  faults: string;
  /** The account the reads walk (never written). */
  readAccount: { id: string; campaigns: number; fundingInstruments: number; cards: number };
  /** The account the writes go to, with one USD funding instrument. */
  writeAccountId: string;
}

export interface ResilienceServers {
  /** The facade in front of the faulty ads-api (snapshots recorded, stale answers on outage). */
  faulty: Facade;
  /** The facade in front of a fault-free ads-api over the same data: the right answers. */
  reference: Facade;
  /** The funding instrument of the write account. */
  writeFundingInstrumentId: string;
  /** What the faulty ads-api answered (requests it reset before answering are not in it). */
  faultyLog: RunningServer["ctx"]["requestLog"];
  /** ads-api's database, read directly (no faults) for the truth about writes. */
  adsPrisma: RunningServer["ctx"]["prisma"];
  /** Resolves once the faulty facade has written every snapshot it queued. */
  flushSnapshots(): Promise<void>;
  close(): Promise<void>;
}

/**
 * ads-api twice over one database, with and without faults, and a facade in front of each
 * (one facade database; only the faulty one records snapshots, so every stale answer comes
 * from what it read itself). Everything runs in this process on loopback.
 */
export async function startResilienceServers(setup: ResilienceSetup): Promise<ResilienceServers> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    const adsTarget = await createTestTarget(setup.engine, "resilience_ads_api");
    closers.push(() => adsTarget.drop());
    const adsDb = await openAdsApiDatabase(adsTarget.target);
    closers.push(() => adsDb.close());
    const secretKey = randomBytes(32);
    const adsApi = async (faults: string | undefined): Promise<RunningServer> => {
      const config = configFromEnv(
        loadAdsApiEnv({
          ADS_API_BASE_URL: "http://127.0.0.1:0",
          ADS_API_ADS_URL: "http://127.0.0.1:0",
          ADS_API_SANDBOX_URL: "http://127.0.0.1:0",
          // Only injected 429s: the service's own limits never bind in this run.
          ADS_API_RATE_LIMIT: "100000000",
          ADS_API_ACCOUNT_RATE_LIMIT: "100000000",
          ADS_API_TOTAL_COUNT_LIMIT: "100000000",
          LOG_LEVEL: "silent",
          ...(faults !== undefined && { ADS_API_FAULTS: faults }),
        }),
      );
      const server = await startServer({ db: adsDb, secretKey, config });
      closers.push(() => server.close());
      return server;
    };
    const clean = await adsApi(undefined);
    const faulty = await adsApi(setup.faults);
    await seedDemo(clean.ctx.prisma, clean.ctx.box);
    await seedBench(clean.ctx.prisma, {
      accountId: setup.readAccount.id,
      campaigns: setup.readAccount.campaigns,
      fundingInstruments: setup.readAccount.fundingInstruments,
      cards: setup.readAccount.cards,
      seed: 1,
      grantUserIds: [DEMO.user.id],
    });
    await seedBench(clean.ctx.prisma, {
      accountId: setup.writeAccountId,
      campaigns: 0,
      fundingInstruments: 1,
      cards: 0,
      seed: 2,
      grantUserIds: [DEMO.user.id],
    });

    const facadeTarget = await createTestTarget(setup.engine, "resilience_facade");
    closers.push(() => facadeTarget.drop());
    const db = await openDatabase(facadeTarget.target);
    closers.push(() => db.close());
    const keys = generateKeyText();
    let headers: Record<string, string> | undefined;
    const facade = async (upstream: RunningServer, snapshotWrites: boolean) => {
      const env = loadEnv({
        LOG_LEVEL: "silent",
        SESSION_ENCRYPTION_KEYS: keys,
        DEV_SESSION: "false",
        ADS_API_BASE_URL: upstream.urls.base,
        ADS_API_ADS_URL: upstream.urls.ads,
        ADS_API_SANDBOX_URL: upstream.urls["ads-sandbox"],
        // Every read asks upstream; a snapshot answers only when upstream fails (stale).
        SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
        SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
        SNAPSHOT_WRITES: String(snapshotWrites),
      });
      const { app, services } = await buildServer({ db, env });
      closers.push(() => app.close());
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
      return { facade: { url, headers }, writer: services.snapshots.writer };
    };
    const faultyFacade = await facade(faulty, true);
    const referenceFacade = await facade(clean, false);
    return {
      faulty: faultyFacade.facade,
      reference: referenceFacade.facade,
      // seedBench names funding instruments `<account>f<index in base 36>`.
      writeFundingInstrumentId: `${setup.writeAccountId}f0`,
      faultyLog: faulty.ctx.requestLog,
      adsPrisma: clean.ctx.prisma,
      flushSnapshots: () => faultyFacade.writer.flush(),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
