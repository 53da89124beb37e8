import { isUtf8 } from "node:buffer";
import { LIMITS, textProblem, VIOLATION_CODES } from "@adsgraph/models";
import type { InputProblem } from "./input-rules.js";

/**
 * Global ids are Pothos's default form, base64 of `<Type>:<id>`, where `<id>` is an account id
 * or `<account id>/<id>`. Type name, account id and id are each at most an advertising id's
 * length, so a longer value is refused before it is decoded.
 */
export const GLOBAL_ID_MAX_LENGTH = 4 * Math.ceil((3 * LIMITS.adsIdLength + 2) / 3);

// Anchored, one character class then a bounded tail: linear.
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type ParsedGlobalId =
  | { readonly typename: string; readonly id: string; readonly problem?: undefined }
  | { readonly problem: InputProblem };

const notAGlobalId = (why: string): { problem: InputProblem } => ({
  problem: {
    code: VIOLATION_CODES.INVALID_PARAMETER,
    message: `must be the \`id\` of an object of this API (${why})`,
  },
});

/** The type name and id of a global id, or the rule it breaks. Linear, size checked first. */
export function parseGlobalId(value: string): ParsedGlobalId {
  if (value.length === 0) return notAGlobalId("got an empty string");
  if (value.length > GLOBAL_ID_MAX_LENGTH) {
    return {
      problem: {
        code: VIOLATION_CODES.TOO_LONG,
        message: `must be at most ${GLOBAL_ID_MAX_LENGTH} characters (got ${value.length})`,
      },
    };
  }
  if (value.length % 4 !== 0 || !BASE64.test(value)) return notAGlobalId("not base64");
  const bytes = Buffer.from(value, "base64");
  if (!isUtf8(bytes)) return notAGlobalId("not UTF-8 text");
  const text = bytes.toString("utf8");
  if (textProblem(text) !== undefined) return notAGlobalId("holds control characters");
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return notAGlobalId("not <Type>:<id>");
  const typename = text.slice(0, colon);
  if (!TYPE_NAME.test(typename)) return notAGlobalId("not <Type>:<id>");
  return { typename, id: text.slice(colon + 1) };
}

/**
 * Types whose ids are long digit ids (spec §2.1): a post's or a user's own (`Post:<digits>`,
 * they belong to no account), or one inside an account (`Draft:<account id>/<digits>`).
 */
const DIGIT_ID_TYPES: Readonly<Record<string, "own" | "inAccount">> = {
  Post: "own",
  User: "own",
  Draft: "inAccount",
  ScheduledPost: "inAccount",
};

const DIGITS = /^[0-9]+$/;

/** The rule the id part of a global id of `typename` breaks, or undefined. Linear. */
export function idPartProblem(typename: string, id: string): InputProblem | undefined {
  const form = DIGIT_ID_TYPES[typename];
  if (form === undefined) return undefined;
  const digits = form === "own" ? id : id.slice(id.indexOf("/") + 1);
  if (form === "inAccount" && id.indexOf("/") <= 0) return undefined; // ownedId says it lacks the account
  return digits.length > 0 && digits.length <= LIMITS.digitIdLength && DIGITS.test(digits)
    ? undefined
    : notAGlobalId(`a ${typename} id is digits`).problem;
}
