import { getOperationAST, Kind, OperationTypeNode } from "graphql";
import type { DocumentNode, FragmentDefinitionNode, GraphQLSchema } from "graphql";
import type { PlanKnowledge } from "./plan-knowledge.js";
import { PlanTally } from "./plan-tally.js";
import { PlanWalk } from "./plan-walk.js";
import type { ListRead } from "./plan-walk.js";

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

const NOTHING_KNOWN: QueryPlan = {
  windows: [],
  total: { lower: 0, upper: null },
  withTotalCount: { lower: 0, upper: null },
  exact: false,
  unplanned: [],
};

/** The first pages of lists each plan reads whose size the answer tells (`learnTotals`). */
const listReads = new WeakMap<QueryPlan, readonly ListRead[]>();

/** Fragments by name, worked out once per document. */
const fragmentsOf = new WeakMap<DocumentNode, Record<string, FragmentDefinitionNode>>();

/**
 * The upstream requests an operation will send, per rate-limit family and account window,
 * worked out from the validated document, its variables and `knowledge` before it runs: the
 * same fetch rules (field extensions, fetch-rule.ts) the resolvers read. Synchronous and one
 * walk over the selection. An operation it cannot find plans nothing known.
 */
export function planOperation(input: PlanInput): QueryPlan {
  const operation = getOperationAST(input.document, input.operationName);
  if (operation === null || operation === undefined) return NOTHING_KNOWN;
  const root =
    operation.operation === OperationTypeNode.QUERY
      ? input.schema.getQueryType()
      : operation.operation === OperationTypeNode.MUTATION
        ? input.schema.getMutationType()
        : input.schema.getSubscriptionType();
  if (root === null || root === undefined) return NOTHING_KNOWN;
  let fragments = fragmentsOf.get(input.document);
  if (fragments === undefined) {
    fragments = {};
    for (const definition of input.document.definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments[definition.name.value] = definition;
    fragmentsOf.set(input.document, fragments);
  }
  const knowledge = input.knowledge ?? {};
  const tally = new PlanTally(knowledge);
  const walk = new PlanWalk(
    { schema: input.schema, fragments, variables: input.variables },
    tally,
    knowledge,
  );
  walk.walk(root, [operation.selectionSet], {
    count: { lower: 1, upper: 1 },
    groups: 1,
    groupMax: 1,
    accountId: null,
    accountLoaded: false,
    origin: null,
    path: [],
  });
  walk.finish();
  const plan = tally.build();
  listReads.set(plan, walk.lists);
  return plan;
}

/** Where `learnTotals` records a list's size. */
export interface TotalsRecorder {
  remember(key: string, total: number): void;
}

/**
 * Records the list sizes an answer shows, for the next plans of the same user: a first page's
 * `totalCount`, or its length when it says no page follows. `data` is the answer's data for
 * the operation `plan` was made for.
 */
export function learnTotals(plan: QueryPlan, data: unknown, totals: TotalsRecorder): void {
  for (const read of listReads.get(plan) ?? []) {
    let at: unknown = data;
    for (const key of read.path) at = isRecord(at) ? at[key] : undefined;
    if (!isRecord(at)) continue;
    if (typeof at.totalCount === "number" && at.totalCount >= 0) {
      totals.remember(read.key, at.totalCount);
      continue;
    }
    const pageInfo = at.pageInfo;
    const items = Array.isArray(at.edges) ? at.edges : Array.isArray(at.nodes) ? at.nodes : null;
    if (isRecord(pageInfo) && pageInfo.hasNextPage === false && items !== null)
      totals.remember(read.key, items.length);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
