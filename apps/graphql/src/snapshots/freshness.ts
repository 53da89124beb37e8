import { getEndpoint } from "@adsgraph/models";

/**
 * POSTs that change nothing (the catalog's `safe`: spec §4.6 an audience estimate is a question
 * in a JSON body): answered like reads (snapshots, freshness), never marking their account written.
 */
export function isReadingPost(endpointId: string): boolean {
  const entry = getEndpoint(endpointId);
  return entry.safe && entry.method !== "GET";
}

/** Reference data (the catalog's `freshness`, spec §4.4): the same for every caller. */
export function isReferenceEndpoint(endpointId: string): boolean {
  return getEndpoint(endpointId).freshness === "reference";
}

/**
 * The post-data API's posts name no account (spec §4.9): its reads and writes share a write
 * scope of their own in `accountWrites` (an account id never holds `:`), so a post published
 * or edited through this process voids every lookup snapshot read before it (an edit changes
 * the edit history of every version, a reply the counts of what it answers).
 */
export const POST_DATA_SCOPE = "post-data:";

/** The scope a call's writes mark and its reads check: its account, or the post-data API's. */
export function writeScopeOf(endpointId: string, accountId: string | null): string | null {
  return endpointId.startsWith("post_data.posts.") ? POST_DATA_SCOPE : accountId;
}

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/**
 * Answers carrying public metrics (spec §2.12: counts that change with time): a lookup asking
 * `public_metrics` of posts or media, and the advertising list of published posts (it embeds
 * the counts). A snapshot of one is never fresh: only an outage serves it, marked stale.
 */
export function carriesLiveCounts(
  endpointId: string,
  params: Readonly<Record<string, unknown>>,
): boolean {
  if (endpointId === "post_data.posts.lookup") {
    return (
      listOf(params["post.fields"]).includes("public_metrics") ||
      listOf(params["media.fields"]).includes("public_metrics")
    );
  }
  return endpointId === "posts.list" && params.post_type === "PUBLISHED";
}

/**
 * Posts keep no per-resource history (the catalog's `history`): no field shows it, and a
 * published post's counts change with every read, so each read would store a version. Their
 * query snapshots (fresh answers, outages) are kept as for any read.
 */
export function keepsHistory(endpointId: string): boolean {
  return getEndpoint(endpointId).history;
}

export interface FreshnessPolicy {
  /**
   * How long a snapshot of this call's answer may stand in for upstream; 0 never (answers with
   * live counts never: `carriesLiveCounts`).
   */
  freshForMs(endpointId: string, params?: Readonly<Record<string, unknown>>): number;
}

/**
 * Analytics (issue 36): answered by the stats snapshots of the metrics loaders
 * (stats-snapshots.ts), never by the query snapshots of the upstream layer. A job's create
 * is a POST that changes no ads data: it must not mark its account written.
 */
export function isAnalyticsEndpoint(endpointId: string): boolean {
  return getEndpoint(endpointId).family.startsWith("stats");
}

/**
 * Reference data long, entities short (SNAPSHOT_FRESH_SECONDS_*), metrics over open hours
 * STATS_FRESH_SECONDS (ended ranges for ever, see stats-snapshots.ts); zero turns a kind off.
 */
export function createFreshnessPolicy({
  referenceSeconds,
  entitySeconds,
  statsSeconds = 0,
}: {
  referenceSeconds: number;
  entitySeconds: number;
  statsSeconds?: number;
}): FreshnessPolicy {
  return {
    freshForMs: (endpointId, params = {}) => {
      if (carriesLiveCounts(endpointId, params)) return 0;
      if (endpointId === "stats.get") return statsSeconds > 0 ? statsSeconds * 1000 : Infinity;
      if (isAnalyticsEndpoint(endpointId)) return 0;
      return (isReferenceEndpoint(endpointId) ? referenceSeconds : entitySeconds) * 1000;
    },
  };
}

/**
 * The entity kind of the items an endpoint answers, for per-resource history
 * (`campaigns.list` → `campaign`, `cards.poll.get` → `poll_card`).
 */
export function entityTypeOf(endpointId: string): string {
  const base = endpointId.replace(/\.(list|get|create|update|delete|batch)$/, "");
  const parts = base.split(".");
  if (parts[0] === "cards" && parts.length === 2 && parts[1] !== "all") return `${parts[1]}_card`;
  if (parts[0] === "cards") return "card";
  const last = parts[parts.length - 1] ?? base;
  if (last === "account_media") return last;
  // line_item_curated_categories → line_item_curated_category
  return last.endsWith("ies") ? `${last.slice(0, -3)}y` : last.replace(/s$/, "");
}
