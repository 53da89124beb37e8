import { createHash } from "node:crypto";

/**
 * Identifier kinds of audience users (spec §4.8: every identifier but partner_user_id is
 * SHA-256-hashed after normalising). Normalisation per kind:
 * - `email`: trimmed, lower-cased; must contain one `@`.
 * - `phone_number`: digits only with the country code, E.164 without `+` (8 to 15 digits).
 *   `+` or `00` marks an international number; otherwise `defaultCountryCode` replaces one
 *   national trunk `0`; without it the number must already start with its country code.
 * - `device_id`: trimmed, lower-cased mobile advertising id (IDFA/AdID keep their dashes,
 *   an Android id has none); hexadecimal digits and dashes only.
 * - `handle`: trimmed, one leading `@` removed, lower-cased; 1 to 15 letters, digits or `_`.
 * - `user_id`: the platform's numeric user id, digits, leading zeros removed.
 * - `partner_user_id`: the advertiser's own id, trimmed and sent in clear (never hashed).
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

export interface HashOptions {
  /** Country calling code (digits, e.g. "1", "44") for phone numbers written nationally. */
  readonly defaultCountryCode?: string | undefined;
}

/** SHA-256 as lower-case hex (spec §4.8). */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function normalizePhone(raw: string, options: HashOptions): string | undefined {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // already international
  } else if (digits.startsWith("00")) {
    digits = digits.slice(2);
  } else if (options.defaultCountryCode !== undefined) {
    const code = options.defaultCountryCode.replace(/\D/g, "");
    digits = `${code}${digits.replace(/^0/, "")}`;
  }
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined;
}

/** The normalised form of one identifier, or undefined when it cannot be one of its kind. */
export function normalizeIdentifier(
  kind: AudienceIdentifierKind,
  raw: string,
  options: HashOptions = {},
): string | undefined {
  const value = raw.trim();
  switch (kind) {
    case "email": {
      const email = value.toLowerCase();
      return /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
    }
    case "phone_number":
      return normalizePhone(value, options);
    case "device_id": {
      const id = value.toLowerCase();
      return /^[0-9a-f][0-9a-f-]*$/.test(id) ? id : undefined;
    }
    case "handle": {
      const handle = value.replace(/^@/, "").toLowerCase();
      return /^[a-z0-9_]{1,15}$/.test(handle) ? handle : undefined;
    }
    case "user_id":
      return /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, "") : undefined;
    case "partner_user_id":
      return value === "" ? undefined : value;
  }
}

/** Normalises and hashes one identifier; partner_user_id is returned normalised, unhashed. */
export function hashIdentifier(
  kind: AudienceIdentifierKind,
  raw: string,
  options: HashOptions = {},
): string | undefined {
  const normalized = normalizeIdentifier(kind, raw, options);
  if (normalized === undefined) return undefined;
  return kind === "partner_user_id" ? normalized : sha256Hex(normalized);
}

/** A user as the caller has it: raw identifiers, one value or several per kind. */
export type AudienceUserInput = Partial<Record<AudienceIdentifierKind, string | readonly string[]>>;
/** A user ready for a users batch: every value normalised and hashed (but partner_user_id). */
export type HashedAudienceUser = Partial<Record<AudienceIdentifierKind, string[]>>;

export interface HashedUsers {
  /** Users with at least one usable identifier. */
  readonly users: HashedAudienceUser[];
  /** `indexes[i]` is the input index of `users[i]`. */
  readonly indexes: number[];
  /** Values that could not be normalised (never silently dropped); the value itself is not echoed. */
  readonly rejected: Array<{
    readonly index: number;
    readonly kind: AudienceIdentifierKind;
    readonly position: number;
    readonly reason: string;
  }>;
}

/** Normalises and hashes users for custom-audience and do-not-reach users batches. */
export function hashAudienceUsers(
  inputs: readonly AudienceUserInput[],
  options: HashOptions = {},
): HashedUsers {
  const result: HashedUsers = { users: [], indexes: [], rejected: [] };
  inputs.forEach((input, index) => {
    const user: HashedAudienceUser = {};
    for (const kind of AUDIENCE_IDENTIFIER_KINDS) {
      const given = input[kind];
      if (given === undefined) continue;
      const values: readonly string[] = typeof given === "string" ? [given] : given;
      const hashed: string[] = [];
      values.forEach((value, position) => {
        const out = hashIdentifier(kind, value, options);
        if (out === undefined) {
          result.rejected.push({
            index,
            kind,
            position,
            reason: `not a usable ${kind.replace(/_/g, " ")}`,
          });
        } else if (!hashed.includes(out)) {
          hashed.push(out);
        }
      });
      if (hashed.length > 0) user[kind] = hashed;
    }
    if (Object.keys(user).length > 0) {
      result.users.push(user);
      result.indexes.push(index);
    }
  });
  return result;
}
