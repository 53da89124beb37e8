import { z } from "zod";
import type { AnyEndpoint } from "./catalog/endpoint.js";
import type { SizeRule } from "./fields/size-rules.js";
import { sizeRuleOf } from "./fields/size-rules.js";
import { codePointLength, textProblem } from "./fields/text-safety.js";
import { LIMITS } from "./limits.js";
import type { Violation } from "./violations.js";
import { VIOLATION_CODES, formatPath } from "./violations.js";

/**
 * One linear pass over a request's raw parameters, before any schema runs (issue 12):
 *
 * - sizes: a top-level parameter far over its field's hard cap (more than twice an id's length,
 *   an id list's count or a text's spec limit), any string over the general cap, any name over the name cap, nesting
 *   or value counts over the structure caps. The first such value ends the scan: the answer
 *   is that one violation, so a 1,000,000-character id costs one length test and nothing else.
 * - text the database can hold: every string value and every name, at any depth, without
 *   control characters (TAB, LF, CR allowed in values, whose field may refine that) or lone
 *   surrogates. These are all reported, and the schemas do not run.
 * - `__proto__` as a name anywhere: a schema would drop it silently (JavaScript cannot hold it
 *   as data), so it is refused like any unknown name; and objects with a prototype of their
 *   own (other than Dates), whose inherited values a schema would read as parameters.
 *
 * An empty answer means the schemas may run.
 */
export function scanInput(endpoint: AnyEndpoint, params: unknown): Violation[] {
  if (isForeignObject(params)) return [foreign([])];
  if (!isPlainObject(params)) return []; // the schema reports a request that is no object
  const scan: Scan = { values: 0, problems: [] };
  const rules = topLevelRules(endpoint);
  const stop =
    scanNames(params, [], scan) ??
    firstOf(Object.keys(params), (name) => {
      if (name === "__proto__") return undefined; // refused by name, never walked
      const value = params[name];
      const rule = rules.get(name);
      return (
        (rule === undefined ? undefined : checkRule(name, value, rule)) ??
        walk(value, [name], 1, scan)
      );
    });
  return stop === undefined ? scan.problems : [stop];
}

interface Scan {
  values: number;
  readonly problems: Violation[];
}

type Path = readonly PropertyKey[];

const { stringLength, nameLength, depth: maxDepth, values: maxValues, violations } = LIMITS.input;

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * An object whose prototype is not Object's: schemas read inherited values as if they were
 * parameters (an `Object.assign` of a JSON body with a `__proto__` key builds one), so only
 * plain data passes. Dates are the one other object a caller may send (timestamps).
 */
function isForeignObject(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !isPlainObject(value)
  );
}

const foreign = (path: Path): Violation => {
  const parameter = formatPath(path);
  return {
    code: VIOLATION_CODES.INVALID_PARAMETER,
    parameter,
    message: `${parameter === "" ? "the request" : parameter} must be plain data: an object whose prototype is not Object's could pass on inherited values`,
  };
};

function firstOf<T>(items: Iterable<T>, check: (item: T) => Violation | undefined) {
  for (const item of items) {
    const found = check(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

const rulesByEndpoint = new WeakMap<AnyEndpoint, ReadonlyMap<string, SizeRule>>();

/** Size rules of the endpoint's named parameters, read once from its schema's shape. */
function topLevelRules(endpoint: AnyEndpoint): ReadonlyMap<string, SizeRule> {
  const known = rulesByEndpoint.get(endpoint);
  if (known !== undefined) return known;
  const rules = new Map<string, SizeRule>();
  if (endpoint.params instanceof z.ZodObject) {
    const shape = endpoint.params.shape as Readonly<Record<string, z.ZodType>>;
    for (const [name, field] of Object.entries(shape)) {
      const rule = sizeRuleOf(field);
      if (rule !== undefined) rules.set(name, rule);
    }
  }
  rulesByEndpoint.set(endpoint, rules);
  return rules;
}

const tooLong = (path: Path, max: number, got: number): Violation => {
  const parameter = formatPath(path);
  return {
    code: VIOLATION_CODES.TOO_LONG,
    parameter,
    message: `${parameter} must be at most ${max} characters (got ${got})`,
  };
};

/**
 * Only values far over their cap (more than twice it) stop the scan: a value just over it goes
 * on to the field's own check, which reports it together with every other violation.
 */
const FAR_OVER = 2;

/** A string far over its field's cap, or undefined. */
function checkString(path: Path, value: string, rule: SizeRule): Violation | undefined {
  if (rule.kind === "id")
    return value.length > FAR_OVER * rule.max ? tooLong(path, rule.max, value.length) : undefined;
  if (rule.kind === "text") {
    // Over 2 × max UTF-16 units, a value holds more than max characters whatever it holds.
    return value.length > FAR_OVER * rule.max
      ? tooLong(path, rule.max, codePointLength(value))
      : undefined;
  }
  return undefined;
}

function checkRule(name: string, value: unknown, rule: SizeRule): Violation | undefined {
  if (rule.kind !== "list") {
    if (typeof value === "string") return checkString([name], value, rule);
    // A name sent twice on a query string arrives as an array: each value is still bounded.
    if (Array.isArray(value)) {
      return firstOf(value.keys(), (index) => {
        const item: unknown = value[index];
        return typeof item === "string" ? checkString([name, index], item, rule) : undefined;
      });
    }
    return undefined;
  }
  const tooMany = (got: number): Violation => ({
    code: VIOLATION_CODES.TOO_MANY_IDS,
    parameter: name,
    message: `${name} must list at most ${String(rule.maxItems)} ids (got ${got})`,
  });
  const farTooMany = (count: number) => rule.maxItems !== null && count > FAR_OVER * rule.maxItems;
  if (Array.isArray(value)) {
    if (farTooMany(value.length)) return tooMany(value.length);
    return firstOf(value.keys(), (index) => {
      const item: unknown = value[index];
      return typeof item === "string" ? checkString([name, index], item, rule.item) : undefined;
    });
  }
  if (typeof value !== "string" || value === "") return undefined;
  // The wire's comma list, item by item without splitting it.
  let count = 0;
  let start = 0;
  for (;;) {
    const comma = value.indexOf(",", start);
    const end = comma < 0 ? value.length : comma;
    if (end - start > FAR_OVER * rule.item.max) {
      return tooLong([name, count], rule.item.max, end - start);
    }
    count += 1;
    if (comma < 0) break;
    start = comma + 1;
  }
  return farTooMany(count) ? tooMany(count) : undefined;
}

/** A key as it may be shown: escaped, and cut short. */
function shownName(key: string): string {
  const preview = key.length > nameLength ? `${key.slice(0, nameLength)}…` : key;
  return JSON.stringify(preview).slice(1, -1);
}

/** Checks the names of one object: length (fatal), `__proto__`, control characters. */
function scanNames(
  object: Readonly<Record<string, unknown>>,
  path: Path,
  scan: Scan,
): Violation | undefined {
  for (const key of Object.keys(object)) {
    if (key.length > nameLength) {
      const parameter = formatPath(path);
      const where = parameter === "" ? "the request" : parameter;
      return {
        code: VIOLATION_CODES.TOO_LONG,
        parameter,
        message: `${where} has a parameter name longer than ${nameLength} characters (got ${key.length})`,
      };
    }
    const problem = textProblem(key);
    if (key === "__proto__") {
      const parameter = formatPath([...path, key]);
      report(scan, {
        code: VIOLATION_CODES.UNKNOWN_PARAMETER,
        parameter,
        message:
          path.length === 0
            ? `${parameter} is not a parameter of this endpoint`
            : `${parameter} is not an accepted field here`,
      });
    } else if (problem !== undefined) {
      const parameter = formatPath([...path, shownName(key)]);
      report(scan, {
        code: VIOLATION_CODES.INVALID_PARAMETER,
        parameter,
        message: `the parameter name ${parameter} ${problem}`,
      });
    }
  }
  return undefined;
}

function report(scan: Scan, violation: Violation): void {
  if (scan.problems.length < violations) scan.problems.push(violation);
}

/** Walks one value: counts it, bounds strings and nesting, checks text and names. */
function walk(value: unknown, path: Path, depth: number, scan: Scan): Violation | undefined {
  scan.values += 1;
  if (scan.values > maxValues) {
    return {
      code: VIOLATION_CODES.TOO_LARGE,
      parameter: "",
      message: `the request must hold at most ${maxValues} values`,
    };
  }
  if (typeof value === "string") {
    if (value.length > stringLength) return tooLong(path, stringLength, value.length);
    const problem = textProblem(value, { lineBreaks: true });
    if (problem !== undefined) {
      const parameter = formatPath(path);
      report(scan, {
        code: VIOLATION_CODES.INVALID_PARAMETER,
        parameter,
        message: `${parameter} ${problem}`,
      });
    }
    return undefined;
  }
  if (isForeignObject(value)) {
    report(scan, foreign(path));
    return undefined;
  }
  const array = Array.isArray(value);
  if (!array && !isPlainObject(value)) return undefined; // numbers, booleans, Dates: the schema's
  if (depth > maxDepth) {
    const parameter = formatPath(path);
    return {
      code: VIOLATION_CODES.TOO_LARGE,
      parameter,
      message: `${parameter} must nest at most ${maxDepth} levels of objects and arrays`,
    };
  }
  if (array) {
    return firstOf(value.keys(), (index) => walk(value[index], [...path, index], depth + 1, scan));
  }
  return (
    scanNames(value, path, scan) ??
    firstOf(Object.keys(value), (key) =>
      key === "__proto__" ? undefined : walk(value[key], [...path, key], depth + 1, scan),
    )
  );
}
