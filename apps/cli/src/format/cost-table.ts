import type { AnswerCost, CostBounds, CostBudget, CostWindow } from "./cost-shape.js";
import { renderTable } from "./table.js";

/** `3` when exact, `1–7` between bounds, `2+` with no upper bound (a list of unknown size). */
export function boundsText({ lower, upper }: CostBounds): string {
  if (upper === null) return `${lower}+`;
  return lower === upper ? `${lower}` : `${lower}–${upper}`;
}

/** A wait as a person reads it: `42s`, `4m 12s`, `1h 3m`. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** `?` for a number the facade did not know (e.g. `before` of a window the plan missed). */
const part = (value: number | null): string => (value === null ? "?" : `${value}`);

function budgetText(budget: CostBudget | null): string {
  if (budget === null) return "unknown";
  return `${part(budget.before)} → ${part(budget.after)} of ${part(budget.limit)}`;
}

/** The reset time as given, and how far off it is (a reset already passed says so). */
function resetText(budget: CostBudget | null, now: number): string {
  if (budget?.resetAt == null) return "";
  const at = Date.parse(budget.resetAt);
  if (Number.isNaN(at)) return budget.resetAt;
  const left = at - now;
  return `${budget.resetAt} (${left > 0 ? `in ${durationText(left)}` : "passed"})`;
}

function windowRow(w: CostWindow, now: number): string[] {
  return [
    w.family,
    w.accountId ?? "user",
    boundsText(w.planned),
    `${w.actual}`,
    budgetText(w.budget),
    resetText(w.budget, now),
  ];
}

/** The line above the table: what happened to the query, and its totals. */
function summary(cost: AnswerCost): string {
  const planned = `${boundsText(cost.planned)} request${cost.planned.upper === 1 ? "" : "s"}`;
  switch (cost.mode) {
    case "explain":
      return `plan: ${planned} (explain: nothing sent)`;
    case "refused":
      return `cost: refused before any request (planned ${planned})`;
    case "waited":
      return `cost: waited ${durationText(cost.waitedMs)} for a reset; planned ${planned}, sent ${cost.actual}`;
    case "run":
      return `cost: planned ${planned}, sent ${cost.actual}`;
  }
}

/**
 * `extensions.cost` as a few lines: the summary, then a row per rate-limit window (family,
 * `user` or the account, planned, sent, remaining budget before → after, reset), the
 * `with_total_count` budget when the query uses it, and the fields no plan covers.
 */
export function costTable(cost: AnswerCost, now = Date.now()): string {
  const rows = cost.windows.map((w) => windowRow(w, now));
  const totals = cost.withTotalCount;
  if (totals !== undefined && (totals.planned.upper !== 0 || totals.actual > 0)) {
    rows.push(["with_total_count", "", boundsText(totals.planned), `${totals.actual}`, "", ""]);
  }
  let text = `${summary(cost)}\n`;
  if (rows.length > 0) {
    text += renderTable(["FAMILY", "WINDOW", "PLANNED", "SENT", "BUDGET", "RESETS"], rows);
  }
  if (cost.unplanned.length > 0) {
    text += `not planned (no upper bound): ${cost.unplanned.join(", ")}\n`;
  }
  return text;
}
