import type { RunningServer } from "@adsgraph/ads-api";
import { requestLogAt } from "@adsgraph/ads-api/testing";
import type { RequestLogReader } from "@adsgraph/ads-api/testing";
import type { DatabaseTarget } from "@adsgraph/storage";
import { Closers, facadesOverOneDatabase, startBenchAdsApi, type Facade } from "./servers.js";

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
  faultyLog: RequestLogReader;
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
  const closers = new Closers();
  try {
    const clean = await startBenchAdsApi(setup.engine, "resilience_ads_api", closers);
    const faulty = await clean.startAnother({ faults: setup.faults });
    const { id, campaigns, fundingInstruments, cards } = setup.readAccount;
    await clean.seedBench({ accountId: id, campaigns, fundingInstruments, cards, seed: 1 });
    await clean.seedBench({
      accountId: setup.writeAccountId,
      campaigns: 0,
      fundingInstruments: 1,
      cards: 0,
      seed: 2,
    });

    const startFacade = await facadesOverOneDatabase(setup.engine, "resilience_facade", closers);
    // Every read asks upstream; a snapshot answers only when upstream fails (stale).
    const faultyFacade = await startFacade(faulty, { SNAPSHOT_WRITES: "true" });
    const referenceFacade = await startFacade(clean, { SNAPSHOT_WRITES: "false" });
    return {
      faulty: faultyFacade.facade,
      reference: referenceFacade.facade,
      // seedBench names funding instruments `<account>f<index in base 36>`.
      writeFundingInstrumentId: `${setup.writeAccountId}f0`,
      faultyLog: requestLogAt(faulty.listenUrls.base),
      adsPrisma: clean.ctx.prisma,
      flushSnapshots: () => faultyFacade.writer.flush(),
      close: () => closers.close(),
    };
  } catch (error) {
    await closers.close();
    throw error;
  }
}
