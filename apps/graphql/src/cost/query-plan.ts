import { getOperationAST, Kind, OperationTypeNode } from "graphql";
import type { DocumentNode, FragmentDefinitionNode } from "graphql";
import { PlanTally } from "./plan-tally.js";
import { PlanWalk } from "./plan-walk.js";
import type { ListRead } from "./plan-walk.js";
import type { PlanInput, QueryPlan } from "./plan-types.js";

export type { Bounds, PlanInput, PlannedWindow, QueryPlan } from "./plan-types.js";

const NOTHING_KNOWN: QueryPlan = {
  windows: [],
  total: { lower: 0, upper: null },
  withTotalCount: { lower: 0, upper: null },
  exact: false,
  unplanned: [],
};

/**
 * The first pages of lists each plan reads whose size the answer tells (`learnTotals`), and
 * when it was planned: a size learned from its answer is as old as that (a write while the
 * query ran voids it).
 */
const listReads = new WeakMap<QueryPlan, { reads: readonly ListRead[]; at: number }>();

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
  if (walk.lists.length > 0) listReads.set(plan, { reads: walk.lists, at: Date.now() });
  return plan;
}

/** Where `learnTotals` records a list's size. */
export interface TotalsRecorder {
  /** `seenAt`: when the plan was made (ms), the time the size holds from. */
  remember(key: string, total: number, seenAt: number): void;
}

/**
 * Records the list sizes an answer shows, for the next plans of the same user: a first page's
 * `totalCount`, or its length when it says no page follows. `data` is the answer's data for
 * the operation `plan` was made for.
 */
export function learnTotals(plan: QueryPlan, data: unknown, totals: TotalsRecorder): void {
  const learned = listReads.get(plan);
  if (learned === undefined) return;
  for (const read of learned.reads) {
    let at: unknown = data;
    for (const key of read.path) at = isRecord(at) ? at[key] : undefined;
    if (!isRecord(at)) continue;
    if (typeof at.totalCount === "number" && at.totalCount >= 0) {
      totals.remember(read.key, at.totalCount, learned.at);
      continue;
    }
    const pageInfo = at.pageInfo;
    const items = Array.isArray(at.edges) ? at.edges : Array.isArray(at.nodes) ? at.nodes : null;
    if (isRecord(pageInfo) && pageInfo.hasNextPage === false && items !== null)
      totals.remember(read.key, items.length, learned.at);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
