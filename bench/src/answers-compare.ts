// Answers before and after issue 37 (docs/benchmarks.md): ads-api and facades from each
// checkout's own sources, over the same seed, each asked the bench's queries in the same order,
// cold and repeated. Compares the bodies without `extensions` byte for byte, and reports the
// upstream requests apart. Writes bench/results/answers-compare.{json,md}; exits 1 when any
// data or errors differ.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { spawnChild, type Child } from "./children.js";
import { METRICS_QUERIES } from "./metrics-queries.js";
import { CAMPAIGNS_WITH_FUNDING } from "./plain-data.js";
import { REFERENCE_QUERIES, type ReferenceQuery } from "./queries.js";
import type { Facade } from "./servers.js";

const BENCH = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(BENCH, "results");
const SIDES = {
  before: process.env.BENCH_BEFORE_DIR ?? "/work/wt/base-e0bdd13",
  after: path.resolve(BENCH, ".."),
};
type SideName = keyof typeof SIDES;
const ACCOUNT_ID = "bench1";
const PAUSE_MS = Number(process.env.BENCH_ANSWERS_PAUSE_MS ?? 1000);
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

type Query = Pick<ReferenceQuery, "name" | "document" | "connection" | "pages"> & {
  /** The after side's walk of it, for the minimum (reference queries only). */
  run?: ReferenceQuery["run"];
};

const QUERIES: Query[] = [
  ...REFERENCE_QUERIES,
  ...METRICS_QUERIES,
  // bench:throughput's document: the same text as the first reference query (asked again here,
  // a third repeat, as the throughput load asks it).
  {
    name: "throughput-campaigns-with-funding",
    document: CAMPAIGNS_WITH_FUNDING,
    connection: "campaigns",
  },
];

interface PageAnswer {
  status: number;
  /** The body as sent without its `extensions` (data and errors). */
  body: string;
  data: string;
  errors: string;
  upstream: number;
  byEndpoint: Record<string, number>;
  extensions: string;
}

/** What one walk of a query answered: every page, in order. */
interface WalkAnswer {
  pages: PageAnswer[];
  upstream: number;
  byEndpoint: Record<string, number>;
}

interface Extensions {
  upstream?: { requests: number; byEndpoint?: Record<string, number> };
}

/** The body without its last member, `"extensions"`, as Apollo (and the response cache) sends it. */
function withoutExtensions(text: string, parsed: { extensions?: unknown }): string {
  if (parsed.extensions === undefined) return text;
  const body = text.trimEnd();
  const at = body.lastIndexOf(',"extensions":');
  const member = body.slice(at + ',"extensions":'.length, -1);
  if (at < 0 || JSON.stringify(JSON.parse(member)) !== JSON.stringify(parsed.extensions)) {
    throw new Error(`extensions not last in the body: ${text.slice(-300)}`);
  }
  return `${body.slice(0, at)}}${text.slice(body.length)}`;
}

async function post(facade: Facade, document: string, variables: object): Promise<PageAnswer> {
  const response = await fetch(facade.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...facade.headers },
    body: JSON.stringify({ query: document, variables }),
  });
  const text = await response.text();
  const parsed = JSON.parse(text) as { data?: unknown; errors?: unknown; extensions?: Extensions };
  return {
    status: response.status,
    body: withoutExtensions(text, parsed),
    data: JSON.stringify(parsed.data ?? null),
    errors: JSON.stringify(parsed.errors ?? []),
    upstream: parsed.extensions?.upstream?.requests ?? Number.NaN,
    byEndpoint: parsed.extensions?.upstream?.byEndpoint ?? {},
    extensions: JSON.stringify(parsed.extensions ?? null),
  };
}

/** Every page of `query` (or its `pages`), following the cursors this side answered. */
async function walk(facade: Facade, query: Query): Promise<WalkAnswer> {
  const answer: WalkAnswer = { pages: [], upstream: 0, byEndpoint: {} };
  let after: string | null = null;
  for (let page = 1; ; page += 1) {
    const read = await post(facade, query.document, { id: ACCOUNT_ID, after });
    answer.pages.push(read);
    answer.upstream += read.upstream;
    for (const [endpoint, n] of Object.entries(read.byEndpoint)) {
      answer.byEndpoint[endpoint] = (answer.byEndpoint[endpoint] ?? 0) + n;
    }
    const data = JSON.parse(read.data) as {
      account?: Record<string, { pageInfo: { hasNextPage: boolean; endCursor: string | null } }>;
    } | null;
    const pageInfo = data?.account?.[query.connection]?.pageInfo;
    if (pageInfo === undefined || !pageInfo.hasNextPage || page === query.pages) return answer;
    if (pageInfo.endCursor === null || pageInfo.endCursor === after) return answer;
    after = pageInfo.endCursor;
  }
}

/** Starts one side (answers-compare-side.ts over that checkout). */
async function startSide(
  name: SideName,
): Promise<{ child: Child; facades: Record<string, Facade> }> {
  const child = await spawnChild({
    name,
    cwd: BENCH,
    script: path.join(import.meta.dirname, "answers-compare-side.ts"),
    env: { BENCH_SIDE_DIR: SIDES[name], LOG_LEVEL: "warn" },
    ready: (output) => /ANSWERS_SIDE_READY .*\n/.test(output),
    startTimeoutMs: 600_000,
  });
  const line = /ANSWERS_SIDE_READY (.*)\n/.exec(child.output())?.[1] ?? "{}";
  return { child, facades: JSON.parse(line) as Record<string, Facade> };
}

/** SIGTERM (the side closes its servers and drops its databases), SIGKILL after 60 s. */
async function stopSide(child: Child): Promise<void> {
  process.kill(child.pid, "SIGTERM");
  for (let waited = 0; waited < 60_000; waited += 250) {
    try {
      process.kill(child.pid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await child.kill();
}

const endpointDiff = (before: Record<string, number>, after: Record<string, number>) => {
  const diff: Record<string, number> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const delta = (after[key] ?? 0) - (before[key] ?? 0);
    if (delta !== 0) diff[key] = delta;
  }
  return diff;
};

/** Every leaf of a JSON value by its path, array indices written `[]`. */
function leaves(value: unknown, at: string, into: Map<string, string[]>): Map<string, string[]> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      leaves(child, Array.isArray(value) ? `${at}[]` : at === "" ? key : `${at}.${key}`, into);
    }
  } else {
    into.set(at, [...(into.get(at) ?? []), JSON.stringify(value)]);
  }
  return into;
}

/** The paths under `extensions` whose values differ on some page (or exist on one side only). */
function extensionPaths(before: PageAnswer[], after: PageAnswer[]): string[] {
  const paths = new Set<string>();
  before.forEach((page, i) => {
    const b = leaves(JSON.parse(page.extensions), "", new Map());
    const a = leaves(JSON.parse(after[i]?.extensions ?? "null"), "", new Map());
    for (const key of new Set([...b.keys(), ...a.keys()])) {
      if (JSON.stringify(b.get(key)) !== JSON.stringify(a.get(key))) paths.add(key);
    }
  });
  return [...paths].sort();
}

function compare(before: WalkAnswer, after: WalkAnswer) {
  const pairs = before.pages.map((page, i) => [page, after.pages[i]] as const);
  const same = (key: "body" | "data" | "errors") =>
    before.pages.length === after.pages.length &&
    pairs.every(([b, a]) => a !== undefined && b[key] === a[key]);
  const firstDiff = pairs.findIndex(([b, a]) => a === undefined || b.body !== a.body);
  return {
    pages: { before: before.pages.length, after: after.pages.length },
    bodyIdentical: same("body"),
    dataIdentical: same("data"),
    errorsIdentical: same("errors"),
    errors: before.pages.reduce((n, p) => n + (JSON.parse(p.errors) as unknown[]).length, 0),
    statusIdentical: pairs.every(([b, a]) => a !== undefined && a.status === b.status),
    ...(firstDiff >= 0 && {
      firstDifference: {
        page: firstDiff + 1,
        before: pairs[firstDiff]?.[0].body.slice(0, 600),
        after: pairs[firstDiff]?.[1]?.body.slice(0, 600),
      },
    }),
    upstream: { before: before.upstream, after: after.upstream },
    byEndpointChange: endpointDiff(before.byEndpoint, after.byEndpoint),
    extensionsIdentical: pairs.every(([b, a]) => a !== undefined && a.extensions === b.extensions),
    extensionsDiffer: extensionPaths(before.pages, after.pages),
  };
}

const started: { name: SideName; child: Child; facades: Record<string, Facade> }[] = [];
const rows = [];
try {
  console.log(`answers-compare: before ${SIDES.before}, after ${SIDES.after}`);
  // One after the other: each seeds 2,000 campaigns on a shared, busy machine.
  for (const name of ["before", "after"] as const)
    started.push({ name, ...(await startSide(name)) });
  const [before, after] = started;
  if (before === undefined || after === undefined) throw new Error("a side did not start");
  for (const config of Object.keys(after.facades)) {
    const facadeOf = (side: typeof before) => {
      const facade = side.facades[config];
      if (facade === undefined) throw new Error(`${side.name} has no ${config} facade`);
      return facade;
    };
    for (const query of QUERIES) {
      // Each side cold then repeated, a pause between (its snapshot writer drains, as a user's
      // next request would find it); the sides one after the other within the same minute.
      const b = await walk(facadeOf(before), query);
      await pause();
      const bRepeat = await walk(facadeOf(before), query);
      const a = await walk(facadeOf(after), query);
      await pause();
      const aRepeat = await walk(facadeOf(after), query);
      for (const [run, pair] of [
        ["cold", [b, a]],
        ["repeat", [bRepeat, aRepeat]],
      ] as const) {
        const row = { config, query: query.name, run, ...compare(pair[0], pair[1]) };
        rows.push(row);
        console.log(
          `${config} ${query.name} ${run}: data ${row.dataIdentical ? "identical" : "DIFFERS"}, errors ${row.errorsIdentical ? "identical" : "DIFFER"}, upstream ${row.upstream.before} -> ${row.upstream.after}`,
        );
      }
      if (config === "bench" && query.run !== undefined) {
        // A third walk by the bench's own code: its minimum against what the after side asked.
        const walked = await query.run(facadeOf(after), ACCOUNT_ID);
        const minimum = {
          config,
          query: query.name,
          run: "minimum" as const,
          upstreamAfter: walked.upstreamRequests,
          minimum: walked.minimumRequests,
          atMinimum: walked.upstreamRequests === walked.minimumRequests,
        };
        rows.push(minimum);
        console.log(
          `${config} ${query.name}: after ${walked.upstreamRequests} upstream requests, minimum ${walked.minimumRequests}`,
        );
      }
    }
  }
} finally {
  for (const side of started.reverse()) await stopSide(side.child);
}

const compared = rows.filter((row) => "dataIdentical" in row);
const differing = compared.filter((row) => !row.dataIdentical || !row.errorsIdentical);
const minimums = rows.filter((row) => "atMinimum" in row);
const result = {
  sides: SIDES,
  seed: "demo data + seedBench(bench1: 2,000 campaigns, 400 funding instruments, 1,000 cards, 1 line item per campaign, 1 attachment of each kind; seed 1)",
  allIdentical: differing.length === 0,
  allAtMinimum: minimums.every((row) => row.atMinimum),
  rows,
};
await writeFile(path.join(RESULTS, "answers-compare.json"), `${JSON.stringify(result, null, 2)}\n`);

const yes = (ok: boolean) => (ok ? "yes" : "**no**");
const lines = [
  "# Answers before and after issue 37",
  "",
  `Before: \`${SIDES.before}\`; after: \`${SIDES.after}\`. Command: \`npx -y pnpm@10.34.9 --filter @adsgraph/bench answers-compare\`.`,
  "",
  "| config | query | run | pages | body identical | data identical | errors identical | upstream before | upstream after | endpoints after − before |",
  "| ------ | ----- | --- | ----: | :------------: | :------------: | :--------------: | --------------: | -------------: | ------------------------ |",
  ...compared.map(
    (row) =>
      `| ${row.config} | ${row.query} | ${row.run} | ${row.pages.after} | ${yes(row.bodyIdentical)} | ${yes(row.dataIdentical)} | ${yes(row.errorsIdentical)} | ${row.upstream.before} | ${row.upstream.after} | ${
        Object.entries(row.byEndpointChange)
          .map(([k, v]) => `${k} ${v > 0 ? "+" : ""}${v}`)
          .join(", ") || "–"
      } |`,
  ),
  "",
  `Paths under \`extensions\` that differ on some page: ${[...new Set(compared.flatMap((row) => row.extensionsDiffer))].map((p) => `\`${p}\``).join(", ") || "none"}.`,
  "",
  "| query | upstream after (third walk) | minimum | at minimum |",
  "| ----- | --------------------------: | ------: | :--------: |",
  ...minimums.map(
    (row) => `| ${row.query} | ${row.upstreamAfter} | ${row.minimum} | ${yes(row.atMinimum)} |`,
  ),
  "",
];
await writeFile(path.join(RESULTS, "answers-compare.md"), lines.join("\n"));
console.log(
  `answers-compare: ${compared.length - differing.length}/${compared.length} walks identical; ${minimums.filter((r) => r.atMinimum).length}/${minimums.length} at the minimum`,
);
process.exitCode = differing.length > 0 ? 1 : 0;
