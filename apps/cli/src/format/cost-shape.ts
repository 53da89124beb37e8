// The facade's `extensions.cost` as the CLI reads it (docs/cost.md): what the cost table
// formats, read from an answer by facade/answer-cost.ts.
/** How many upstream requests: at least `lower`, at most `upper` (null: no bound is known). */
export interface CostBounds {
  readonly lower: number;
  readonly upper: number | null;
}

/**
 * A rate-limit window's remaining requests when the plan was checked and when it answered.
 * Each number may be null (docs/cost.md): `before` of a window the plan did not name, `limit`
 * or `resetAt` the service has not told, `after` the facade could not read.
 */
export interface CostBudget {
  readonly limit: number | null;
  readonly before: number | null;
  readonly after: number | null;
  readonly resetAt: string | null;
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
