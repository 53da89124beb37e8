import { booleanWord } from "./fields/booleans.js";
import { splitCommaList } from "./fields/lists.js";
import { PRODUCT_TYPE_ALIASES } from "./resources/line-item.js";
import { parseTimestamp } from "./timestamp.js";
import { VIOLATION_CODES, formatPath } from "./violations.js";
import type { Violation } from "./violations.js";

/**
 * The update rule (ads-api README, "Where the spec is silent"): clients such as the vendor's
 * SDK send back the whole object as they read it. A field the call cannot change is accepted
 * when it holds the stored value and refused (READ_ONLY_PARAMETER) when it does not; a field
 * the call can change, sent with the stored value, changes nothing. Values are compared in
 * wire form, as a query string or a JSON body may carry them.
 */

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** No value: absent, null, the empty string or an empty list (an SDK skips or empties them). */
const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Whether `given` (as a client sent it) says the same as `stored` (as the service presents it). */
export function sameOnWire(given: unknown, stored: unknown): boolean {
  if (isEmpty(stored) || isEmpty(given)) return isEmpty(stored) && isEmpty(given);
  if (typeof stored === "boolean") return booleanWord(given) === stored;
  if (typeof stored === "number") {
    if (typeof given === "number") return given === stored;
    return typeof given === "string" && NUMBER.test(given) && Number(given) === stored;
  }
  if (typeof stored === "string") {
    if (typeof given === "number") return String(given) === stored;
    if (typeof given !== "string") return false;
    if (given === stored) return true;
    // Timestamps by the instant they name (`…:00Z` and `…:00.000Z` are one moment).
    const at = parseTimestamp(stored);
    const givenAt = at === null ? null : parseInstant(given);
    return at !== null && givenAt !== null && at.getTime() === givenAt;
  }
  if (Array.isArray(stored)) {
    const items: readonly unknown[] | undefined =
      typeof given === "string" ? splitCommaList(given) : Array.isArray(given) ? given : undefined;
    return (
      items !== undefined &&
      items.length === stored.length &&
      items.every((item, index) => sameOnWire(item, stored[index]))
    );
  }
  if (isRecord(stored)) {
    if (!isRecord(given)) return false;
    const names = new Set([...Object.keys(stored), ...Object.keys(given)]);
    return [...names].every((name) => sameOnWire(given[name], stored[name]));
  }
  return false;
}

/** An ISO 8601 instant (with or without milliseconds or an offset), as epoch milliseconds. */
function parseInstant(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const SHOWN = 60;

/** A value as a message shows it: JSON, cut after a few dozen characters. */
function shown(value: unknown): string {
  // JSON.stringify answers undefined for what JSON cannot hold (never a parsed parameter).
  const json = JSON.stringify(value) as string | undefined;
  const text = value === undefined ? "absent" : (json ?? "a value JSON cannot show");
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/**
 * Values a field takes as another (a vendor word a create takes as the spec's): compared as the
 * value they stand for, so a PUT's raw parameter and a batch item's parsed one agree.
 */
const VALUE_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  product_type: PRODUCT_TYPE_ALIASES,
};

function unaliased(name: string, value: unknown): unknown {
  const aliases = Object.hasOwn(VALUE_ALIASES, name) ? VALUE_ALIASES[name] : undefined;
  return typeof value === "string" && aliases !== undefined && Object.hasOwn(aliases, value)
    ? aliases[value]
    : value;
}

/**
 * The read-only fields of `given` whose values differ from the stored object's (`stored`, as
 * the service presents it right before the write), as violations naming each field under
 * `path` (a batch item's `operations[i].params`, or nothing).
 */
export function readOnlyConflicts(
  given: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
  path: readonly PropertyKey[] = [],
): Violation[] {
  return Object.entries(given).flatMap(([name, value]): Violation[] => {
    if (value === undefined || sameOnWire(unaliased(name, value), unaliased(name, stored[name])))
      return [];
    const parameter = formatPath([...path, name]);
    return [
      {
        code: VIOLATION_CODES.READ_ONLY_PARAMETER,
        parameter,
        message: `${parameter} is read-only: it can only be sent with its stored value ${shown(stored[name])} (got ${shown(value)})`,
      },
    ];
  });
}

/** The fields of an update whose values differ from the stored object's: the real changes. */
export function changedFields<T extends Readonly<Record<string, unknown>>>(
  fields: T,
  stored: Readonly<Record<string, unknown>>,
): Partial<T> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && !sameOnWire(value, stored[name])) changed[name] = value;
  }
  return changed as Partial<T>;
}

/**
 * Splits an update's validated parameters into the read-only fields the endpoint tolerates
 * (`readOnly`, from its catalog entry) and the rest.
 */
export function splitReadOnly<T extends Readonly<Record<string, unknown>>>(
  readOnly: readonly string[],
  params: T,
): { readonly readOnly: Readonly<Record<string, unknown>>; readonly rest: T } {
  const names = new Set(readOnly);
  const given: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (names.has(name)) given[name] = value;
    else rest[name] = value;
  }
  return { readOnly: given, rest: rest as T };
}
