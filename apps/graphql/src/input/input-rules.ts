import { CARD_URI_LENGTH, LIMITS, textProblem, VIOLATION_CODES } from "@adsgraph/models";
import type { ViolationCode } from "@adsgraph/models";

/**
 * Rules for the strings the facade handles itself before any wire parameter exists: ids it
 * puts in loader keys, global ids it decodes, cursors it decodes. Each is checked for size
 * first (constant time), then scanned once (linear): a long value costs nothing more.
 */
export type InputRule = "id" | "digitId" | "cardUri" | "cursor";

/**
 * ads-api cursors are base64url JSON of a keyset position (a sort value such as a 255-character
 * name, up to 4 UTF-8 bytes a character) with a tag, about 1,500 characters at most; an edge
 * cursor wraps one in base64url again. 4,096 holds both with room to spare.
 */
export const CURSOR_MAX_LENGTH = 4096;

const MAX_LENGTH: Record<InputRule, number> = {
  id: LIMITS.adsIdLength,
  digitId: LIMITS.digitIdLength,
  cardUri: CARD_URI_LENGTH,
  cursor: CURSOR_MAX_LENGTH,
};

/** One broken rule, before it is given a field name. */
export interface InputProblem {
  readonly code: ViolationCode;
  readonly message: string;
}

// One character class, anchored: linear.
const DIGITS = /^[0-9]+$/;

/** spec §2.1: user and post ids are long integers sent as digits (a string: they exceed 2^53). */
export function digitsProblem(value: string): InputProblem | undefined {
  return DIGITS.test(value)
    ? undefined
    : {
        code: VIOLATION_CODES.INVALID_PARAMETER,
        message: "must be a string of digits (user and post ids exceed 2^53)",
      };
}

/**
 * The rule `value` breaks, or undefined. Never scans more than the rule's maximum length. An
 * empty cursor means "from the start" (as `after: null`), so only ids must not be empty.
 */
export function inputProblem(rule: InputRule, value: string): InputProblem | undefined {
  if (value.length === 0 && rule !== "cursor") {
    return { code: VIOLATION_CODES.INVALID_PARAMETER, message: "must not be empty" };
  }
  const max = MAX_LENGTH[rule];
  if (value.length > max) {
    return {
      code: VIOLATION_CODES.TOO_LONG,
      message: `must be at most ${max} characters (got ${value.length})`,
    };
  }
  if (rule === "digitId") return digitsProblem(value);
  const text = textProblem(value);
  return text === undefined
    ? undefined
    : { code: VIOLATION_CODES.INVALID_PARAMETER, message: text };
}

/**
 * Marks an argument or input field as an advertising id (account, campaign, card, media key,
 * ...): `t.arg.string({ required: true, ...ID_INPUT })`. The input rules plugin checks every
 * marked value (and every global id) before the field resolves.
 */
export const ID_INPUT = { extensions: { adsgraphInputRule: "id" } } as const;

/**
 * Marks a long id (spec §2.1: a post, user, draft, scheduled post or media id, digits in a
 * string): at most 20 digits, nothing else.
 */
export const DIGIT_ID_INPUT = { extensions: { adsgraphInputRule: "digitId" } } as const;

/** Marks a card URI (`card://<card_id>`). */
export const CARD_URI_INPUT = { extensions: { adsgraphInputRule: "cardUri" } } as const;

/** Marks a paging cursor (`after`). */
export const CURSOR_INPUT = { extensions: { adsgraphInputRule: "cursor" } } as const;

/** The rule an argument or input field carries, from its extensions. */
export function ruleOf(extensions: Readonly<Record<string, unknown>> | null | undefined) {
  const rule = extensions?.adsgraphInputRule;
  return rule === "id" || rule === "digitId" || rule === "cardUri" || rule === "cursor"
    ? rule
    : undefined;
}
