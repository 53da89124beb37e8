import type { EndpointId } from "@adsgraph/models";
import type { FreshnessPolicy } from "../snapshots/freshness.js";
import type { KnownTotals } from "./known-totals.js";

/**
 * What the facade knows before a query runs that changes its upstream requests. Every member
 * is optional: left out, the plan assumes nothing (sound: a fresh snapshot may answer any read).
 */
export interface PlanKnowledge {
  /** UPSTREAM_BATCHING: false plans the naive loaders (a request per by-id read). Default true. */
  readonly batching?: boolean;
  /**
   * How long a snapshot of the endpoint's answer may stand in for upstream (ms; 0 never): reads
   * a snapshot may answer count 0 in the lower bound. Left out: every read may be answered.
   */
  readonly snapshotFreshMs?: (endpointId: EndpointId) => number;
  /**
   * Whether a fresh snapshot is known to answer this read of this account (both bounds 0):
   * for facts the caller checked before planning. Left out: none is known.
   */
  readonly knownFresh?: (endpointId: EndpointId, accountId: string | null) => boolean;
  /** Sizes of lists this user's earlier answers showed (KnownTotalsBook.forUser). */
  readonly totals?: KnownTotals;
  /**
   * Whether upstream said within its TTL that the caller may see the account
   * (`GraphQLContext.accessKnown`). Left out: never known.
   */
  readonly accessKnown?: (accountId: string) => boolean;
}

/**
 * The knowledge of one request, from what the services hold (no I/O): the loaders' batching,
 * the snapshot freshness policy (snapshots off: SNAPSHOT_WRITES=false still leaves other
 * replicas' snapshots, so only a zero freshness rules them out) and the user's known totals.
 */
export function planKnowledgeFor({
  batching,
  policy,
  totals,
  accessKnown,
}: {
  batching: boolean;
  policy: FreshnessPolicy;
  totals?: KnownTotals | undefined;
  accessKnown?: ((accountId: string) => boolean) | undefined;
}): PlanKnowledge {
  return {
    batching,
    snapshotFreshMs: (endpointId) => policy.freshForMs(endpointId),
    ...(totals !== undefined && { totals }),
    ...(accessKnown !== undefined && { accessKnown }),
  };
}
