import type { WindowCount } from "../upstream/request-counter.js";
import type { KnownBudget } from "./budget-store.js";
import type { Bounds, QueryPlan } from "./query-plan.js";

/** How the request went: ran, answered the plan only, refused, or ran after waiting. */
export type CostMode = "run" | "explain" | "refused" | "waited";

/** A window's budget as the answer shows it (null: nothing has told the window yet). */
export interface BudgetReport {
  readonly limit: number | null;
  /** Remaining when the plan was checked (before any hold). */
  readonly before: number | null;
  /** Remaining when the answer is sent. */
  readonly after: number | null;
  /** ISO time of the window's reset; null while a restarted window's is untold. */
  readonly resetAt: string | null;
}

export interface WindowReport {
  readonly family: string;
  readonly accountId: string | null;
  readonly planned: Bounds;
  readonly actual: number;
  readonly budget: BudgetReport | null;
}

/** `extensions.cost` of every answer (design-35.md). */
export interface CostReport {
  readonly mode: CostMode;
  readonly planned: Bounds & { readonly exact: boolean };
  readonly actual: number;
  readonly windows: readonly WindowReport[];
  readonly withTotalCount: { readonly planned: Bounds; readonly actual: number };
  readonly unplanned: readonly string[];
  readonly waitedMs: number;
}

/** A window of the report, before its budgets are read. */
export interface ReportWindow {
  readonly family: string;
  readonly accountId: string | null;
  readonly planned: Bounds;
  readonly actual: number;
}

const key = (family: string, accountId: string | null) => `${family}\u0000${accountId ?? ""}`;

/**
 * The plan's windows with what was sent into each, and windows the plan did not name but
 * requests spent (planned 0 to unknown: the planner missed them), plan order first.
 */
export function reportWindows(
  plan: QueryPlan,
  sent: readonly WindowCount[],
  sentCounts: boolean,
): ReportWindow[] {
  const actual = new Map(sent.map((count) => [key(count.family, count.accountId), count.requests]));
  const windows: ReportWindow[] = plan.windows.map((window) => ({
    family: window.family,
    accountId: window.accountId,
    planned: window.requests,
    actual: sentCounts ? (actual.get(key(window.family, window.accountId)) ?? 0) : 0,
  }));
  const named = new Set(windows.map((window) => key(window.family, window.accountId)));
  if (sentCounts) {
    for (const count of sent) {
      if (named.has(key(count.family, count.accountId))) continue;
      windows.push({
        family: count.family,
        accountId: count.accountId,
        planned: { lower: 0, upper: null },
        actual: count.requests,
      });
    }
  }
  return windows;
}

export function budgetReport(
  before: KnownBudget | null | undefined,
  after: KnownBudget | null | undefined,
): BudgetReport | null {
  const known = after ?? before;
  if (known === null || known === undefined) return null;
  return {
    limit: known.limit,
    before: before?.remaining ?? null,
    after: after?.remaining ?? null,
    resetAt: known.resetAt === null ? null : new Date(known.resetAt).toISOString(),
  };
}
