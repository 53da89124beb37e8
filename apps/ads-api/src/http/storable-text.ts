import { textProblem } from "@adsgraph/models";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import type { ErrorEntry } from "../errors.js";

/** Why a string cannot be stored: the catalog's one rule for text (controls, lone surrogates). */
function flawOf(text: string): string | undefined {
  return textProblem(text, { lineBreaks: true });
}

const SHOWN = 64;
/** Enough entries to fix a request by; a body of a million bad strings gets no million-line answer. */
const MAX_ERRORS = 20;

function pathOf(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  const name = key.slice(0, SHOWN);
  return parent === "" ? name : `${parent}.${name}`;
}

/**
 * Every string anywhere in a request's parameters (names and values, nested JSON included)
 * that the database could not hold, as 400 entries naming where it is: for the routes whose
 * input no catalog entry validates (the OAuth legs and the authorize page); catalog endpoints
 * get the same rule from `validateParams`. Iterative and linear in the input's size.
 */
export function unstorableText(params: Readonly<Record<string, unknown>>): ErrorEntry[] {
  const errors: ErrorEntry[] = [];
  const stack: [unknown, string][] = [[params, ""]];
  for (
    let next = stack.pop();
    next !== undefined && errors.length < MAX_ERRORS;
    next = stack.pop()
  ) {
    const [value, path] = next;
    if (typeof value === "string") {
      const flaw = flawOf(value);
      if (flaw !== undefined) {
        errors.push({
          code: ERROR_CODES.INVALID_PARAMETER,
          message: `${path} ${flaw}`,
          parameter: path,
        });
      }
    } else if (Array.isArray(value)) {
      // pushed last-first, so errors come out in the order of the request
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push([value[index], pathOf(path, index)]);
      }
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value).reverse()) {
        const flaw = flawOf(key);
        if (flaw !== undefined) {
          const where = path === "" ? "a parameter name" : `a name in ${path}`;
          errors.push({
            code: ERROR_CODES.INVALID_PARAMETER,
            message: `${where} ${flaw}`,
            parameter: pathOf(path, key),
          });
          continue;
        }
        stack.push([item, pathOf(path, key)]);
      }
    }
  }
  return errors;
}

/** Throws a 400 listing every string of `params` the database could not hold. */
export function assertStorable(params: Readonly<Record<string, unknown>>): void {
  const errors = unstorableText(params);
  if (errors.length > 0) throw new BadRequestError(errors);
}
