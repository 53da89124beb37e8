/** Codes of parameter violations (spec §4, §8 rules). */
export const VIOLATION_CODES = {
  MISSING_PARAMETER: "MISSING_PARAMETER",
  UNKNOWN_PARAMETER: "UNKNOWN_PARAMETER",
  INVALID_PARAMETER: "INVALID_PARAMETER",
  TOO_LONG: "TOO_LONG",
  OUT_OF_RANGE: "OUT_OF_RANGE",
  TOO_MANY_IDS: "TOO_MANY_IDS",
  TOO_MANY_ITEMS: "TOO_MANY_ITEMS",
  TOO_FEW_ITEMS: "TOO_FEW_ITEMS",
  TOO_LARGE: "TOO_LARGE",
  CONFLICTING_PARAMETERS: "CONFLICTING_PARAMETERS",
  /** A field of the resource that the call cannot change, sent with another value than the stored one. */
  READ_ONLY_PARAMETER: "READ_ONLY_PARAMETER",
} as const;

export type ViolationCode = (typeof VIOLATION_CODES)[keyof typeof VIOLATION_CODES];

/**
 * One broken rule. `parameter` is the wire name, with dotted/indexed paths for nested
 * values (`components[1].destination.country_code`, `operations[3].params.name`); it is
 * `""` only for a rule about the request as a whole.
 */
export interface Violation {
  readonly code: ViolationCode;
  readonly parameter: string;
  readonly message: string;
}

/** `["components", 1, "destination"]` → `components[1].destination`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out;
}
