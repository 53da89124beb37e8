// The `memory` scenario of bench:throughput (issue 37): resident memory of each server after
// start and after exactly the same load, every server started afresh for it (nothing measured
// before has touched it). "After start": 2 s after its ready line, before any request. "After
// load": BENCH_MEMORY_REQUESTS requests (default 1,000) at one connection, then 2 s idle. No
// collection is forced: RSS as an operator sees it (/proc/<pid>/status VmRSS and VmHWM, summed
// over the process's descendants too).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { signRequest } from "@adsgraph/oauth";
import type { DatabaseTarget } from "@adsgraph/storage";
import { load, type LoadRequest, type LoadResult } from "./load.js";
import type { PlainConnection, PlainData } from "./plain-data.js";
import { roundMb, treeMemory, type TreeMemory } from "./proc-memory.js";
import {
  account,
  capturePages,
  demoCredentials,
  expectPages,
  graphqlRequests,
  OWN_HEADERS,
  type CapturedPage,
} from "./throughput-scenarios.js";
import {
  startAdsApiServer,
  startBaselineServer,
  startFacadeServer,
  type ChildSettings,
} from "./throughput-servers.js";
import { Closers } from "./servers.js";

/** How the measured facades run (BENCH_MEMORY_FACADE). */
export const MEMORY_FACADE_MODES = ["upstream", "default", "own-cost"] as const;
export type MemoryFacadeMode = (typeof MEMORY_FACADE_MODES)[number];

const FACADE_ENV: Record<MemoryFacadeMode, Record<string, string>> = {
  // Snapshots on (written, as by default), but never fresh: every request reads upstream and
  // writes its snapshots, the heaviest path a read takes.
  upstream: { SNAPSHOT_FRESH_SECONDS_ENTITY: "0", SNAPSHOT_FRESH_SECONDS_REFERENCE: "0" },
  // The product's defaults: repeats are answered from snapshots and the response cache.
  default: {},
  // As own-cost-100: snapshots off, every read upstream.
  "own-cost": {
    SNAPSHOT_WRITES: "false",
    SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
    SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
  },
};

export interface MemoryKnobs {
  requests: number;
  /** How every measured server runs its TypeScript (ChildSettings.runner). */
  runner: "bundle" | "tsx";
  campaigns: number;
  facadeMode: MemoryFacadeMode;
  facadeEngines: readonly DatabaseTarget["engine"][];
}

/** One server's memory after start and after the load. */
export interface MemoryRow {
  server: "facade" | "ads-api" | "plain" | "bare";
  /** The server's own database (facade, ads-api), or "" for the baselines. */
  engine: string;
  what: string;
  afterStart: TreeMemory;
  afterLoad: TreeMemory;
  load: LoadResult;
  /** Every answer 2xx, and the data checked after the load equal to the capture. */
  clean: boolean;
}

export interface MemoryReport {
  method: string;
  knobs: MemoryKnobs;
  rows: MemoryRow[];
  /** Rows that could not be measured (a server did not start...). */
  failures: { server: string; engine: string; error: string }[];
}

const IDLE_MS = 2000;

const rounded = (m: TreeMemory): TreeMemory => ({
  rssMb: roundMb(m.rssMb),
  hwmMb: roundMb(m.hwmMb),
  treeRssMb: roundMb(m.treeRssMb),
  processes: m.processes,
});

/** Memory after start, the load, memory after it (each after IDLE_MS of quiet). */
async function measure(
  pid: number,
  origin: string,
  requests: readonly LoadRequest[],
  amount: number,
) {
  await sleep(IDLE_MS);
  const afterStart = rounded(await treeMemory(pid));
  const result = await load(origin, requests, 1, 3600, amount);
  await sleep(IDLE_MS);
  const afterLoad = rounded(await treeMemory(pid));
  return { afterStart, afterLoad, load: result };
}

const ok = (result: LoadResult) => result.non2xx + result.errors + result.timeouts === 0;

export const memoryMethod = (knobs: MemoryKnobs) =>
  "Every server started afresh for this scenario, one at a time, each in a process of its own " +
  (knobs.runner === "bundle"
    ? "(its entry bundled once by esbuild and run as JavaScript, as a built server runs; the GC " +
      "probe loaded in each through tsx). "
    : "(tsx from its sources, like the other scenarios; the GC probe loaded in each). ") +
  "After start: 2 s " +
  `after its ready line, before any request. Load: exactly ${knobs.requests} requests at one ` +
  "connection (autocannon `amount`), then 2 s idle: after load. No collection is forced: VmRSS " +
  "and VmHWM of /proc/<pid>/status as an operator sees them; treeRssMb adds every live " +
  "descendant process. ads-api (PGlite, demo data and an account of " +
  `${knobs.campaigns} campaigns): signed GET /12/accounts/<id>/campaigns?count=1000; bare ` +
  "Fastify: the same requests, answered with the bytes ads-api sent. Facade (its database on " +
  `${knobs.facadeEngines.join(" and on ")}, in front of that ads-api, facade settings ` +
  `"${knobs.facadeMode}"): the own-cost-100 GraphQL request (${knobs.campaigns} campaigns with ` +
  "their funding instrument); plain Apollo + Pothos (no cache): the same request, answering the " +
  "facade's captured data. Goal: each facade's treeRssMb after load ≤ 2× plain's.";

/** The memory scenario: its servers start here and are stopped before it returns. */
export async function runMemory(
  knobs: MemoryKnobs,
  settings: ChildSettings,
  workDir: string,
  log: (line: string) => void,
  /** Where its servers' closers go (the caller's, for its Ctrl-C); closed before it returns. */
  closers: Closers = new Closers(),
): Promise<MemoryReport> {
  // Every measured server alike: bundled (default) or through tsx.
  settings = { ...settings, runner: knobs.runner };
  const rows: MemoryRow[] = [];
  const failures: MemoryReport["failures"] = [];
  const accountId = account(knobs.campaigns);
  const report = (row: MemoryRow) => {
    rows.push(row);
    log(
      `  memory ${row.server}${row.engine === "" ? "" : ` (${row.engine})`}: ` +
        `after start ${row.afterStart.treeRssMb} MB, after ${row.load.requests} requests ` +
        `${row.afterLoad.treeRssMb} MB (HWM ${row.afterLoad.hwmMb} MB)${row.clean ? "" : " — not clean"}`,
    );
  };
  try {
    log(`memory: starting ads-api on pglite (an account of ${knobs.campaigns} campaigns)`);
    const adsApi = await startAdsApiServer(
      "pglite",
      [{ accountId, campaigns: knobs.campaigns }],
      settings,
      workDir,
    );
    closers.push(() => adsApi.close());
    const listPath = `/12/accounts/${accountId}/campaigns?count=1000`;
    const url = `${adsApi.urls.ads}${listPath}`;
    const sign = () => ({
      authorization: signRequest({ method: "GET", url, ...demoCredentials }).authorization,
    });
    const listRequest: LoadRequest = { method: "GET", path: listPath, headers: {}, sign };
    const measured = await measure(
      adsApi.pid,
      new URL(adsApi.urls.ads).origin,
      [listRequest],
      knobs.requests,
    );
    // The bytes ads-api sends now are what the bare server sends.
    const answer = await fetch(url, { headers: sign() });
    const body = Buffer.from(await answer.arrayBuffer());
    report({
      server: "ads-api",
      engine: "pglite",
      what: `signed GET campaigns?count=1000 (${knobs.campaigns} campaigns, ${body.length} bytes)`,
      ...measured,
      clean: ok(measured.load) && answer.status === 200,
    });

    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    });
    const bodyFile = path.join(workDir, "memory-list.body");
    const headersFile = path.join(workDir, "memory-list.headers.json");
    await writeFile(bodyFile, body);
    await writeFile(headersFile, JSON.stringify(headers));
    log("memory: starting the bare Fastify server");
    const bare = await startBaselineServer(
      "bare-memory",
      "src/bare-fastify.ts",
      { BENCH_BARE_BODY: bodyFile, BENCH_BARE_HEADERS: headersFile },
      settings,
      workDir,
    );
    closers.push(() => bare.kill());
    const bareMeasured = await measure(
      bare.pid,
      new URL(bare.url).origin,
      [listRequest],
      knobs.requests,
    );
    const bareAnswer = Buffer.from(await (await fetch(`${bare.url}${listPath}`)).arrayBuffer());
    report({
      server: "bare",
      engine: "",
      what: "the same requests, the captured bytes",
      ...bareMeasured,
      clean: ok(bareMeasured.load) && bareAnswer.equals(body),
    });
    await bare.kill();

    let captured: CapturedPage[] | undefined;
    for (const engine of knobs.facadeEngines) {
      const name = `facade-memory-${engine}`;
      log(`memory: starting the facade on ${engine} (settings "${knobs.facadeMode}")`);
      try {
        const facade = await startFacadeServer(
          name,
          engine,
          adsApi,
          FACADE_ENV[knobs.facadeMode],
          settings,
          workDir,
        );
        try {
          // The request is the one the other scenarios send; its answer is read after the load.
          const requests = graphqlRequests(facade, [
            { variables: { id: accountId, after: null }, dataJson: "", edges: 0 },
          ]);
          const facadeMeasured = await measure(
            facade.pid,
            new URL(facade.url).origin,
            requests,
            knobs.requests,
          );
          const pages = await capturePages(facade, accountId);
          const same = captured === undefined || pages[0]?.dataJson === captured[0]?.dataJson;
          captured ??= pages;
          report({
            server: "facade",
            engine,
            what: `the own-cost-100 GraphQL request, settings "${knobs.facadeMode}"`,
            ...facadeMeasured,
            clean: ok(facadeMeasured.load) && same,
          });
        } finally {
          await facade.close();
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`  memory facade (${engine}) FAILED: ${message.slice(0, 400)}`);
        failures.push({ server: "facade", engine, error: message.slice(0, 2000) });
      }
    }
    if (captured === undefined) throw new Error("no facade answered: plain has no data to serve");

    const byAfter: Record<string, PlainConnection> = {};
    for (const page of captured) {
      const data = JSON.parse(page.dataJson) as { account: { campaigns: PlainConnection } };
      byAfter[page.variables.after ?? ""] = data.account.campaigns;
    }
    const plainData: PlainData = { [accountId]: byAfter };
    const dataFile = path.join(workDir, "memory-plain-data.json");
    await writeFile(dataFile, JSON.stringify(plainData));
    log("memory: starting the plain server");
    const plain = await startBaselineServer(
      "plain-memory",
      "src/plain-server.ts",
      { BENCH_PLAIN_DATA: dataFile },
      settings,
      workDir,
    );
    closers.push(() => plain.kill());
    const plainServer = { url: plain.url, headers: {} };
    const plainMeasured = await measure(
      plain.pid,
      new URL(plain.url).origin,
      graphqlRequests(plainServer, captured),
      knobs.requests,
    );
    const plainSame = await expectPages("plain (memory)", plainServer, captured, "any").then(
      () => true,
      () => false,
    );
    report({
      server: "plain",
      engine: "",
      what: "the same GraphQL request, answered from memory (no cache)",
      ...plainMeasured,
      clean: ok(plainMeasured.load) && plainSame,
    });
  } finally {
    await closers.close();
  }
  return { method: memoryMethod(knobs), knobs, rows, failures };
}
