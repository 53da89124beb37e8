import { z } from "zod";
import { LIMITS } from "../limits.js";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";
import { sized } from "./size-rules.js";

const FIRST_VISIBLE = 0x21;
const LAST_VISIBLE = 0x7e;

/** Index of the first character that is not visible ASCII (`!` to `~`), or -1. */
function firstInvisible(value: string): number {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < FIRST_VISIBLE || code > LAST_VISIBLE) return index;
  }
  return -1;
}

/**
 * A value the server issued and the client only sends back: a list cursor, an OAuth token or
 * verifier, a bearer token. Visible ASCII without spaces, at most `max` characters. Messages
 * name the position, never the value (tokens are secrets).
 */
function opaque(max: number) {
  return sized(
    z
      .string({ error: "must be a string" })
      .min(1, "must not be empty")
      .max(max)
      .superRefine((value, ctx) => {
        const at = value.length > max ? -1 : firstInvisible(value);
        if (at >= 0) {
          fieldIssue(
            ctx,
            VIOLATION_CODES.INVALID_PARAMETER,
            `must be printable ASCII without spaces, as issued (found another character at index ${at})`,
          );
        }
      }),
    { kind: "id", max },
  );
}

/** spec §4.2: `cursor`, as a list's next_cursor gave it. */
export const cursor = opaque(LIMITS.cursorLength);

/** spec §4.1: OAuth tokens and verifiers, bearer tokens to revoke. */
export const credential = opaque(LIMITS.credentialLength);
