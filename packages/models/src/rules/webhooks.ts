import { parseReplayDate } from "../fields/replay-dates.js";
import { ruleIssue } from "../fields/issue.js";
import { MS_PER_DAY } from "../timestamp.js";
import { VIOLATION_CODES } from "../violations.js";
import { WEBHOOK_LIMITS } from "../webhook-limits.js";
import type { Rule } from "./context.js";

/**
 * spec §9 POST /2/webhooks/replay: from_date before to_date, neither in the future (a replay
 * re-delivers stored events; the future holds none), and at most WEBHOOK_LIMITS.replayWindowDays apart.
 * Each problem names the bound that breaks it.
 */
export const replayWindow: Rule = (params, ctx, context) => {
  const from = typeof params.from_date === "string" ? parseReplayDate(params.from_date) : undefined;
  const to = typeof params.to_date === "string" ? parseReplayDate(params.to_date) : undefined;
  const now = context.now().getTime();
  if (from !== undefined && from.getTime() > now) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["from_date"],
      "from_date must not be in the future",
    );
  }
  if (to !== undefined && to.getTime() > now) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["to_date"],
      "to_date must not be in the future",
    );
  }
  if (from === undefined || to === undefined) return;
  if (from.getTime() >= to.getTime()) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.INVALID_PARAMETER,
      ["to_date"],
      "to_date must be after from_date",
    );
  } else if (to.getTime() - from.getTime() > WEBHOOK_LIMITS.replayWindowDays * MS_PER_DAY) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.OUT_OF_RANGE,
      ["to_date"],
      `to_date must be at most ${WEBHOOK_LIMITS.replayWindowDays} days after from_date (the replay window's largest)`,
    );
  }
};
