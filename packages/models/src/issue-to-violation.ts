import type { z } from "zod";
import type { IssueParams } from "./fields/issue.js";
import { codePointLength, isHighSurrogate } from "./fields/text-safety.js";
import type { Violation, ViolationCode } from "./violations.js";
import { VIOLATION_CODES, formatPath } from "./violations.js";

/** Our schemas write messages as predicates ("must be ...") that follow the parameter name. */
const FRAGMENT = /^(must|may|is) /;

/** Characters of a value a message shows; a longer value is cut (its length is given). */
const SHOWN_LENGTH = 64;

const preview = (value: string): string => {
  if (value.length <= SHOWN_LENGTH) return JSON.stringify(value);
  // Never cut a surrogate pair in two.
  const end = isHighSurrogate(value.charCodeAt(SHOWN_LENGTH - 1)) ? SHOWN_LENGTH - 1 : SHOWN_LENGTH;
  return `${JSON.stringify(value.slice(0, end))}… (${codePointLength(value)} characters)`;
};

const describe = (value: unknown): string => {
  if (typeof value === "string") return preview(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  if (value === undefined) return "undefined";
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? "an invalid date" : value.toISOString();
  return typeof value === "object" ? "an object" : typeof value;
};

/**
 * A value of a personal-data parameter (spec §4.8 users batches: e-mails, phone numbers) as a
 * message may show it: its kind and size only. A number may be a phone number too.
 */
const describeHidden = (value: unknown): string => {
  if (typeof value === "string") return `a string of ${codePointLength(value)} characters`;
  if (typeof value === "number" || typeof value === "bigint") return "a number";
  return describe(value);
};

const NOTHING_PERSONAL: ReadonlySet<string> = new Set();

const article = (noun: string): string => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

const lengthOf = (value: unknown): number | undefined =>
  typeof value === "string"
    ? codePointLength(value)
    : Array.isArray(value)
      ? value.length
      : undefined;

const got = (value: unknown): string => {
  const length = lengthOf(value);
  return length === undefined ? "" : ` (got ${length})`;
};

/** Adds the offending value to a schema's predicate unless it already shows one. */
const withInput = (predicate: string, input: unknown, show: (value: unknown) => string): string =>
  input === undefined || predicate.includes("(got ")
    ? predicate
    : `${predicate} (got ${show(input)})`;

/** Parameters whose values are credentials: a violation names them but never shows the value. */
const CREDENTIAL_NAME = /(secret|token|password|signature|verifier|authorization)/i;
const SHOWN_VALUE = " (got ";

/**
 * Replaces the value a violation message shows, from the first ` (got ` when the message ends
 * with `)`, with ` (value not shown)`: for parameters that hold credentials. A search, not
 * `/ \(got .*\)$/s`, which rescans to the end from every ` (got ` of a value that does not end
 * the message: quadratic in the value's length.
 */
export const hideShownValue = (message: string): string => {
  const at = message.indexOf(SHOWN_VALUE);
  return at >= 0 && message.endsWith(")") ? `${message.slice(0, at)} (value not shown)` : message;
};

/**
 * Turns one zod issue into person-readable violations (several for unknown keys). Values found
 * under a `personal` parameter are described by kind and size, never shown.
 */
export function issueToViolations(
  issue: z.core.$ZodIssue,
  topLevel: ReadonlySet<string> = new Set(),
  personal: ReadonlySet<string> = NOTHING_PERSONAL,
): Violation[] {
  const hidden = personal.size > 0 && personal.has(String(issue.path[0] ?? ""));
  const violations = describeIssue(issue, topLevel, hidden ? describeHidden : describe);
  return violations.map((violation) =>
    CREDENTIAL_NAME.test(violation.parameter)
      ? { ...violation, message: hideShownValue(violation.message) }
      : violation,
  );
}

function describeIssue(
  issue: z.core.$ZodIssue,
  topLevel: ReadonlySet<string>,
  show: (value: unknown) => string,
): Violation[] {
  const parameter = formatPath(issue.path);
  const subject = parameter === "" ? "the request" : parameter;
  const one = (code: ViolationCode, predicate: string): Violation[] => [
    { code, parameter, message: `${subject} ${predicate}` },
  ];
  const fragment = FRAGMENT.test(issue.message)
    ? withInput(issue.message, issue.input, show)
    : undefined;

  // A required value that is absent fails whatever check comes first (type, enum, literal).
  const absent =
    issue.code !== "custom" &&
    issue.code !== "unrecognized_keys" &&
    "input" in issue &&
    issue.input === undefined;
  if (absent) return one(VIOLATION_CODES.MISSING_PARAMETER, "is required");

  switch (issue.code) {
    case "custom": {
      const params = issue.params as Partial<IssueParams> | undefined;
      const code = params?.code ?? VIOLATION_CODES.INVALID_PARAMETER;
      if (params?.full === true) {
        // A rule inside a nested value names fields relative to it; say where that value is.
        const depth = issue.path.length - (params.relative?.length ?? 0);
        const where = depth > 0 ? `${formatPath(issue.path.slice(0, depth))}: ` : "";
        return [{ code, parameter, message: `${where}${issue.message}` }];
      }
      return one(code, fragment ?? `is not valid: ${issue.message}`);
    }
    case "invalid_type":
      return one(
        VIOLATION_CODES.INVALID_PARAMETER,
        fragment ?? `must be ${article(issue.expected)} (got ${show(issue.input)})`,
      );
    case "too_big":
      if (issue.origin === "string") {
        return one(
          VIOLATION_CODES.TOO_LONG,
          `must be at most ${String(issue.maximum)} characters${got(issue.input)}`,
        );
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return one(
          VIOLATION_CODES.TOO_MANY_ITEMS,
          `must hold at most ${String(issue.maximum)} items${got(issue.input)}`,
        );
      }
      return one(
        VIOLATION_CODES.OUT_OF_RANGE,
        `must be at most ${String(issue.maximum)} (got ${show(issue.input)})`,
      );
    case "too_small":
      if (issue.origin === "string")
        return one(
          VIOLATION_CODES.INVALID_PARAMETER,
          fragment ?? `must be at least ${String(issue.minimum)} characters`,
        );
      if (issue.origin === "array" || issue.origin === "set") {
        return one(
          VIOLATION_CODES.TOO_FEW_ITEMS,
          fragment ?? `must hold at least ${String(issue.minimum)} items${got(issue.input)}`,
        );
      }
      return one(
        VIOLATION_CODES.OUT_OF_RANGE,
        `must be at least ${String(issue.minimum)} (got ${show(issue.input)})`,
      );
    case "invalid_value": {
      // A schema's own predicate (a deprecated name and its replacement) says more than the list.
      if (fragment !== undefined) return one(VIOLATION_CODES.INVALID_PARAMETER, fragment);
      const values = issue.values.map((value) => String(value));
      const expected =
        values.length === 1 ? `must be ${values.join("")}` : `must be one of ${values.join(", ")}`;
      return one(VIOLATION_CODES.INVALID_PARAMETER, `${expected} (got ${show(issue.input)})`);
    }
    case "invalid_format":
      return one(
        VIOLATION_CODES.INVALID_PARAMETER,
        fragment ?? `must be a valid ${issue.format} (got ${show(issue.input)})`,
      );
    case "unrecognized_keys":
      return issue.keys.map((key) => {
        const name = formatPath([...issue.path, key]);
        const where =
          issue.path.length === 0 || topLevel.has(name)
            ? "is not a parameter of this endpoint"
            : "is not an accepted field here";
        return {
          code: VIOLATION_CODES.UNKNOWN_PARAMETER,
          parameter: name,
          message: `${name} ${where}`,
        };
      });
    case "invalid_union": {
      if ("discriminator" in issue && "options" in issue && Array.isArray(issue.options)) {
        const input: unknown = issue.input;
        const key = String(issue.discriminator);
        const value =
          typeof input === "object" && input !== null && Object.hasOwn(input, key)
            ? (input as Record<string, unknown>)[key]
            : undefined;
        if (value === undefined) return one(VIOLATION_CODES.MISSING_PARAMETER, "is required");
        return one(
          VIOLATION_CODES.INVALID_PARAMETER,
          `must be one of ${issue.options.map(String).join(", ")} (got ${show(value)})`,
        );
      }
      return one(
        VIOLATION_CODES.INVALID_PARAMETER,
        fragment ?? `is not valid (got ${show(issue.input)})`,
      );
    }
    case "invalid_key":
    case "invalid_element":
    case "not_multiple_of":
      return one(VIOLATION_CODES.INVALID_PARAMETER, fragment ?? `is not valid: ${issue.message}`);
  }
}
