import { z } from "zod";
import { LIMITS } from "../limits.js";
import { cardUri } from "../resources/card.js";
import { adsId, digitId } from "../scalars.js";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";
import { sized, sizeRuleOf } from "./size-rules.js";
import { text } from "./text.js";

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
  /**
   * `digits` for user and post ids (spec §2.1); `ads` for advertising ids; `card_uris` for
   * `card://<card_id>` items (spec §4.7).
   */
  readonly kind?: "ads" | "digits" | "card_uris";
  /** spec §4.2: at most 200 ids unless stated otherwise. */
  readonly max?: number | null;
  /** Some parameters take an empty value to clear a field (spec §4.7 draft media_keys). */
  readonly allowEmpty?: boolean;
}

const ITEMS = { ads: adsId, digits: digitId, card_uris: cardUri } as const;

/**
 * An id-list parameter. Input: an array of strings or the wire's comma-separated string.
 * Output: always `string[]`; clients join it with commas when sending (see `toWire`).
 * Each item is an id of its kind, so no item can hold a comma, a space or a control character.
 */
export function idList(options: IdListOptions = {}) {
  const item = ITEMS[options.kind ?? "ads"];
  const max = options.max === undefined ? LIMITS.idsPerList : options.max;
  const itemRule = sizeRuleOf(item);
  const schema = commaOrArray().pipe(
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
  return itemRule?.kind === "id"
    ? sized(schema, { kind: "list", maxItems: max, item: itemRule })
    : schema;
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

/**
 * A comma-list parameter of free words (e.g. `keywords`): one-line text of at most
 * `LIMITS.wordLength` characters per item; an item sent in an array may not hold a comma,
 * which the wire form would split.
 */
export function wordList() {
  const word = text({ min: 1, max: LIMITS.wordLength }).refine(
    (value) => !value.includes(","),
    "must not contain a comma (commas separate the items)",
  );
  return commaOrArray().pipe(
    z.array(word).superRefine((items, ctx) => {
      if (items.length === 0)
        fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, "must list at least one value");
    }),
  );
}
