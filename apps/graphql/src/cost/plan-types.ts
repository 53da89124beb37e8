import type { DocumentNode, GraphQLSchema } from "graphql";
import type { PlanKnowledge } from "./plan-knowledge.js";

// The plan's types, apart from the planner: the walk, the tally and the request's cost state
// import them without importing the planner (no import cycles).
/** How many upstream requests: at least `lower`, at most `upper` (null: no bound is known). */
export interface Bounds {
  readonly lower: number;
  readonly upper: number | null;
}

/**
 * The requests a query plans to send into one rate-limit window: the user's window of a
 * family (`accountId` null), or an account's window of a family (GETs of that account's paths).
 */
export interface PlannedWindow {
  /** The catalog's rate-limit family (`getEndpoint(id).family`). */
  readonly family: string;
  readonly accountId: string | null;
  readonly requests: Bounds;
}

/** What a query will send upstream, worked out before it runs (issue 35). */
export interface QueryPlan {
  /** Every window the query may spend, user windows first, then account windows. */
  readonly windows: readonly PlannedWindow[];
  /** All upstream requests. */
  readonly total: Bounds;
  /** Requests asking `with_total_count=true` (their own 200 per 15 minutes, spec §8). */
  readonly withTotalCount: Bounds;
  /** True when every count is known: `lower === upper` everywhere. */
  readonly exact: boolean;
  /** Schema coordinates (`Type.field`) read upstream by no rule the planner knows. */
  readonly unplanned: readonly string[];
}

export interface PlanInput {
  readonly schema: GraphQLSchema;
  /** A validated document. */
  readonly document: DocumentNode;
  readonly operationName?: string | null | undefined;
  /** The operation's coerced variable values. */
  readonly variables: Readonly<Record<string, unknown>>;
  /** What the facade knows that changes the requests (snapshots, known totals, batching). */
  readonly knowledge?: PlanKnowledge | undefined;
}
