/**
 * `extensions.cost` of a facade answer (docs/cost.md, issue 35), read defensively: a facade from
 * before issue 35, or an answer without it (a subscription, a transport error), has none, and
 * the command then says so instead of failing.
 */
import type {
  AnswerCost,
  CostBounds,
  CostBudget,
  CostMode,
  CostWindow,
} from "../format/cost-shape.js";

export type { AnswerCost, CostBounds, CostBudget, CostMode, CostWindow };

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

const countOrNull = (value: unknown): number | null => (isCount(value) ? value : null);

function budget(value: unknown): CostBudget | null {
  if (!isObject(value)) return null;
  const { limit, before, after, resetAt } = value;
  const known = {
    limit: countOrNull(limit),
    before: countOrNull(before),
    after: countOrNull(after),
    resetAt: typeof resetAt === "string" ? resetAt : null,
  };
  // Nothing known of it reads as an unknown window.
  return Object.values(known).every((part) => part === null) ? null : known;
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
