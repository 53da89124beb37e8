import type { z } from "zod";
import { fieldIssue, ruleIssue } from "../fields/issue.js";
import { LIMITS } from "../limits.js";
import { VIOLATION_CODES } from "../violations.js";

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== "";

/**
 * spec §2.8 app destination: at least one of googleplay_app_id / ios_app_store_identifier;
 * googleplay_deep_link only with googleplay_app_id, ios_deep_link only with
 * ios_app_store_identifier.
 */
export function checkAppDestination(
  destination: Readonly<Record<string, unknown>>,
  ctx: z.RefinementCtx,
): void {
  const hasPlay = present(destination.googleplay_app_id);
  const hasIos = present(destination.ios_app_store_identifier);
  if (!hasPlay && !hasIos) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.MISSING_PARAMETER,
      ["googleplay_app_id"],
      "an app destination needs googleplay_app_id or ios_app_store_identifier (at least one)",
    );
  }
  if (present(destination.googleplay_deep_link) && !hasPlay) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["googleplay_deep_link"],
      "googleplay_deep_link is only allowed together with googleplay_app_id",
    );
  }
  if (present(destination.ios_deep_link) && !hasIos) {
    ruleIssue(
      ctx,
      VIOLATION_CODES.CONFLICTING_PARAMETERS,
      ["ios_deep_link"],
      "ios_deep_link is only allowed together with ios_app_store_identifier",
    );
  }
}

/** spec §2.8 / §8: SWIPEABLE_MEDIA holds 2 to 6 media keys. */
export function checkSwipeableCount(keys: readonly unknown[], ctx: z.RefinementCtx): void {
  const { min, max } = LIMITS.swipeableMedia;
  if (keys.length < min) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.TOO_FEW_ITEMS,
      `must hold at least ${min} media keys (got ${keys.length})`,
    );
  } else if (keys.length > max) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.TOO_MANY_ITEMS,
      `must hold at most ${max} media keys (got ${keys.length})`,
    );
  }
}
