import type { Violation } from "@adsgraph/models";
import { BadRequestError, BatchError } from "../errors.js";
import type { ErrorEntry } from "../errors.js";

const ITEM = /^operations\[(\d+)\](?:\.params)?\.?(.*)$/;

/**
 * spec §7: a batch's item-level failures go under `operation_errors` by input index (the
 * parameter named relative to the item's params); request-level ones under `errors`.
 */
export function batchValidationError(
  violations: readonly Violation[],
  items: number,
): BadRequestError | BatchError {
  const perItem: ErrorEntry[][] = Array.from({ length: items }, () => []);
  const requestLevel: Violation[] = [];
  for (const violation of violations) {
    const match = ITEM.exec(violation.parameter);
    const index = match === null ? -1 : Number(match[1]);
    const bucket = perItem[index];
    if (match === null || bucket === undefined) {
      requestLevel.push(violation);
      continue;
    }
    bucket.push({ code: violation.code, message: violation.message, parameter: match[2] ?? "" });
  }
  if (requestLevel.length > 0) return BadRequestError.fromViolations(requestLevel);
  return new BatchError(perItem);
}
