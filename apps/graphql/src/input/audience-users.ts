import { VIOLATION_CODES } from "@adsgraph/models";
import type { AudienceIdentifierKind } from "@adsgraph/models";
import { hashAudienceUsers } from "@adsgraph/rest-client";
import type { HashedAudienceUser } from "@adsgraph/rest-client";
import { ValidationError } from "../errors/facade-errors.js";
import type { FieldViolation } from "../errors/field-violations.js";

/**
 * The small-set users mutations' caps. Bulk uploads (up to the ads service's 2,500 operations
 * and 5 MB a request, 1,500 requests a minute) go through the rest-client upload helper
 * (README, "Uploading audience users"): a GraphQL request holds a few people, sent at once.
 */
export const AUDIENCE_USER_CAPS = {
  /** Users (or e-mails of the do-not-reach list) per mutation. */
  users: 1000,
  /** Identifier values per mutation, over every user and kind. */
  identifiers: 5000,
  /** Characters of one identifier value (an e-mail address is at most 254). */
  valueLength: 320,
} as const;

/** The GraphQL input fields of a user's identifiers, in order (IDENTIFIER_FIELDS has each). */
const FIELDS = ["email", "phoneNumber", "deviceId", "handle", "userId", "partnerUserId"] as const;

/** GraphQL input field of each identifier kind (spec §4.8; rest-client's kinds). */
export const IDENTIFIER_FIELDS = {
  email: "email",
  phoneNumber: "phone_number",
  deviceId: "device_id",
  handle: "handle",
  userId: "user_id",
  partnerUserId: "partner_user_id",
} as const satisfies Record<(typeof FIELDS)[number], AudienceIdentifierKind>;

export type AudienceUserFields = {
  readonly [F in keyof typeof IDENTIFIER_FIELDS]?: readonly string[] | null | undefined;
};

const FIELD_OF_KIND = new Map(FIELDS.map((field) => [IDENTIFIER_FIELDS[field], field]));

const BULK_HINT =
  'send more with the rest-client upload helper (README, "Uploading audience users")';

function violation(code: FieldViolation["code"], field: string, message: string): FieldViolation {
  return { code, field, parameter: field, message };
}

/**
 * Checks the caps, then normalises and hashes every identifier (rest-client's
 * `hashAudienceUsers`, spec §4.8: SHA-256 after normalising; partner ids stay clear) before
 * anything is sent. Only the digests leave this function: a refused value is named by its
 * input path and kind, never repeated. Throws a ValidationError naming `argument`.
 */
export function hashedUsers(
  users: readonly AudienceUserFields[],
  argument: string,
  options: { readonly defaultCountryCode?: string | null | undefined } = {},
): HashedAudienceUser[] {
  const violations: FieldViolation[] = [];
  if (users.length === 0) {
    violations.push(
      violation(VIOLATION_CODES.TOO_FEW_ITEMS, argument, "must hold at least one user"),
    );
  }
  if (users.length > AUDIENCE_USER_CAPS.users) {
    violations.push(
      violation(
        VIOLATION_CODES.TOO_MANY_ITEMS,
        argument,
        `may hold at most ${AUDIENCE_USER_CAPS.users} users in one mutation (got ${users.length}); ${BULK_HINT}`,
      ),
    );
  }
  let identifiers = 0;
  for (const user of users) {
    for (const field of FIELDS) {
      identifiers += user[field]?.length ?? 0;
    }
  }
  if (identifiers > AUDIENCE_USER_CAPS.identifiers) {
    violations.push(
      violation(
        VIOLATION_CODES.TOO_MANY_ITEMS,
        argument,
        `may hold at most ${AUDIENCE_USER_CAPS.identifiers} identifiers in one mutation (got ${identifiers}); ${BULK_HINT}`,
      ),
    );
  }
  // Caps first: nothing past them is read, let alone hashed.
  if (violations.length > 0) throw new ValidationError(violations);

  users.forEach((user, index) => {
    let given = 0;
    for (const field of FIELDS) {
      (user[field] ?? []).forEach((value, position) => {
        given += 1;
        if (value.length > AUDIENCE_USER_CAPS.valueLength) {
          violations.push(
            violation(
              VIOLATION_CODES.TOO_LONG,
              `${argument}[${index}].${field}[${position}]`,
              `must be at most ${AUDIENCE_USER_CAPS.valueLength} characters (got ${value.length})`,
            ),
          );
        }
      });
    }
    if (given === 0) {
      violations.push(
        violation(
          VIOLATION_CODES.MISSING_PARAMETER,
          `${argument}[${index}]`,
          `must hold at least one identifier (${Object.keys(IDENTIFIER_FIELDS).join(", ")})`,
        ),
      );
    }
  });
  if (violations.length > 0) throw new ValidationError(violations);

  const hashed = hashAudienceUsers(
    users.map((user) =>
      Object.fromEntries(
        FIELDS.flatMap((field) => {
          const kind = IDENTIFIER_FIELDS[field];
          const values = user[field];
          return values == null || values.length === 0 ? [] : [[kind, values]];
        }),
      ),
    ),
    options.defaultCountryCode == null ? {} : { defaultCountryCode: options.defaultCountryCode },
  );
  if (hashed.rejected.length > 0) {
    throw new ValidationError(
      hashed.rejected.map((rejected) =>
        violation(
          VIOLATION_CODES.INVALID_PARAMETER,
          `${argument}[${rejected.index}].${FIELD_OF_KIND.get(rejected.kind) ?? rejected.kind}[${rejected.position}]`,
          `${rejected.reason} (the value is not repeated here)`,
        ),
      ),
    );
  }
  return hashed.users;
}
