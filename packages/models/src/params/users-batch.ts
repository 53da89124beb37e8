import { z } from "zod";
import { WHEN_ARRAY, WHEN_OBJECT, fieldIssue, fieldIssueAt, ruleIssue } from "../fields/issue.js";
import { codePointLength } from "../fields/text-safety.js";
import { timestampParam } from "../fields/timestamps.js";
import { LIMITS, SHA256_HEX_LENGTH } from "../limits.js";
import type { RuleContext } from "../rules/context.js";
import { isRecord } from "../rules/context.js";
import { addMonthsUtc, formatTimestamp, parseTimestamp } from "../timestamp.js";
import { VIOLATION_CODES } from "../violations.js";

const SHA256_HEX = new RegExp(`^[0-9a-f]{${SHA256_HEX_LENGTH}}$`);
const HASH_PREDICATE = "must be a SHA-256 digest in lowercase hex (hash after normalising)";

const hashed = z.string().regex(SHA256_HEX, HASH_PREDICATE);

/**
 * The identifier kinds of an audience user (spec §4.8: "identifier fields except
 * partner_user_id must be SHA256-hashed after normalization"; the fields themselves are not
 * shown: these are the vendor's, with the platform's user id named `user_id`). Normalisation
 * rules per kind: rest-client's `normalizeIdentifier` (`audience-hashing.ts`).
 */
export const AUDIENCE_IDENTIFIER_KINDS = [
  "email",
  "phone_number",
  "device_id",
  "handle",
  "user_id",
  "partner_user_id",
] as const;
export type AudienceIdentifierKind = (typeof AUDIENCE_IDENTIFIER_KINDS)[number];

/**
 * The vendor's own names of identifier kinds, accepted as the kind they stand for (a client
 * such as the vendor's SDK sends `twitter_id`; the spec's neutral words do not rename it) and
 * stored as that kind, so both names reach the same member.
 */
export const AUDIENCE_IDENTIFIER_ALIASES: Readonly<Record<string, AudienceIdentifierKind>> = {
  twitter_id: "user_id",
};

/** The kind an identifier name stands for (an alias's kind, else the name itself). */
export function audienceIdentifierKind(name: string): string {
  return Object.hasOwn(AUDIENCE_IDENTIFIER_ALIASES, name)
    ? (AUDIENCE_IDENTIFIER_ALIASES[name] ?? name)
    : name;
}

/** Identifiers that are sent in clear (spec §4.8: all but partner_user_id are hashed). */
const CLEAR_IDENTIFIERS: ReadonlySet<string> = new Set(["partner_user_id"]);
const KNOWN_IDENTIFIERS: ReadonlySet<string> = new Set(AUDIENCE_IDENTIFIER_KINDS);

/**
 * What a refused identifier was, by kind and size only: the value itself may be a clear-text
 * e-mail or phone number, which no message may repeat (the catalog marks `operations` as
 * personal data, so zod's own messages hide it too).
 */
function shapeOf(value: unknown): string {
  if (typeof value === "string") return `a string of ${codePointLength(value)} characters`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * One user of a custom-audience users batch: identifier kind → one value or a list. Every
 * value but a partner_user_id must be a SHA-256 digest, so a clear-text e-mail or phone number
 * is refused with the operation, user and identifier it came in (`operations[3].params.users[0].email[0]`)
 * and never stored. Unknown kinds are refused by name.
 */
const audienceUser = z.looseObject({}).superRefine((user, ctx) => {
  if (Object.keys(user).length === 0) {
    fieldIssue(ctx, VIOLATION_CODES.MISSING_PARAMETER, "must hold at least one identifier");
  }
  for (const [name, value] of Object.entries(user)) {
    if (!KNOWN_IDENTIFIERS.has(audienceIdentifierKind(name))) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.UNKNOWN_PARAMETER,
        [name],
        `${name} is not an identifier kind (one of ${AUDIENCE_IDENTIFIER_KINDS.join(", ")})`,
      );
      continue;
    }
    if (CLEAR_IDENTIFIERS.has(name)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      values.forEach((entry, index) => {
        if (typeof entry !== "string" || entry.length === 0 || entry.length > LIMITS.wordLength) {
          fieldIssueAt(
            ctx,
            VIOLATION_CODES.INVALID_PARAMETER,
            Array.isArray(value) ? [name, index] : [name],
            `must be the advertiser's own id: a string of 1 to ${LIMITS.wordLength} characters (got ${shapeOf(entry)})`,
          );
        }
      });
      continue;
    }
    const values: unknown[] = Array.isArray(value) ? value : [value];
    values.forEach((entry, index) => {
      if (typeof entry !== "string" || !SHA256_HEX.test(entry)) {
        fieldIssueAt(
          ctx,
          VIOLATION_CODES.INVALID_PARAMETER,
          Array.isArray(value) ? [name, index] : [name],
          `${HASH_PREDICATE} (got ${shapeOf(entry)})`,
        );
      }
    });
  }
}, WHEN_OBJECT);

/** spec §8: at most 2,500 operations and 5,000,000 bytes of JSON body. */
function checkBatchSize(operations: readonly unknown[], ctx: z.RefinementCtx): void {
  const { operations: maxOperations, bytes: maxBytes } = LIMITS.usersBatch;
  if (operations.length === 0)
    fieldIssue(ctx, VIOLATION_CODES.TOO_FEW_ITEMS, "must hold at least one operation");
  if (operations.length > maxOperations) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.TOO_MANY_ITEMS,
      `may hold at most ${maxOperations} operations (got ${operations.length})`,
    );
  }
  const bytes = new TextEncoder().encode(JSON.stringify(operations)).byteLength;
  if (bytes > maxBytes) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.TOO_LARGE,
      `must serialise to at most ${maxBytes} bytes of JSON (got ${bytes})`,
    );
  }
}

const USERS_OPERATION_TYPES = ["Update", "Delete"] as const;

/** spec §4.8 POST custom_audiences/:id/users: JSON array of Update/Delete operations. */
export const audienceUsersOperations = z
  .array(
    z.strictObject({
      operation_type: z.enum(USERS_OPERATION_TYPES),
      params: z.strictObject({
        effective_at: timestampParam().optional(),
        expires_at: timestampParam().optional(),
        users: z.array(audienceUser).min(1, "must hold at least one user"),
      }),
    }),
  )
  .superRefine(checkBatchSize, WHEN_ARRAY);

/**
 * spec §4.8 do-not-reach users batch: e-mail identifiers only (hashed), expires_at required
 * on Update and under 13 months after `context.now()`, no effective_at.
 */
export function doNotReachOperations(context: RuleContext) {
  return z
    .array(
      z.strictObject({
        operation_type: z.enum(USERS_OPERATION_TYPES),
        params: z.strictObject({
          effective_at: z
            .never({ error: "is not accepted: do-not-reach entries take effect now" })
            .optional(),
          expires_at: timestampParam().optional(),
          users: z
            .array(
              z.strictObject({
                email: z.array(hashed).min(1, "must hold at least one hashed e-mail"),
              }),
            )
            .min(1, "must hold at least one user"),
        }),
      }),
    )
    .superRefine((operations, ctx) => {
      checkBatchSize(operations, ctx);
      operations.forEach((operation: unknown, index) => {
        checkExpiry(operation, index, ctx, context);
      });
    }, WHEN_ARRAY);
}

function checkExpiry(
  operation: unknown,
  index: number,
  ctx: z.RefinementCtx,
  context: RuleContext,
): void {
  if (!isRecord(operation) || !isRecord(operation.params)) return;
  const path = [index, "params", "expires_at"];
  const raw = operation.params.expires_at;
  if (raw === undefined) {
    if (operation.operation_type === "Update")
      fieldIssueAt(
        ctx,
        VIOLATION_CODES.MISSING_PARAMETER,
        path,
        "is required on Update operations",
      );
    return;
  }
  if (typeof raw !== "string") return;
  const expires = parseTimestamp(raw);
  if (expires === null) return;
  const limit = addMonthsUtc(context.now(), LIMITS.doNotReachExpiryMonths);
  if (expires.getTime() >= limit.getTime()) {
    fieldIssueAt(
      ctx,
      VIOLATION_CODES.OUT_OF_RANGE,
      path,
      `must be under ${LIMITS.doNotReachExpiryMonths} months ahead, before ${formatTimestamp(limit)} (got ${raw})`,
    );
  }
}
