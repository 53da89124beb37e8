import { isDeepStrictEqual } from "node:util";
import { errorCodes, postGraphQL, type Exchange } from "./graphql.js";
import { readPages, type ReferenceQuery } from "./queries.js";
import type { Facade } from "./servers.js";

/** One GraphQL request of a reference query (a page), with its right answer. */
export interface Page {
  query: string;
  page: number;
  document: string;
  variables: { id: string; after: string | null };
  expected: unknown;
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
    let page = 0;
    for await (const read of readPages(facade, query, accountId)) {
      page += 1;
      pages.push({
        query: query.name,
        page,
        document: query.document,
        variables: read.variables,
        expected: read.data,
      });
    }
  }
  return pages;
}

export type ReadOutcome = "correct" | "stale" | "wrong" | "error";

/**
 * correct: no errors, not marked stale, the same data as without faults; stale: the same data,
 * marked `extensions.cache.stale` (a snapshot answered for a failed upstream); error: any
 * GraphQL error or no answer; wrong: data that differs, marked stale or not. The read account
 * is never written during the run, so a snapshot of it can only hold the reference's data.
 */
export function classify(exchange: Exchange, expected: unknown): ReadOutcome {
  if (exchange.kind !== "answer" || exchange.errors.length > 0) return "error";
  if (!isDeepStrictEqual(exchange.data, expected)) return "wrong";
  return exchange.extensions?.cache?.stale === true ? "stale" : "correct";
}

export interface ReadSummary {
  requests: number;
  correct: number;
  stale: number;
  wrong: number;
  /** Of the wrong answers, those marked stale (a snapshot that differs from the reference). */
  wrongMarkedStale: number;
  error: number;
  correctOrStaleShare: number;
  /** `extensions.code` of the errors, counted. */
  errorCodes: Record<string, number>;
  byPage: Record<string, Record<ReadOutcome, number>>;
  /** The first few wrong answers, for the reader to look at. */
  wrongSamples: { page: string; markedStale: boolean; data: string }[];
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
    wrong: 0,
    wrongMarkedStale: 0,
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
      if (outcome === "error") {
        for (const code of errorCodes(exchange)) {
          summary.errorCodes[code] = (summary.errorCodes[code] ?? 0) + 1;
        }
      }
      if (outcome === "wrong" && exchange.kind === "answer") {
        const markedStale = exchange.extensions?.cache?.stale === true;
        if (markedStale) summary.wrongMarkedStale += 1;
        if (summary.wrongSamples.length < 3) {
          summary.wrongSamples.push({
            page: key,
            markedStale,
            data: JSON.stringify(exchange.data).slice(0, 2000),
          });
        }
      }
      onProgress(summary.requests);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  summary.correctOrStaleShare =
    summary.requests === 0 ? 0 : (summary.correct + summary.stale) / summary.requests;
  return summary;
}
