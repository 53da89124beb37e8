import type { BenchSummary } from "@adsgraph/ads-api";
import {
  type AdsApiInstanceOptions,
  startAdsApi,
  type StartedAdsApi,
} from "@adsgraph/ads-api/testing";
import { openDatabase } from "@adsgraph/graphql";
import { signIn, startFacade } from "@adsgraph/graphql/testing";
import { createTestTarget, generateKeyText, type DatabaseTarget } from "@adsgraph/storage";

export interface Facade {
  url: string;
  headers: Record<string, string>;
}

type Engine = DatabaseTarget["engine"];

/** What a run opened, closed in reverse order. */
export class Closers {
  readonly #closers: (() => Promise<void>)[] = [];

  push(close: () => Promise<void>): void {
    this.#closers.push(close);
  }

  /** Runs every closer even when one fails (a server left running outlives the run), then throws the first error. */
  async close(): Promise<void> {
    const failures: unknown[] = [];
    for (const close of this.#closers.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}

/** Raised far past what a run sends: only what a run injects throttles (the naive baseline sends thousands of requests). */
export const UNTHROTTLED = {
  userRate: 100_000_000,
  accountRate: 100_000_000,
  totalCount: 100_000_000,
  statsRate: 100_000_000,
};

/**
 * ads-api with the demo data over a database of its own (dropped on close), its own rate limits
 * raised. `startAnother` starts more instances over the same data with other settings (latency,
 * faults).
 */
export async function startBenchAdsApi(
  engine: Engine,
  name: string,
  closers: Closers,
  instance: AdsApiInstanceOptions = {},
): Promise<StartedAdsApi> {
  const adsApi = await startAdsApi({ engine, name, limits: UNTHROTTLED, ...instance });
  closers.push(() => adsApi.close());
  return adsApi;
}

export interface StartedFacade {
  facade: Facade;
  /** Its snapshot writer: idle when nothing is queued or being written. */
  writer: { readonly idle: boolean; flush(): Promise<void> };
}

/**
 * The facade's database (dropped on close), and a function that starts a facade over it in
 * front of an ads-api, with settings of its own (UPSTREAM_BATCHING, SNAPSHOT_WRITES...).
 * Snapshots never answer while upstream does (freshness 0): every read asks upstream. One
 * session of the demo user, created with the first facade, signs the requests to all of them.
 */
export async function facadesOverOneDatabase(engine: Engine, name: string, closers: Closers) {
  const target = await createTestTarget(engine, name);
  closers.push(() => target.drop());
  const db = await openDatabase(target.target);
  closers.push(() => db.close());
  const keys = generateKeyText();
  let headers: Record<string, string> | undefined;
  return async (
    upstream: Pick<StartedAdsApi, "urls">,
    env: Record<string, string> = {},
  ): Promise<StartedFacade> => {
    const facade = await startFacade({
      db,
      env: {
        SESSION_ENCRYPTION_KEYS: keys,
        ADS_API_BASE_URL: upstream.urls.base,
        ADS_API_ADS_URL: upstream.urls.ads,
        ADS_API_SANDBOX_URL: upstream.urls["ads-sandbox"],
        SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
        SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
        // Metrics over open hours asked again every run (ended ranges are final, kept anyway).
        STATS_FRESH_SECONDS: "0",
        ...env,
      },
    });
    closers.push(() => facade.close());
    headers ??= { authorization: `Bearer ${await signIn(facade)}` };
    return { facade: { url: facade.url, headers }, writer: facade.services.snapshots.writer };
  };
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
  /** Line items per campaign, and attachments of each kind a line item holds (issue 15). */
  lineItemsPerCampaign: number;
  attachmentsPerLineItem: number;
  latencyMs: number;
  engine: Engine;
}

/** Starts ads-api (two instances over one database: with and without latency) and four facades. */
export async function startBenchServers(setup: BenchSetup): Promise<BenchServers> {
  const closers = new Closers();
  try {
    // Every answer of `slow` takes `latencyMs` longer (ADS_API_LATENCY_MS).
    const slow = await startBenchAdsApi(setup.engine, "bench_ads_api", closers, {
      latencyMs: setup.latencyMs,
    });
    const fast = await slow.startAnother({ latencyMs: 0 });
    const seeded = await slow.seedBench({
      accountId: setup.accountId,
      campaigns: setup.campaigns,
      fundingInstruments: setup.fundingInstruments,
      cards: setup.cards,
      lineItemsPerCampaign: setup.lineItemsPerCampaign,
      attachmentsPerLineItem: setup.attachmentsPerLineItem,
      seed: 1,
    });

    const startFacade = await facadesOverOneDatabase(setup.engine, "bench_facade", closers);
    const writers: StartedFacade["writer"][] = [];
    // Snapshots are recorded (their cost is measured) but never answer: every run asks upstream.
    const facade = async (
      upstream: Pick<StartedAdsApi, "urls">,
      batching: boolean,
      snapshotWrites = true,
    ) => {
      const started = await startFacade(upstream, {
        UPSTREAM_BATCHING: String(batching),
        UPSTREAM_STATS: "true",
        SNAPSHOT_WRITES: String(snapshotWrites),
      });
      writers.push(started.writer);
      return started.facade;
    };
    return {
      batched: await facade(slow, true),
      naive: await facade(slow, false),
      zeroLatency: await facade(fast, true),
      zeroLatencyNoSnapshots: await facade(fast, true, false),
      seeded,
      writersIdle: () => writers.every((writer) => writer.idle),
      flushWriters: async () => {
        await Promise.all(writers.map((writer) => writer.flush()));
      },
      close: () => closers.close(),
    };
  } catch (error) {
    await closers.close();
    throw error;
  }
}
