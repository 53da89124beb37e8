import { ruleIssue } from "../fields/issue.js";
import { LIMITS } from "../limits.js";
import { MS_PER_DAY, isWholeHour, parseTimestamp } from "../timestamp.js";
import { VIOLATION_CODES } from "../violations.js";
import type { Rule } from "./context.js";

const asDate = (value: unknown): Date | null =>
  typeof value === "string" ? parseTimestamp(value) : null;

/** spec §4.3 account_history: start_time and end_time on whole hours. */
export function onWholeHours(...names: readonly string[]): Rule {
  return (params, ctx) => {
    for (const name of names) {
      const date = asDate(params[name]);
      if (date !== null && !isWholeHour(date)) {
        ruleIssue(
          ctx,
          VIOLATION_CODES.INVALID_PARAMETER,
          [name],
          `${name} must be on a whole hour, minutes and seconds zero (got ${String(params[name])})`,
        );
      }
    }
  };
}

/** spec §4.8: end_time (default now) after start_time, at most 7 days later. */
export const keywordInsightsWindow: Rule = (params, ctx, context) => {
  const start = asDate(params.start_time);
  const endGiven = params.end_time !== undefined;
  const end = endGiven ? asDate(params.end_time) : context.now();
  if (start === null || end === null) return;
  const parameter = endGiven ? "end_time" : "start_time";
  const days = (end.getTime() - start.getTime()) / MS_PER_DAY;
  if (days <= 0) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.OUT_OF_RANGE,
      [parameter],
      endGiven
        ? "end_time must be after start_time"
        : "start_time must be in the past (end_time defaults to now)",
    );
  } else if (days > LIMITS.keywordInsights.windowDays) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.OUT_OF_RANGE,
      [parameter],
      `the window from start_time to ${endGiven ? "end_time" : "now"} must be at most ${LIMITS.keywordInsights.windowDays} days (got ${days.toFixed(1)})`,
    );
  }
};

/** spec §4.8: at most 10 keywords and negative keywords together. */
export const keywordInsightsCount: Rule = (params, ctx) => {
  const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
  const total = count(params.keywords) + count(params.negative_keywords);
  const max = LIMITS.keywordInsights.keywords;
  if (total > max) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.TOO_MANY_ITEMS,
      ["keywords"],
      `keywords and negative_keywords together must hold at most ${max} keywords (got ${total})`,
    );
  }
};
