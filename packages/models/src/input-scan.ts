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
 * The value of a name the endpoint refuses anyway (`__proto__`; any unknown name where the
 * endpoint's names are closed) is not walked: only its name is checked, and the schema refuses
 * it by name without reading the value.
 *
 * An empty answer means the schemas may run.
 */
export function scanInput(endpoint: AnyEndpoint, params: unknown): Violation[] {
  if (isForeignObject(params)) return [foreign([])];
  if (!isPlainObject(params)) return []; // the schema reports a request that is no object
  const scan: Scan = { values: 0, problems: [], path: [] };
  const { rules, closed } = topLevelShape(endpoint);
  const stop =
    scanNames(params, scan) ??
    firstOf(Object.keys(params), (name) => {
      if (name === "__proto__" || closed?.has(name) === false) return undefined;
      const value = params[name];
      const rule = rules.get(name);
      return (
        (rule === undefined ? undefined : checkRule(name, value, rule)) ??
        walkInto(name, value, 1, scan)
      );
    });
  return stop === undefined ? scan.problems : [stop];
}

interface Scan {
  values: number;
  readonly problems: Violation[];
  /** Where the walk is: one stack, pushed and popped, copied only into a violation. */
  readonly path: PropertyKey[];
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

interface TopLevelShape {
  /** Size rules of the endpoint's named parameters. */
  readonly rules: ReadonlyMap<string, SizeRule>;
  /** The names a strict endpoint accepts; undefined where names are open. */
  readonly closed: ReadonlySet<string> | undefined;
}

const shapes = new WeakMap<AnyEndpoint, TopLevelShape>();

/** What the scan needs of the endpoint's schema, read once from its shape. */
function topLevelShape(endpoint: AnyEndpoint): TopLevelShape {
  const known = shapes.get(endpoint);
  if (known !== undefined) return known;
  const rules = new Map<string, SizeRule>();
  let closed: Set<string> | undefined;
  if (endpoint.params instanceof z.ZodObject) {
    const shape = endpoint.params.shape as Readonly<Record<string, z.ZodType>>;
    for (const [name, field] of Object.entries(shape)) {
      const rule = sizeRuleOf(field);
      if (rule !== undefined) rules.set(name, rule);
    }
    // A strict object (`catchall` never) refuses any other name whatever its value.
    if (endpoint.params.def.catchall instanceof z.ZodNever) closed = new Set(Object.keys(shape));
  }
  const found = { rules, closed };
  shapes.set(endpoint, found);
  return found;
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

/** Each string item of an array within `rule`: the first far over it, or undefined. */
function checkItems(name: string, items: readonly unknown[], rule: SizeRule) {
  return firstOf(items.keys(), (index) => {
    const item = items[index];
    return typeof item === "string" ? checkString([name, index], item, rule) : undefined;
  });
}

function checkRule(name: string, value: unknown, rule: SizeRule): Violation | undefined {
  if (rule.kind !== "list") {
    if (typeof value === "string") return checkString([name], value, rule);
    // A name sent twice on a query string arrives as an array: each value is still bounded.
    return Array.isArray(value) ? checkItems(name, value, rule) : undefined;
  }
  const limit = rule.maxItems === null ? Number.POSITIVE_INFINITY : FAR_OVER * rule.maxItems;
  const tooMany = (got: string): Violation => ({
    code: VIOLATION_CODES.TOO_MANY_IDS,
    parameter: name,
    message: `${name} must list at most ${String(rule.maxItems)} ids (got ${got})`,
  });
  if (Array.isArray(value)) {
    if (value.length > limit) return tooMany(String(value.length));
    return checkItems(name, value, rule.item);
  }
  if (typeof value !== "string" || value === "") return undefined;
  // The wire's comma list, item by item without splitting it, and no further than the first
  // item past the far-over count: the rest of a huge list is never read.
  let count = 0;
  let start = 0;
  for (;;) {
    const comma = value.indexOf(",", start);
    const end = comma < 0 ? value.length : comma;
    if (end - start > FAR_OVER * rule.item.max) {
      return tooLong([name, count], rule.item.max, end - start);
    }
    count += 1;
    if (count > limit) return tooMany(`more than ${limit}`);
    if (comma < 0) return undefined;
    start = comma + 1;
  }
}

/** A key as it may be shown, escaped (`scanNames` has refused any longer than `nameLength`). */
function shownName(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}

/** Checks the names of the object at `scan.path`: length (fatal), `__proto__`, controls. */
function scanNames(object: Readonly<Record<string, unknown>>, scan: Scan): Violation | undefined {
  const { path } = scan;
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

/** Walks the value under `key` of the value at `scan.path`. */
function walkInto(key: PropertyKey, value: unknown, depth: number, scan: Scan) {
  scan.path.push(key);
  const found = walk(value, depth, scan);
  scan.path.pop();
  return found;
}

/** Walks the value at `scan.path`: counts it, bounds strings and nesting, checks text and names. */
function walk(value: unknown, depth: number, scan: Scan): Violation | undefined {
  const { path } = scan;
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
    return firstOf(value.keys(), (index) => walkInto(index, value[index], depth + 1, scan));
  }
  return (
    scanNames(value, scan) ??
    firstOf(Object.keys(value), (key) =>
      key === "__proto__" ? undefined : walkInto(key, value[key], depth + 1, scan),
    )
  );
}
