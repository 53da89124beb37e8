import { createHash } from "node:crypto";
import { COUNTRY_TARGETING_VALUES, countryOfLocation, effectiveOperator } from "@adsgraph/models";
import type { AudienceEstimate, OperatorType, TargetingCriterion } from "@adsgraph/models";
import type { Presented } from "./presented.js";

/** Users an estimate draws from: a fixed, invented population (this service has no audience). */
export const REACHABLE_USERS = 330_000_000;

/** Criteria values compare without case or surrounding spaces ("NBA " is "nba"). */
const normal = (value: string): string => value.trim().toLowerCase();

/**
 * What a criterion's value is compared as: a country-level location in either form (the
 * alpha-2 code in any case, or the country's targeting value) as one key, the targeting value
 * where this service knows it, so `US` and `96683cc9126741d1` are one place (issue 33); any
 * other value as itself, normalised.
 */
function valueKey(type: string, value: string): string {
  const plain = normal(value);
  if (type !== "LOCATION") return plain;
  const country = countryOfLocation(plain.toUpperCase()) ?? countryOfLocation(plain);
  return country === undefined ? plain : (COUNTRY_TARGETING_VALUES[country] ?? plain);
}

/**
 * The share of all users one criterion matches, in [0.02, 0.32): a hash of its type and
 * normalised value, so the same criterion always weighs the same.
 */
export function shareOf(type: string, value: string): number {
  const digest = createHash("sha256")
    .update(`${type}\u0000${valueKey(type, value)}`)
    .digest();
  return 0.02 + (digest.readUInt32BE(0) / 2 ** 32) * 0.3;
}

/**
 * spec §4.6's answer, shaped as the recorded audience_estimate.json. A deterministic estimate: the same criteria (in any order, duplicates counted once) give the
 * same answer. Included (EQ) criteria of one type add up (a union: users in any of the
 * locations), types narrow each other (an intersection: in a location and on a platform);
 * every excluded (NE) criterion takes its share away. The answer is a ±10% band around the
 * size, rounded outwards to hundreds, as the recorded estimate is.
 */
export function estimateAudience(
  criteria: readonly TargetingCriterion[],
  requestOperator: OperatorType | undefined,
): Required<Presented<AudienceEstimate>> {
  const included = new Map<string, Set<string>>();
  const excluded = new Map<string, Set<string>>();
  for (const criterion of criteria) {
    const side = effectiveOperator(criterion, requestOperator) === "NE" ? excluded : included;
    const values = side.get(criterion.targeting_type) ?? new Set<string>();
    values.add(valueKey(criterion.targeting_type, criterion.targeting_value));
    side.set(criterion.targeting_type, values);
  }
  let share = 1;
  for (const [type, values] of included) {
    let missed = 1;
    for (const value of values) missed *= 1 - shareOf(type, value);
    share *= 1 - missed;
  }
  for (const [type, values] of excluded) {
    for (const value of values) share *= 1 - shareOf(type, value);
  }
  const size = REACHABLE_USERS * share;
  return {
    audience_size: {
      min: Math.floor((size * 0.9) / 100) * 100,
      max: Math.ceil((size * 1.1) / 100) * 100,
    },
  };
}
