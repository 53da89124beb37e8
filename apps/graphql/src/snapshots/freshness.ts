import type { EndpointId } from "@adsgraph/models";

/** Reference data (spec §4.4): the same for every caller, changes rarely. */
const REFERENCE_ENDPOINTS: ReadonlySet<string> = new Set<EndpointId>([
  "advertiser_business_categories.list",
  "bidding_rules.list",
  "content_categories.list",
  "iab_categories.list",
  "placements.list",
]);

/**
 * POSTs that change nothing (spec §4.6: an audience estimate is a question in a JSON body):
 * answered like reads (snapshots, freshness), never marking their account written.
 */
const READING_POSTS: ReadonlySet<string> = new Set<EndpointId>(["audience_estimate.estimate"]);

export function isReadingPost(endpointId: string): boolean {
  return READING_POSTS.has(endpointId);
}

export function isReferenceEndpoint(endpointId: string): boolean {
  return REFERENCE_ENDPOINTS.has(endpointId);
}

export interface FreshnessPolicy {
  /** How long a snapshot of this endpoint's answer may stand in for upstream; 0 never. */
  freshForMs(endpointId: string): number;
}

/** Reference data long, entities short (SNAPSHOT_FRESH_SECONDS_*); zero turns a kind off. */
export function createFreshnessPolicy({
  referenceSeconds,
  entitySeconds,
}: {
  referenceSeconds: number;
  entitySeconds: number;
}): FreshnessPolicy {
  return {
    freshForMs: (endpointId) =>
      (isReferenceEndpoint(endpointId) ? referenceSeconds : entitySeconds) * 1000,
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
