import { changedFields, getEndpoint, readOnlyConflicts, splitReadOnly } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { BadRequestError } from "../errors.js";

/**
 * The update rule (models' update-rule.ts, ads-api README "Where the spec is silent"), run
 * inside the write's transaction on the object as presented right before the write: a read-only
 * field of `endpoint` sent with another value than the stored one is a 400 naming it (nothing is
 * written), and fields sent with their stored values are left out. Returns the real changes.
 */
export function settleUpdate<T extends Readonly<Record<string, unknown>>>(
  endpoint: EndpointId,
  params: T,
  stored: Readonly<Record<string, unknown>>,
): Partial<T> {
  const { readOnly, rest } = splitReadOnly(getEndpoint(endpoint).readOnly, params);
  const conflicts = readOnlyConflicts(readOnly, stored);
  if (conflicts.length > 0) throw BadRequestError.fromViolations(conflicts);
  return changedFields(rest, stored);
}
