// Issue 16's benchmark, "100 posts with author and media": `Query.posts(rawIds:)` over the post-data
// API (GET /2/posts) against ads-api with a fixed upstream latency, the loaders on and off, side
// by side in one run (docs/benchmarks.md). It checks what the issue asks, from what ads-api
// received: the request count is the minimum (ceil(posts / 100) lookups) and the fields sent
// upstream are exactly what the query selects; and it measures the time and the upstream bytes
// against what a facade without selection mapping would ask (every field and expansion).
// Writes bench/results/posts-author-media.{json,md}.
import type { IncomingMessage } from "node:http";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import { errorCodes, postGraphQL } from "./graphql.js";
import { Closers, facadesOverOneDatabase, startBenchAdsApi, type Facade } from "./servers.js";
import { envNumber } from "./env-number.js";
import { percentile, round1 } from "./stats.js";

const number = envNumber;

const setup = {
  accountId: "bnchpost",
  posts: number("BENCH_POSTS", 100),
  latencyMs: number("BENCH_LATENCY_MS", 20),
  iterations: number("BENCH_ITERATIONS", 30),
  engine:
    process.env.BENCH_DATABASE === "postgresql" ? ("postgresql" as const) : ("pglite" as const),
};
const WARMUP = 2;
/** The post-data API's most ids per lookup (models' LIMITS.postLookupIds). */
const IDS_PER_LOOKUP = 100;
const RESULTS = path.resolve(import.meta.dirname, "..", "results");

/** The query of the issue: posts with their author and media. */
const DOCUMENT = `query PostsWithAuthorAndMedia($ids: [String!]!) {
  posts(rawIds: $ids) {
    rawId
    text
    author { username name }
    media { mediaKey type url durationMs }
  }
}`;
/**
 * What that selection needs, by the facade's mapping (docs/graphql.md "Posts"): author's name and
 * username are the default user fields, so the expansion and its join field; media keys and
 * types come with the expansion, url and duration are media fields. No user.fields.
 */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  "post.fields": ["attachments", "author_id"],
  expansions: ["attachments.media_keys", "author_id"],
  "media.fields": ["duration_ms", "url"],
};
/** What a facade that does not read the selection would ask for every post. */
const EVERYTHING = {
  "post.fields":
    "attachments,author_id,context_annotations,conversation_id,created_at,edit_history_post_ids,entities,id,in_reply_to_user_id,lang,possibly_sensitive,public_metrics,referenced_tweets,text",
  expansions: "attachments.media_keys,author_id,in_reply_to_user_id,referenced_tweets.id",
  "media.fields": "duration_ms,height,media_key,preview_image_url,public_metrics,type,url,width",
  "user.fields": "created_at,id,name,username",
};

interface Lookup {
  readonly query: Record<string, string>;
}

interface Run {
  ms: number;
  upstreamRequests: number;
  lookups: Lookup[];
  posts: number;
  withAuthor: number;
  withMedia: number;
}

const sorted = (list: string | undefined) => (list === undefined ? [] : list.split(",").sort());

const closers = new Closers();
const received: Lookup[] = [];

async function run(facade: Facade, ids: readonly string[]): Promise<Run> {
  received.length = 0;
  const started = performance.now();
  const exchange = await postGraphQL(facade, DOCUMENT, { ids });
  const ms = performance.now() - started;
  if (exchange.kind !== "answer" || exchange.errors.length > 0 || exchange.data === null) {
    throw new Error(`the posts query failed: ${errorCodes(exchange).join(", ")}`);
  }
  const posts = (exchange.data as { posts: ({ author: unknown; media: unknown[] } | null)[] })
    .posts;
  return {
    ms,
    upstreamRequests: exchange.extensions?.upstream?.requests ?? Number.NaN,
    lookups: [...received],
    posts: posts.filter((post) => post !== null).length,
    withAuthor: posts.filter((post) => post?.author != null).length,
    withMedia: posts.filter((post) => (post?.media.length ?? 0) > 0).length,
  };
}

/** The parameters every lookup of the runs sent, when they all sent the same lists. */
function sentLists(runs: readonly Run[]): Record<string, string[]> | "differed" {
  const lists = runs.flatMap((r) =>
    r.lookups.map((lookup) =>
      Object.fromEntries(
        ["post.fields", "expansions", "media.fields", "user.fields"]
          .filter((name) => lookup.query[name] !== undefined)
          .map((name) => [name, sorted(lookup.query[name])]),
      ),
    ),
  );
  const first = JSON.stringify(lists[0] ?? {});
  return lists.every((list) => JSON.stringify(list) === first) ? (lists[0] ?? {}) : "differed";
}

function summary(runs: readonly Run[]) {
  const ms = runs.map((r) => r.ms);
  return {
    runs: runs.length,
    upstreamRequests: runs[0]?.upstreamRequests ?? Number.NaN,
    lookupsPerQuery: runs[0]?.lookups.length ?? 0,
    idsPerLookup: runs[0]?.lookups.map((l) => (l.query.ids ?? "").split(",").length) ?? [],
    sent: sentLists(runs),
    p50Ms: round1(percentile(ms, 50)),
    p95Ms: round1(percentile(ms, 95)),
  };
}

/** Upstream bytes of one lookup of `ids` with these lists, sent with the app's bearer. */
async function lookupBytes(baseUrl: string, bearer: string, ids: readonly string[], lists: object) {
  const url = new URL(`${baseUrl}/2/posts`);
  url.searchParams.set("ids", ids.join(","));
  for (const [name, value] of Object.entries(lists)) url.searchParams.set(name, String(value));
  const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`lookup answered ${response.status}`);
  return body.byteLength;
}

async function appBearer(baseUrl: string): Promise<string> {
  const basic = Buffer.from(
    `${encodeURIComponent(DEMO.app.consumerKey)}:${encodeURIComponent(DEMO.app.consumerSecret)}`,
  ).toString("base64");
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const body = (await response.json()) as { access_token?: string };
  if (body.access_token === undefined) throw new Error(`/oauth2/token answered ${response.status}`);
  return body.access_token;
}

console.log(
  `bench posts: ${setup.posts} posts with media (${setup.engine}), upstream latency ${setup.latencyMs} ms, ${setup.iterations} runs per mode`,
);
let report: Record<string, unknown>;
try {
  const slow = await startBenchAdsApi(setup.engine, "bench_posts_api", closers, {
    latencyMs: setup.latencyMs,
  });
  const fast = await slow.startAnother({ latencyMs: 0 });
  await slow.seedBench({
    accountId: setup.accountId,
    campaigns: 0,
    fundingInstruments: 1,
    cards: 0,
    posts: setup.posts,
    seed: 1,
  });
  // What each post-data lookup carried, observed where ads-api's HTTP servers receive it.
  for (const server of [slow.server, fast]) {
    server.apps.base.server.on("request", (request: IncomingMessage) => {
      const url = new URL(request.url ?? "/", "http://upstream.invalid");
      if (request.method === "GET" && url.pathname === "/2/posts") {
        received.push({ query: Object.fromEntries(url.searchParams) });
      }
    });
  }
  const startFacade = await facadesOverOneDatabase(setup.engine, "bench_posts_facade", closers);
  const facade = async (upstream: Pick<typeof slow, "urls">, batching: boolean) =>
    (
      await startFacade(upstream, {
        UPSTREAM_BATCHING: String(batching),
        UPSTREAM_STATS: "true",
        SNAPSHOT_WRITES: "false",
      })
    ).facade;
  const loadersOn = await facade(slow, true);
  const loadersOff = await facade(slow, false);
  const zeroLatency = await facade(fast, true);

  // The seeded posts' ids, through the facade's own advertising list.
  const listed = await postGraphQL(
    zeroLatency,
    `query ($id: String!, $first: Int) { account(rawId: $id) { posts(type: PUBLISHED, first: $first) { edges { node { rawId } } } } }`,
    { id: setup.accountId, first: Math.min(1000, setup.posts) },
  );
  if (listed.kind !== "answer" || listed.errors.length > 0) {
    throw new Error(`listing the bench posts failed: ${errorCodes(listed).join(", ")}`);
  }
  const ids = (
    listed.data as { account: { posts: { edges: { node: { rawId: string } }[] } } }
  ).account.posts.edges.map((edge) => edge.node.rawId);
  if (ids.length !== setup.posts)
    throw new Error(`expected ${setup.posts} posts, got ${ids.length}`);

  const runs: Record<"on" | "off" | "zero", Run[]> = { on: [], off: [], zero: [] };
  for (let i = 0; i < WARMUP + setup.iterations; i += 1) {
    // Alternating keeps the modes under the same load from whatever else the machine does.
    for (const [mode, target] of [
      ["zero", zeroLatency],
      ["on", loadersOn],
      ["off", loadersOff],
    ] as const) {
      const result = await run(target, ids);
      if (i >= WARMUP) runs[mode].push(result);
    }
  }
  const on = summary(runs.on);
  const off = summary(runs.off);
  const zero = summary(runs.zero);
  const answered = runs.on[0] ?? runs.off[0];
  if (answered === undefined) throw new Error("no runs");
  for (const r of [...runs.on, ...runs.off, ...runs.zero]) {
    if (
      r.posts !== setup.posts ||
      r.withMedia !== answered.withMedia ||
      r.withAuthor !== setup.posts
    ) {
      throw new Error("a run answered other posts, authors or media than the others");
    }
  }

  const minimumRequests = Math.ceil(setup.posts / IDS_PER_LOOKUP);
  const expected = Object.fromEntries(
    Object.entries(EXPECTED).map(([name, list]) => [name, [...list].sort()]),
  );
  const equalsSelection = (sent: Record<string, string[]> | "differed") =>
    sent !== "differed" && JSON.stringify(sent) === JSON.stringify(expected);
  const bearer = await appBearer(fast.urls.base);
  const chunk = ids.slice(0, IDS_PER_LOOKUP);
  const exactBytes = await lookupBytes(
    fast.urls.base,
    bearer,
    chunk,
    Object.fromEntries(Object.entries(EXPECTED).map(([name, list]) => [name, list.join(",")])),
  );
  const everythingBytes = await lookupBytes(fast.urls.base, bearer, chunk, EVERYTHING);
  const floorMs = setup.latencyMs; // one lookup round trip
  const expectedMs = floorMs + zero.p50Ms;

  report = {
    generatedAt: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      platform: `${os.platform()} ${os.arch()}`,
    },
    setup,
    query: DOCUMENT,
    expectedParameters: expected,
    minimumUpstreamRequests: minimumRequests,
    loadersOn: on,
    loadersOff: off,
    zeroLatency: zero,
    postsWithMedia: answered.withMedia,
    upstreamBytesPerLookup: {
      selectedFields: exactBytes,
      everyFieldAndExpansion: everythingBytes,
      ratio: round1(everythingBytes / exactBytes),
    },
    checks: {
      requestsAtMinimum:
        on.upstreamRequests === minimumRequests && on.lookupsPerQuery === minimumRequests,
      fieldsSentEqualFieldsSelected: equalsSelection(on.sent),
      loadersOffSendsTheSameFields: equalsSelection(off.sent),
      loadersOffRequests: off.upstreamRequests,
      floorMs,
      expectedMs: round1(expectedMs),
      p50DeviationFromExpected: round1((100 * (on.p50Ms - expectedMs)) / expectedMs) / 100,
      loadersOffOverOnP50: round1(off.p50Ms / on.p50Ms),
    },
  };
  console.log(
    `posts: loaders on ${on.upstreamRequests} lookup(s) (minimum ${minimumRequests}), p50 ${on.p50Ms} ms ` +
      `(floor ${floorMs} + own ${zero.p50Ms} ms); loaders off ${off.upstreamRequests} lookups, p50 ${off.p50Ms} ms; ` +
      `sent ${JSON.stringify(on.sent)}; upstream bytes ${exactBytes} vs ${everythingBytes} asking everything`,
  );
} finally {
  await closers.close();
}

const name =
  setup.engine === "pglite" ? "posts-author-media" : `posts-author-media-${setup.engine}`;
await mkdir(RESULTS, { recursive: true });
await writeFile(path.join(RESULTS, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
const checks = report.checks as Record<string, unknown>;
const on = report.loadersOn as ReturnType<typeof summary>;
const off = report.loadersOff as ReturnType<typeof summary>;
const bytes = report.upstreamBytesPerLookup as Record<string, number>;
const markdown = [
  `# ${setup.posts} posts with author and media (${setup.engine}, ${setup.latencyMs} ms upstream latency)`,
  "",
  `Generated ${String(report.generatedAt)} by \`npx -y pnpm@10.34.9 --filter @adsgraph/bench posts\`.`,
  "",
  "| | loaders on | loaders off |",
  "|---|---|---|",
  `| upstream requests per query | ${on.upstreamRequests} (minimum ${String(report.minimumUpstreamRequests)}) | ${off.upstreamRequests} |`,
  `| ids per lookup | ${on.idsPerLookup.join(", ")} | ${off.idsPerLookup.slice(0, 3).join(", ")}… |`,
  `| p50 / p95 ms | ${on.p50Ms} / ${on.p95Ms} | ${off.p50Ms} / ${off.p95Ms} |`,
  "",
  `- Sent upstream (loaders on): \`${JSON.stringify(on.sent)}\`; equal to what the query selects: ${String(checks.fieldsSentEqualFieldsSelected)}.`,
  `- Floor (one lookup round trip) ${String(checks.floorMs)} ms + the facade's own time at zero latency = ${String(checks.expectedMs)} ms expected; loaders off is ${String(checks.loadersOffOverOnP50)}× the p50 of loaders on.`,
  `- Upstream bytes of one 100-id lookup: ${bytes.selectedFields} with the selected fields, ${bytes.everyFieldAndExpansion} asking every field and expansion (${bytes.ratio}×).`,
  "",
].join("\n");
await writeFile(path.join(RESULTS, `${name}.md`), markdown);
console.log(`wrote bench/results/${name}.{json,md}`);
