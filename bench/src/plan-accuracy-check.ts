// One query of the plan-accuracy bench (issue 35) checked: the plan the facade reported
// (extensions.cost), or the in-process planner's for the same document and variables when the
// facade reports none, against the requests it really sent (extensions.upstream, by family
// through the catalog) and against ads-api's own request log.
import { getEndpoint } from "@adsgraph/models";
import { planOperation, schema, type Bounds, type PlanInput } from "@adsgraph/graphql/testing";
import { getVariableValues, Kind, parse, type OperationDefinitionNode } from "graphql";

/** The plan as the bench compares it, whichever side computed it. */
export interface ComparedPlan {
  /** `extensions`: the facade's own answer; `in-process`: planOperation here, no knowledge. */
  readonly source: "extensions" | "in-process";
  readonly total: Bounds;
  readonly exact: boolean;
  readonly withTotalCount: Bounds;
  /** Each window with the facade's own count of it when it reported one. */
  readonly windows: readonly {
    family: string;
    accountId: string | null;
    planned: Bounds;
    actual: number | null;
  }[];
  readonly unplanned: readonly string[];
}

/** The facade's `extensions.cost` (docs: design of issue 35), as far as the bench reads it. */
export interface CostExtension {
  readonly mode?: string;
  readonly planned: { lower: number; upper: number | null; exact: boolean };
  readonly actual: number;
  readonly windows?: readonly {
    family: string;
    accountId: string | null;
    planned: Bounds;
    actual?: number | null;
  }[];
  readonly withTotalCount?: { planned: Bounds; actual?: number };
  readonly unplanned?: readonly string[];
}

export interface UpstreamExtension {
  readonly requests: number;
  readonly withTotalCount: number;
  readonly byEndpoint: Readonly<Record<string, number>>;
}

/** What was sent for one query: the facade's count and ads-api's. */
export interface Actual {
  readonly total: number;
  readonly withTotalCount: number;
  readonly byFamily: Readonly<Record<string, number>>;
  readonly byEndpoint: Readonly<Record<string, number>>;
  /** ads-api's request log over the same query (reset before it). */
  readonly adsApiLog: { total: number; byEndpoint: Readonly<Record<string, number>> };
}

export const within = (bounds: Bounds, n: number): boolean =>
  n >= bounds.lower && (bounds.upper === null || n <= bounds.upper);

export const showBounds = (b: Bounds): string =>
  b.upper === b.lower ? `${b.lower}` : `[${b.lower}, ${b.upper ?? "∞"}]`;

/** The plan of the facade's answer, or null when it carried none. */
export function planOfExtension(cost: CostExtension | undefined): ComparedPlan | null {
  if (cost === undefined) return null;
  return {
    source: "extensions",
    total: { lower: cost.planned.lower, upper: cost.planned.upper },
    exact: cost.planned.exact,
    withTotalCount: cost.withTotalCount?.planned ?? { lower: 0, upper: null },
    windows: (cost.windows ?? []).map((window) => ({
      family: window.family,
      accountId: window.accountId,
      planned: window.planned,
      actual: window.actual ?? null,
    })),
    unplanned: cost.unplanned ?? [],
  };
}

/** What the in-process planner is told of the facade it stands in for (PlanInput.knowledge). */
export type Knowledge = PlanInput["knowledge"];

/** The in-process planner's plan of a document and its (coerced) variables. */
export function planInProcess(
  document: string,
  variables: Record<string, unknown>,
  knowledge: Knowledge,
): ComparedPlan {
  const plan = planOperation({ ...planInputOf(document, variables), knowledge });
  return {
    source: "in-process",
    total: plan.total,
    exact: plan.exact,
    withTotalCount: plan.withTotalCount,
    windows: plan.windows.map((window) => ({
      family: window.family,
      accountId: window.accountId,
      planned: window.requests,
      actual: null,
    })),
    unplanned: plan.unplanned,
  };
}

/** What the facade hands the planner: the parsed document and its coerced variables. */
export function planInputOf(document: string, variables: Record<string, unknown>): PlanInput {
  const parsed = parse(document);
  const operation = parsed.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operation === undefined) throw new Error("no operation in the document");
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors !== undefined)
    throw new Error(coerced.errors.map((e) => e.message).join("; "));
  return { schema, document: parsed, variables: coerced.coerced };
}

/** Requests by rate-limit family (the catalog's `family` of each endpoint id). */
export function byFamily(byEndpoint: Readonly<Record<string, number>>): Record<string, number> {
  const families: Record<string, number> = {};
  for (const [id, count] of Object.entries(byEndpoint)) {
    const family = getEndpoint(id).family;
    families[family] = (families[family] ?? 0) + count;
  }
  return families;
}

/** Where the plan and what was sent disagree: each a planner bug, in words. */
export function violationsOf(plan: ComparedPlan, actual: Actual): string[] {
  const found: string[] = [];
  if (!within(plan.total, actual.total))
    found.push(`total: sent ${actual.total}, planned ${showBounds(plan.total)}`);
  if (plan.exact && actual.total !== plan.total.lower)
    found.push(`exact plan of ${plan.total.lower}, sent ${actual.total}`);
  if (!within(plan.withTotalCount, actual.withTotalCount))
    found.push(
      `with_total_count: sent ${actual.withTotalCount}, planned ${showBounds(plan.withTotalCount)}`,
    );
  const userWindows = new Map(
    plan.windows.filter((w) => w.accountId === null).map((w) => [w.family, w.planned]),
  );
  const families = new Set([...userWindows.keys(), ...Object.keys(actual.byFamily)]);
  for (const family of families) {
    const sent = actual.byFamily[family] ?? 0;
    const planned = userWindows.get(family);
    // Requests of a field no rule describes are listed in `unplanned` and in no window.
    if (planned === undefined && plan.unplanned.length > 0) continue;
    // A window's upper bound cannot count what unplanned fields send in its family.
    const bounds = {
      lower: planned?.lower ?? 0,
      upper: plan.unplanned.length > 0 ? null : planned === undefined ? 0 : planned.upper,
    };
    if (!within(bounds, sent))
      found.push(
        `family ${family} (user window): sent ${sent}, planned ${planned === undefined ? "no window" : showBounds(bounds)}`,
      );
  }
  for (const window of plan.windows) {
    // The facade adds the windows requests spent that the plan did not name as [0, ∞]: with
    // a bounded total that is a window the planner missed, not an unknown size. An account
    // window the plan could not name (accounts read by the query itself, viewer.accounts) is
    // covered when its family's user window is bounded: its requests are counted there too.
    const coveredByUser =
      window.accountId !== null && (userWindows.get(window.family)?.upper ?? null) !== null;
    if (
      window.planned.upper === null &&
      plan.total.upper !== null &&
      window.actual !== null &&
      !coveredByUser
    )
      found.push(
        `family ${window.family}${window.accountId === null ? "" : ` account ${window.accountId}`}: ` +
          `sent ${window.actual} into a window the plan did not bound (total ${showBounds(plan.total)})`,
      );
    if (window.accountId === null || window.actual === null) continue;
    if (!within(window.planned, window.actual))
      found.push(
        `family ${window.family} account ${window.accountId}: the facade counted ${window.actual}, planned ${showBounds(window.planned)}`,
      );
  }
  return found;
}

/** Where the counts of what was sent disagree with each other (a counting bug, not the plan's). */
export function countMismatches(actual: Actual, cost: CostExtension | undefined): string[] {
  const found: string[] = [];
  if (actual.adsApiLog.total !== actual.total)
    found.push(`ads-api logged ${actual.adsApiLog.total}, the facade counted ${actual.total}`);
  if (cost !== undefined && cost.actual !== actual.total)
    found.push(`extensions.cost.actual ${cost.actual}, extensions.upstream ${actual.total}`);
  return found;
}
