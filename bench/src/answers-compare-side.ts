// One side of answers-compare.ts: ads-api and facades from the checkout at BENCH_SIDE_DIR (its
// own bench/src/servers.ts, so its own packages), seeded as the reference bench seeds. Prints
// ANSWERS_SIDE_READY and the facades as JSON, then runs until SIGTERM.
import path from "node:path";
import { pathToFileURL } from "node:url";

import type * as Servers from "./servers.js";

const dir = process.env.BENCH_SIDE_DIR;
if (dir === undefined) throw new Error("BENCH_SIDE_DIR is not set");
// Resolved from that checkout: its servers.ts imports its own @adsgraph packages.
const servers = (await import(
  pathToFileURL(path.join(dir, "bench", "src", "servers.ts")).href
)) as typeof Servers;

/** The reference bench's data (main.ts defaults), seed 1: the same ids on both sides. */
const SEED = {
  accountId: "bench1",
  campaigns: 2000,
  fundingInstruments: 400,
  cards: 1000,
  lineItemsPerCampaign: 1,
  attachmentsPerLineItem: 1,
  seed: 1,
};

/**
 * `bench`: as the reference bench runs (snapshots never answer: every read asks upstream).
 * `defaults`: the facade's default freshness, so snapshots (and after issue 37 the response
 * cache) answer repeats.
 */
const CONFIGS: Record<string, Record<string, string>> = {
  bench: {},
  defaults: {
    SNAPSHOT_FRESH_SECONDS_ENTITY: "30",
    SNAPSHOT_FRESH_SECONDS_REFERENCE: "3600",
    STATS_FRESH_SECONDS: "60",
  },
};

const closers = new servers.Closers();
let closing = false;
process.on("SIGTERM", () => {
  if (closing) return;
  closing = true;
  void closers.close().finally(() => process.exit(0));
});

// One fixed key on both sides: ads-api tags its cursors with a key derived from it, and a new
// key per run would make every endCursor differ (startAdsApi takes it; the bench passes it on).
const instance: Parameters<typeof servers.startBenchAdsApi>[3] & { secretKey: Buffer } = {
  secretKey: Buffer.alloc(32, 37),
};
const adsApi = await servers.startBenchAdsApi("pglite", "answers_ads_api", closers, instance);
await adsApi.seedBench(SEED);
const facades: Record<string, { url: string; headers: Record<string, string> }> = {};
for (const [name, env] of Object.entries(CONFIGS)) {
  const start = await servers.facadesOverOneDatabase("pglite", `answers_facade_${name}`, closers);
  const started = await start(adsApi, {
    UPSTREAM_BATCHING: "true",
    UPSTREAM_STATS: "true",
    SNAPSHOT_WRITES: "true",
    ...env,
  });
  facades[name] = started.facade;
}
console.log(`ANSWERS_SIDE_READY ${JSON.stringify(facades)}`);
