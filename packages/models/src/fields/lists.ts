import { z } from "zod";
import { LIMITS } from "../limits.js";
import { digitId } from "../scalars.js";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";

/** An id on a comma-separated list: non-empty, without commas or spaces. */
const listedId = z
  .string({ error: "must be a string" })
  .regex(/^[^\s,]+$/, "must be an id without commas or spaces");

const LIST_INPUT_ERROR = "must be an array of strings or one comma-separated string";

/** Splits the wire form; an empty string is an empty list. */
export function splitCommaList(value: string): string[] {
  return value === "" ? [] : value.split(",");
}

function commaOrArray() {
  return z
    .union([z.string(), z.array(z.string())], { error: LIST_INPUT_ERROR })
    .transform((value) => (typeof value === "string" ? splitCommaList(value) : value));
}

export interface IdListOptions {
  /** `digits` for user and post ids (spec §2.1); `ads` for advertising ids. */
  readonly kind?: "ads" | "digits";
  /** spec §4.2: at most 200 ids unless stated otherwise. */
  readonly max?: number | null;
  /** Some parameters take an empty value to clear a field (spec §4.7 draft media_keys). */
  readonly allowEmpty?: boolean;
}

/**
 * An id-list parameter. Input: an array of strings or the wire's comma-separated string.
 * Output: always `string[]`; clients join it with commas when sending (see `toWire`).
 */
export function idList(options: IdListOptions = {}) {
  const item = options.kind === "digits" ? digitId : listedId;
  const max = options.max === undefined ? LIMITS.idsPerList : options.max;
  return commaOrArray().pipe(
    z.array(item).superRefine((ids, ctx) => {
      if (ids.length === 0 && options.allowEmpty !== true) {
        fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, "must list at least one id");
      }
      if (max !== null && ids.length > max) {
        fieldIssue(
          ctx,
          VIOLATION_CODES.TOO_MANY_IDS,
          `must list at most ${max} ids (got ${ids.length})`,
        );
      }
    }),
  );
}

/** A comma-list parameter of closed values (e.g. `creative_types`, `post.fields`). */
export function enumList<const V extends string>(values: readonly [V, ...V[]]) {
  return commaOrArray().pipe(
    z.array(z.enum(values)).superRefine((items, ctx) => {
      if (items.length === 0)
        fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, "must list at least one value");
    }),
  );
}

/** A comma-list parameter of free words (e.g. `keywords`); an item may not hold a comma. */
export function wordList() {
  return commaOrArray().pipe(
    z
      .array(z.string({ error: "must be a string" }).min(1, "must not be empty"))
      .superRefine((items, ctx) => {
        if (items.length === 0)
          fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, "must list at least one value");
      }),
  );
}
