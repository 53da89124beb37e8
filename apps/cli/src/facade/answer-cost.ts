/**
 * `extensions.cost` of a facade answer (docs/cost.md, issue 35), read defensively: a facade from
 * before issue 35, or an answer without it (a subscription, a transport error), has none, and
 * the command then says so instead of failing.
 */

/** How many upstream requests: at least `lower`, at most `upper` (null: no bound is known). */
export interface CostBounds {
  readonly lower: number;
  readonly upper: number | null;
}

/** A rate-limit window's remaining requests when the plan was checked and when it answered. */
export interface CostBudget {
  readonly limit: number;
  readonly before: number;
  readonly after: number;
  readonly resetAt: string;
}

export interface CostWindow {
  readonly family: string;
  /** null: the user's window of the family; else that account's window. */
  readonly accountId: string | null;
  readonly planned: CostBounds;
  readonly actual: number;
  /** null: no answer has told the facade this window's state yet. */
  readonly budget: CostBudget | null;
}

export type CostMode = "run" | "explain" | "refused" | "waited";

export interface AnswerCost {
  readonly mode: CostMode;
  readonly planned: CostBounds & { readonly exact?: boolean };
  readonly actual: number;
  readonly windows: readonly CostWindow[];
  readonly withTotalCount?: { readonly planned: CostBounds; readonly actual: number };
  readonly unplanned: readonly string[];
  readonly waitedMs: number;
}

const MODES: readonly string[] = ["run", "explain", "refused", "waited"];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

function bounds(value: unknown): CostBounds | undefined {
  if (!isObject(value) || !isCount(value.lower)) return undefined;
  if (value.upper !== null && !isCount(value.upper)) return undefined;
  return { lower: value.lower, upper: value.upper };
}

function budget(value: unknown): CostBudget | null {
  if (!isObject(value)) return null;
  const { limit, before, after, resetAt } = value;
  if (!isCount(limit) || !isCount(before) || !isCount(after) || typeof resetAt !== "string") {
    return null;
  }
  return { limit, before, after, resetAt };
}

function window(value: unknown): CostWindow | undefined {
  if (!isObject(value) || typeof value.family !== "string") return undefined;
  const planned = bounds(value.planned);
  if (planned === undefined) return undefined;
  return {
    family: value.family,
    accountId: typeof value.accountId === "string" ? value.accountId : null,
    planned,
    actual: isCount(value.actual) ? value.actual : 0,
    budget: budget(value.budget),
  };
}

/**
 * The answer's `extensions.cost`, or undefined when it has none or one this command cannot read
 * (a window it cannot read is left out rather than failing the whole display).
 */
export function answerCost(extensions: unknown): AnswerCost | undefined {
  if (!isObject(extensions) || !isObject(extensions.cost)) return undefined;
  const cost = extensions.cost;
  const planned = bounds(cost.planned);
  if (typeof cost.mode !== "string" || !MODES.includes(cost.mode) || planned === undefined) {
    return undefined;
  }
  const plannedExact = isObject(cost.planned) ? cost.planned.exact : undefined;
  const total = isObject(cost.withTotalCount) ? bounds(cost.withTotalCount.planned) : undefined;
  return {
    mode: cost.mode as CostMode,
    planned: { ...planned, ...(typeof plannedExact === "boolean" && { exact: plannedExact }) },
    actual: isCount(cost.actual) ? cost.actual : 0,
    windows: (Array.isArray(cost.windows) ? cost.windows : [])
      .map(window)
      .filter((w): w is CostWindow => w !== undefined),
    ...(total !== undefined &&
      isObject(cost.withTotalCount) && {
        withTotalCount: {
          planned: total,
          actual: isCount(cost.withTotalCount.actual) ? cost.withTotalCount.actual : 0,
        },
      }),
    unplanned: (Array.isArray(cost.unplanned) ? cost.unplanned : []).filter(
      (field): field is string => typeof field === "string",
    ),
    waitedMs: isCount(cost.waitedMs) ? cost.waitedMs : 0,
  };
}
