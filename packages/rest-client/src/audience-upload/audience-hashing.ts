import { createHash } from "node:crypto";
import { AUDIENCE_IDENTIFIER_KINDS } from "@adsgraph/models";
import type { AudienceIdentifierKind } from "@adsgraph/models";

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

/**
 * The normalised form of one identifier, or undefined when it cannot be one of its kind
 * (models' `AUDIENCE_IDENTIFIER_KINDS`). Spec §4.8: every identifier but partner_user_id is
 * SHA-256-hashed after normalising; the spec shows neither the fields nor the rules, so each
 * rule below names where it comes from. [X] is the vendor's "Custom Audiences User Data" page
 * (developer.x.com/en/docs/x-ads-api/audiences/overview/user-data).
 * - `email`: trimmed, lower-cased ([X] "Email Addresses: lowercase, remove leading and trailing
 *   spaces"); refused unless it holds exactly one `@` with text on both sides (ours: a value
 *   without it cannot match anyone).
 * - `phone_number`: digits only, country code first, no `+` (ITU-T E.164: at most 15 digits,
 *   the country code first; [X] gives no phone rule, so the common audience-upload form, e.g.
 *   Snap's "include the country code, remove any double 0 in front of the country code, remove
 *   a leading 0 of the number, exclude non-numeric characters"). `+` or `00` marks an
 *   international number; otherwise `defaultCountryCode` replaces one national trunk `0`;
 *   without it the number must already start with its country code. 8 to 15 digits (ours).
 * - `device_id`: trimmed, lower-cased, dashes kept ([X] "IDFA - lower-cased with dashes"; an
 *   AdID "not capitalized with dashes", an Android id "without dashes or spaces": the device's
 *   own form, which lower-casing keeps); hexadecimal digits and dashes only (ours).
 * - `handle`: trimmed, one leading `@` removed, lower-cased ([X] "Twitter Usernames: no @,
 *   lowercased and leading and trailing spaces trimmed"); 1 to 15 letters, digits or `_` (the
 *   platform's username rule).
 * - `user_id`: the platform's numeric user id, digits only ([X] "Standard integer"), leading
 *   zeros removed so that one number has one form (ours).
 * - `partner_user_id`: the advertiser's own id, trimmed and sent in clear, never hashed
 *   (spec §4.8 "identifier fields except partner_user_id must be SHA256-hashed").
 * Hashing: SHA-256 of the normalised UTF-8 text, unsalted, lower-case hex ([X] "Data hashing":
 * `sha256("adsapi")` is `49e0be2a…1470d`).
 */
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
