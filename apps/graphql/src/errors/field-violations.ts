import type { Violation } from "@adsgraph/models";

/** One broken input rule: `field` is the GraphQL input path, `parameter` the REST wire name. */
export interface FieldViolation {
  readonly code: string;
  readonly field: string;
  readonly parameter: string;
  readonly message: string;
}

/** Maps a REST wire parameter path (`operations[2].params.name`) to a GraphQL input path. */
export type FieldNamer = (parameter: string) => string;

/** The wire name as it is: inputs named as on the wire. */
export const sameName: FieldNamer = (parameter) => parameter;

/** The models' violations as field violations. */
export function fieldViolations(
  violations: readonly Violation[],
  fieldOf: FieldNamer = sameName,
): FieldViolation[] {
  return violations.map((v) => ({
    code: v.code,
    field: fieldOf(v.parameter),
    parameter: v.parameter,
    message: v.message,
  }));
}
