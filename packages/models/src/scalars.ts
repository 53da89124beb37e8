import { z } from "zod";
import { sized } from "./fields/size-rules.js";
import { LIMITS } from "./limits.js";
import { TIMESTAMP_RULE, isTimestamp } from "./timestamp.js";

/**
 * spec §2.1: advertising ids are short alphanumeric strings. `_` and `-` are let through too:
 * media keys (`3_1503…`), IAB-style and UUID ids use them. Nothing else can reach a path,
 * a query or the database as an id.
 */
export const adsId = sized(
  z
    .string()
    .min(1, "must not be empty")
    .max(LIMITS.adsIdLength)
    .regex(/^[A-Za-z0-9_-]*$/, "must be an advertising id: letters, digits, _ and - only"),
  { kind: "id", max: LIMITS.adsIdLength },
);

/**
 * spec §2.1: user and post ids are long integers sent as digits. They exceed 2^53, so they
 * stay strings end to end; a JSON number here has already lost precision and is rejected.
 * 64-bit integers have at most 20 digits.
 */
export const digitId = sized(
  z
    .string({
      error: "must be a string of digits (user and post ids exceed 2^53; never send a number)",
    })
    .max(LIMITS.digitIdLength)
    .regex(/^\d+$/, "must be a string of digits"),
  { kind: "id", max: LIMITS.digitIdLength },
);

/** spec §2.1: timestamps are exactly `YYYY-MM-DDThh:mm:ssZ`; kept as the string. */
export const timestamp = z.string().refine(isTimestamp, TIMESTAMP_RULE);

/** spec §2.1: money is an integer count of micro units; JSON numbers beyond 2^53 are not exact. */
export const localMicro = z
  .number()
  .int()
  .refine((value) => Number.isSafeInteger(value), "must be a safe integer of micro units");

/** ISO 4217 currency code, e.g. USD. */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code such as USD");

/**
 * A value the spec lists only as "observed": known values autocomplete, any string passes.
 * `(string & {})` keeps the literals from collapsing into `string` in editors.
 */
export type OpenEnum<Known extends string> = Known | (string & {});

export function openEnum<const Known extends string>(
  known: readonly Known[],
): z.ZodType<OpenEnum<Known>, string> {
  // The known values are documentation: the spec allows others, so any string is accepted.
  return z.string().meta({ description: `observed values: ${known.join(", ")}` });
}
