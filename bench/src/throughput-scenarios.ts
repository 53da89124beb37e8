import { writeFile } from "node:fs/promises";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import { signRequest } from "@adsgraph/oauth";
import type { DatabaseTarget } from "@adsgraph/storage";
import { postGraphQL } from "./graphql.js";
import type { LoadRequest } from "./load.js";
import { CAMPAIGNS_WITH_FUNDING, type PlainConnection, type PlainData } from "./plain-data.js";
import type { Watched } from "./proc-stats.js";
import type { Comparison, Target } from "./throughput-run.js";
import {
  startAdsApiServer,
  startBaselineServer,
  startFacadeServer,
  type AdsApiServer,
  type ChildSettings,
  type FacadeServer,
} from "./throughput-servers.js";
import { Closers } from "./servers.js";

type Engine = DatabaseTarget["engine"];

/** The scenarios, by the names the results use. */
export const SCENARIOS = ["fresh-20", "fresh-1000", "own-cost", "ads-api-list"] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** Baselines of the fresh-snapshot scenarios: plain-cached is the goal's, plain informational. */
export const FRESH_BASELINES = ["plain-cached", "plain"] as const;
export type FreshBaseline = (typeof FRESH_BASELINES)[number];

export interface ScenarioKnobs {
  /** Connections of the fresh-snapshot scenarios (each a comparison of its own). */
  freshConnections: readonly number[];
  /** Baselines the fresh-snapshot scenarios compare against, each a comparison of its own. */
  freshBaselines: readonly FreshBaseline[];
  ownCostConnections: number;
  ownCostSizes: readonly number[];
  listConnections: number;
  listEngines: readonly Engine[];
}

const account = (campaigns: number) => `bench${campaigns}`;

/** A process under the name of its role in a comparison (facade, ads-api, plain, bare). */
const as = (role: string, server: Watched): Watched => ({
  name: role,
  pid: server.pid,
  gcFile: server.gcFile,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GraphQL page: its variables, and its answer's `data` as JSON text (key order kept). */
interface CapturedPage {
  variables: { id: string; after: string | null };
  dataJson: string;
  edges: number;
}

/** Every page of the campaigns query for an account, from `server`; throws on any error. */
async function capturePages(
  server: { url: string; headers: Record<string, string> },
  accountId: string,
): Promise<CapturedPage[]> {
  const pages: CapturedPage[] = [];
  let after: string | null = null;
  for (;;) {
    const variables: CapturedPage["variables"] = { id: accountId, after };
    const answer = await postGraphQL(server, CAMPAIGNS_WITH_FUNDING, variables);
    if (answer.kind !== "answer" || answer.status !== 200 || answer.errors.length > 0)
      throw new Error(`capture of ${accountId} failed: ${JSON.stringify(answer).slice(0, 400)}`);
    const connection = (answer.data as { account: { campaigns: PlainConnection | null } | null })
      .account?.campaigns;
    if (connection === undefined || connection === null)
      throw new Error(`capture of ${accountId}: no account or campaigns in the answer`);
    pages.push({
      variables,
      dataJson: JSON.stringify(answer.data),
      edges: connection.edges.length,
    });
    if (!connection.pageInfo.hasNextPage) return pages;
    if (connection.pageInfo.endCursor === null || connection.pageInfo.endCursor === after)
      throw new Error(`capture of ${accountId}: the cursor did not advance`);
    after = connection.pageInfo.endCursor;
  }
}

/** How a check wants the facade's reads: all from fresh snapshots, all upstream, or either. */
type CacheExpectation = "snapshots" | "upstream" | "any";

/**
 * Sends each page once and compares its `data` with the captured JSON; with "snapshots", no
 * request may have gone upstream (extensions.upstream) and nothing may be stale
 * (extensions.cache); with "upstream", reads must have gone upstream and no
 * snapshot may have answered.
 */
async function checkPages(
  name: string,
  server: { url: string; headers: Record<string, string> },
  pages: readonly CapturedPage[],
  cache: CacheExpectation,
): Promise<string | undefined> {
  for (const page of pages) {
    const answer = await postGraphQL(server, CAMPAIGNS_WITH_FUNDING, page.variables);
    if (answer.kind !== "answer" || answer.status !== 200 || answer.errors.length > 0)
      return `${name}: ${JSON.stringify(answer).slice(0, 400)}`;
    if (JSON.stringify(answer.data) !== page.dataJson)
      return `${name}: data differs from the captured answer for ${JSON.stringify(page.variables)}`;
    const extensions = answer.extensions;
    const upstream = extensions?.upstream?.requests;
    // UPSTREAM_STATS=true: the facade counts the requests it really sent upstream.
    // Nothing upstream and nothing stale; a cache in front of the snapshots may omit the report.
    if (cache === "snapshots" && (upstream !== 0 || extensions?.cache?.stale === true))
      return (
        `${name}: not every read answered from a fresh snapshot (${String(upstream)} upstream ` +
        `requests, extensions.cache ${JSON.stringify(extensions?.cache ?? null).slice(0, 200)})`
      );
    if (
      cache === "upstream" &&
      (upstream === undefined || upstream === 0 || extensions?.cache !== undefined)
    )
      return `${name}: answered from snapshots although they are off (${String(upstream)} upstream requests)`;
  }
  return undefined;
}

/** `checkPages` until it passes (a snapshot is written once the facade is idle), or throws. */
async function expectPages(...args: Parameters<typeof checkPages>): Promise<void> {
  let problem: string | undefined;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    problem = await checkPages(...args);
    if (problem === undefined) return;
    await sleep(250);
  }
  throw new Error(problem);
}

const graphqlRequests = (
  server: { headers: Record<string, string> },
  pages: readonly CapturedPage[],
): LoadRequest[] =>
  pages.map((page) => ({
    method: "POST",
    path: "/graphql",
    headers: { "content-type": "application/json", ...server.headers },
    body: JSON.stringify({ query: CAMPAIGNS_WITH_FUNDING, variables: page.variables }),
  }));

const demoCredentials = {
  consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
  token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
};

/** Response headers a bare server would set itself (length, date, connection). */
const OWN_HEADERS = new Set([
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/** The servers of a run and the comparisons over them, built in order, closed in reverse. */
export class ThroughputStack {
  readonly closers = new Closers();
  readonly comparisons: Comparison[] = [];
  /** The facade and ads-api children, for profile.ts. */
  readonly subjects = new Map<string, FacadeServer | AdsApiServer>();
  /** The GraphQL scenarios' ads-api (PGlite) and its accounts' sizes: the list may reuse it. */
  #pglite: { server: AdsApiServer; sizes: readonly number[] } | undefined;

  constructor(
    private readonly settings: ChildSettings,
    private readonly workDir: string,
    private readonly log: (line: string) => void,
  ) {}

  private async adsApi(engine: Engine, sizes: readonly number[]): Promise<AdsApiServer> {
    this.log(`starting ads-api on ${engine} (accounts of ${sizes.join(", ")} campaigns)`);
    const server = await startAdsApiServer(
      engine,
      sizes.map((campaigns) => ({ accountId: account(campaigns), campaigns })),
      this.settings,
      this.workDir,
    );
    this.closers.push(() => server.close());
    this.subjects.set(`ads-api-${engine}`, server);
    return server;
  }

  private async facade(name: string, adsApi: AdsApiServer, env: Record<string, string>) {
    this.log(`starting ${name}`);
    const server = await startFacadeServer(
      name,
      "pglite",
      adsApi,
      env,
      this.settings,
      this.workDir,
    );
    this.closers.push(() => server.close());
    this.subjects.set(name, server);
    return server;
  }

  /** The GraphQL scenarios (fresh-20, fresh-1000, own-cost): facade against the plain server. */
  async addGraphQL(scenarios: ReadonlySet<ScenarioName>, knobs: ScenarioKnobs): Promise<void> {
    const freshSizes = [
      ...(scenarios.has("fresh-20") ? [20] : []),
      ...(scenarios.has("fresh-1000") ? [1000] : []),
    ];
    const ownSizes = scenarios.has("own-cost") ? knobs.ownCostSizes : [];
    const sizes = [...new Set([...freshSizes, ...ownSizes])].sort((a, b) => a - b);
    if (sizes.length === 0) return;
    const adsApi = await this.adsApi("pglite", sizes);
    this.#pglite = { server: adsApi, sizes };
    // Default snapshot freshness: a repeat read within it is answered from the snapshot.
    // UPSTREAM_STATS=true on both: the checks read how many requests really went upstream.
    const fresh =
      freshSizes.length > 0
        ? await this.facade("facade-fresh", adsApi, { UPSTREAM_STATS: "true" })
        : undefined;
    // Snapshots off: every read goes upstream (ads-api at 0 ms latency): the facade's own cost.
    const own =
      ownSizes.length > 0
        ? await this.facade("facade-own-cost", adsApi, {
            UPSTREAM_STATS: "true",
            SNAPSHOT_WRITES: "false",
            SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
            SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
          })
        : undefined;

    // What the facade answers, captured once, is what the plain server answers from memory.
    const captured = new Map<number, CapturedPage[]>();
    for (const size of sizes) {
      const source = own ?? fresh;
      if (source === undefined) continue;
      captured.set(size, await capturePages(source, account(size)));
    }
    const plainData: PlainData = {};
    for (const [size, pages] of captured) {
      const byAfter: Record<string, PlainConnection> = {};
      for (const page of pages) {
        const data = JSON.parse(page.dataJson) as { account: { campaigns: PlainConnection } };
        byAfter[page.variables.after ?? ""] = data.account.campaigns;
      }
      plainData[account(size)] = byAfter;
    }
    const dataFile = path.join(this.workDir, "plain-data.json");
    await writeFile(dataFile, JSON.stringify(plainData));
    this.log("starting the plain server");
    const plain = await startBaselineServer(
      "plain",
      "src/plain-server.ts",
      { BENCH_PLAIN_DATA: dataFile },
      this.settings,
      this.workDir,
    );
    this.closers.push(() => plain.kill());
    const plainServer = { url: plain.url, headers: {} };
    // The same server with a whole-response cache: the fair baseline of a cached answer.
    const cachedWanted = freshSizes.length > 0 && knobs.freshBaselines.includes("plain-cached");
    if (cachedWanted) this.log("starting the plain-cached server");
    const plainCached = cachedWanted
      ? await startBaselineServer(
          "plain-cached",
          "src/plain-server.ts",
          { BENCH_PLAIN_DATA: dataFile, BENCH_PLAIN_CACHE: "true" },
          this.settings,
          this.workDir,
        )
      : undefined;
    if (plainCached !== undefined) this.closers.push(() => plainCached.kill());
    const plainCachedServer =
      plainCached === undefined ? undefined : { url: plainCached.url, headers: {} };

    // The same `data`, byte for byte, from every server before anything is measured.
    for (const [size, pages] of captured) {
      await expectPages(`plain, ${size} campaigns`, plainServer, pages, "any");
      // Twice: the first fills its cache, the second is answered from it.
      if (plainCachedServer !== undefined && freshSizes.includes(size))
        for (let i = 0; i < 2; i += 1)
          await expectPages(`plain-cached, ${size} campaigns`, plainCachedServer, pages, "any");
      if (fresh !== undefined && freshSizes.includes(size))
        await expectPages(`facade-fresh, ${size} campaigns`, fresh, pages, "snapshots");
      if (own !== undefined && ownSizes.includes(size))
        await expectPages(`facade-own-cost, ${size} campaigns`, own, pages, "upstream");
    }

    const plainTarget = (pages: CapturedPage[]): Target => ({
      name: "plain",
      origin: new URL(plain.url).origin,
      requests: graphqlRequests(plainServer, pages),
      processes: [as("plain", plain)],
      check: () => expectPages("plain", plainServer, pages, "any"),
    });
    const plainCachedTarget = (pages: CapturedPage[]): Target | undefined =>
      plainCached === undefined || plainCachedServer === undefined
        ? undefined
        : {
            name: "plain-cached",
            origin: new URL(plainCached.url).origin,
            requests: graphqlRequests(plainCachedServer, pages),
            processes: [as("plain-cached", plainCached)],
            check: () => expectPages("plain-cached", plainCachedServer, pages, "any"),
          };
    for (const size of freshSizes) {
      const pages = captured.get(size) ?? [];
      for (const connections of knobs.freshConnections) {
        if (fresh === undefined) break;
        for (const baselineName of knobs.freshBaselines) {
          const baseline =
            baselineName === "plain-cached" ? plainCachedTarget(pages) : plainTarget(pages);
          if (baseline === undefined) continue;
          this.comparisons.push({
            scenario: `fresh-${size}`,
            engine: "pglite",
            connections,
            description:
              `${size} campaigns with their funding instrument (one page), the facade answering ` +
              "from fresh snapshots (default freshness; each round starts with every campaign " +
              "from a snapshot), against " +
              (baselineName === "plain-cached"
                ? "the plain server replaying the bytes it answered first from an in-memory " +
                  "whole-response cache (plain-cached, the goal's baseline)"
                : "the plain server without a cache (informational)"),
            subject: {
              name: "facade",
              origin: new URL(fresh.url).origin,
              requests: graphqlRequests(fresh, pages),
              processes: [as("facade", fresh), as("ads-api", adsApi)],
              check: () => expectPages("facade-fresh", fresh, pages, "snapshots"),
            },
            baseline,
          });
        }
      }
    }
    for (const size of ownSizes) {
      const pages = captured.get(size) ?? [];
      if (own === undefined) break;
      this.comparisons.push({
        scenario: `own-cost-${size}`,
        engine: "pglite",
        connections: knobs.ownCostConnections,
        description:
          `${size} campaigns with their funding instrument (${pages.length} page(s) of up to ` +
          "1,000, requested in turn), snapshots off (SNAPSHOT_WRITES=false, freshness 0): every " +
          "read goes to ads-api at 0 ms latency; the facade process's CPU against the plain server's",
        subject: {
          name: "facade",
          origin: new URL(own.url).origin,
          requests: graphqlRequests(own, pages),
          processes: [as("facade", own), as("ads-api", adsApi)],
          check: () => expectPages("facade-own-cost", own, pages, "upstream"),
        },
        baseline: plainTarget(pages),
      });
    }
  }

  /**
   * ads-api-list on each engine: a signed `GET /12/accounts/<id>/campaigns?count=1000` to
   * ads-api against a bare Fastify server sending the bytes and headers ads-api sent once.
   */
  async addList(knobs: ScenarioKnobs): Promise<void> {
    for (const engine of knobs.listEngines) {
      const reuse = engine === "pglite" && this.#pglite?.sizes.includes(1000);
      const adsApi =
        reuse && this.#pglite !== undefined
          ? this.#pglite.server
          : await this.adsApi(engine, [1000]).catch((error: unknown) => {
              throw new Error(
                `ads-api-list on ${engine} could not start (${String(error).slice(0, 300)})` +
                  (engine === "postgresql"
                    ? "; is PostgreSQL at TEST_DATABASE_URL (default 127.0.0.1:5432/test) up? " +
                      "BENCH_LIST_ENGINES=pglite leaves it out"
                    : ""),
              );
            });
      const path_ = `/12/accounts/${account(1000)}/campaigns?count=1000`;
      const url = `${adsApi.urls.ads}${path_}`;
      const sign = () => ({
        authorization: signRequest({ method: "GET", url, ...demoCredentials }).authorization,
      });
      const first = await fetch(url, { headers: sign() });
      const body = Buffer.from(await first.arrayBuffer());
      if (first.status !== 200)
        throw new Error(
          `ads-api list (${engine}): HTTP ${first.status} ${body.toString().slice(0, 300)}`,
        );
      const headers: Record<string, string> = {};
      first.headers.forEach((value, name) => {
        if (!OWN_HEADERS.has(name)) headers[name] = value;
      });
      const bodyFile = path.join(this.workDir, `list-${engine}.body`);
      const headersFile = path.join(this.workDir, `list-${engine}.headers.json`);
      await writeFile(bodyFile, body);
      await writeFile(headersFile, JSON.stringify(headers));
      this.log(`starting the bare Fastify server (${engine})`);
      const bare = await startBaselineServer(
        `bare-${engine}`,
        "src/bare-fastify.ts",
        { BENCH_BARE_BODY: bodyFile, BENCH_BARE_HEADERS: headersFile },
        this.settings,
        this.workDir,
      );
      this.closers.push(() => bare.kill());
      const bareUrl = `${bare.url}${path_}`;
      // The list must answer the same bytes again (no per-request content), and bare must too.
      const same = async (target: string, name: string) => {
        const answer = await fetch(target, { headers: sign() }).catch((error: unknown) => {
          const server = target === url ? adsApi : bare;
          throw new Error(
            `${name}: ${String(error)}; its last output:\n${server.output().slice(-3000)}`,
          );
        });
        const bytes = Buffer.from(await answer.arrayBuffer());
        if (answer.status !== 200 || !bytes.equals(body))
          throw new Error(`${name}: HTTP ${answer.status}, not the captured ${body.length} bytes`);
      };
      await same(url, `ads-api (${engine})`);
      await same(bareUrl, `bare (${engine})`);
      const request: LoadRequest = { method: "GET", path: path_, headers: {}, sign };
      this.comparisons.push({
        scenario: "ads-api-list",
        engine,
        connections: knobs.listConnections,
        description:
          `ads-api GET /12/accounts/<id>/campaigns?count=1000 (${body.length} bytes, OAuth 1.0a ` +
          "signed per request, rate limits raised) against a bare Fastify server sending the " +
          "same bytes and headers (the same signed requests)",
        subject: {
          name: "ads-api",
          origin: new URL(adsApi.urls.ads).origin,
          requests: [request],
          processes: [as("ads-api", adsApi)],
          check: () => same(url, `ads-api (${engine})`),
        },
        baseline: {
          name: "bare",
          origin: new URL(bare.url).origin,
          requests: [request],
          processes: [as("bare", bare)],
          check: () => same(bareUrl, `bare (${engine})`),
        },
      });
    }
  }

  close(): Promise<void> {
    return this.closers.close();
  }
}
