import { isDeepStrictEqual } from "node:util";
import { errorCodes, postGraphQL, type Exchange } from "./graphql.js";
import type { ReferenceQuery } from "./queries.js";
import type { Facade } from "./servers.js";

/** One GraphQL request of a reference query (a page), with its right answer. */
export interface Page {
  query: string;
  page: number;
  document: string;
  variables: { id: string; after: string | null };
  expected: unknown;
}

interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * Walks every reference query on the fault-free facade and keeps each page's answer. Later
 * pages are asked with these cursors, so each faulty request stands alone: a failed page does
 * not cut short the pages after it.
 */
export async function referencePages(
  facade: Facade,
  queries: readonly ReferenceQuery[],
  accountId: string,
): Promise<Page[]> {
  const pages: Page[] = [];
  for (const query of queries) {
    let after: string | null = null;
    for (let page = 1; ; page += 1) {
      const variables = { id: accountId, after };
      const exchange = await postGraphQL(facade, query.document, variables);
      if (exchange.kind !== "answer" || exchange.errors.length > 0 || exchange.data === null) {
        throw new Error(
          `${query.name} page ${page} failed without faults: ${errorCodes(exchange).join(", ")}`,
        );
      }
      pages.push({
        query: query.name,
        page,
        document: query.document,
        variables,
        expected: exchange.data,
      });
      const data = exchange.data as { account: Record<string, { pageInfo: PageInfo }> };
      const pageInfo = data.account[query.connection]?.pageInfo;
      if (pageInfo === undefined || !pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
  }
  return pages;
}

export type ReadOutcome = "correct" | "stale" | "wrong" | "error";

/**
 * correct: no errors, not marked stale, the same data as without faults; stale: marked
 * `extensions.cache.stale` (a snapshot answered for a failed upstream); error: any GraphQL
 * error or no answer; wrong: data that differs and is not marked.
 */
export function classify(exchange: Exchange, expected: unknown): ReadOutcome {
  if (exchange.kind !== "answer" || exchange.errors.length > 0) return "error";
  if (exchange.extensions?.cache?.stale === true) return "stale";
  return isDeepStrictEqual(exchange.data, expected) ? "correct" : "wrong";
}

export interface ReadSummary {
  requests: number;
  correct: number;
  stale: number;
  /** Stale answers whose data still equals the fault-free answer (nothing changed meanwhile). */
  staleSameAsReference: number;
  wrong: number;
  error: number;
  correctOrStaleShare: number;
  /** `extensions.code` of the errors, counted. */
  errorCodes: Record<string, number>;
  byPage: Record<string, Record<ReadOutcome, number>>;
  /** The first few wrong answers, for the reader to look at. */
  wrongSamples: { page: string; data: string }[];
}

/** Sends `total` page requests to the faulty facade (round robin over the pages, `concurrency` at once). */
export async function runReads(
  facade: Facade,
  pages: readonly Page[],
  total: number,
  concurrency: number,
  onProgress: (done: number) => void,
): Promise<ReadSummary> {
  const summary: ReadSummary = {
    requests: 0,
    correct: 0,
    stale: 0,
    staleSameAsReference: 0,
    wrong: 0,
    error: 0,
    correctOrStaleShare: 0,
    errorCodes: {},
    byPage: {},
    wrongSamples: [],
  };
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < total; index = next++) {
      const page = pages[index % pages.length] as Page;
      const exchange = await postGraphQL(facade, page.document, page.variables);
      const outcome = classify(exchange, page.expected);
      const key = `${page.query} page ${page.page}`;
      const counts = (summary.byPage[key] ??= { correct: 0, stale: 0, wrong: 0, error: 0 });
      counts[outcome] += 1;
      summary[outcome] += 1;
      summary.requests += 1;
      if (outcome === "stale" && exchange.kind === "answer") {
        if (isDeepStrictEqual(exchange.data, page.expected)) summary.staleSameAsReference += 1;
      }
      if (outcome === "error") {
        for (const code of errorCodes(exchange)) {
          summary.errorCodes[code] = (summary.errorCodes[code] ?? 0) + 1;
        }
      }
      if (outcome === "wrong" && summary.wrongSamples.length < 3 && exchange.kind === "answer") {
        summary.wrongSamples.push({
          page: key,
          data: JSON.stringify(exchange.data).slice(0, 2000),
        });
      }
      onProgress(summary.requests);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  summary.correctOrStaleShare =
    summary.requests === 0 ? 0 : (summary.correct + summary.stale) / summary.requests;
  return summary;
}
