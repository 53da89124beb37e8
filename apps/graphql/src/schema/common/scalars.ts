import { isTimestamp } from "@adsgraph/models";
import { Kind } from "graphql";
import { builder } from "../../builder.js";
import { badUserInputError } from "../../errors/graphql-errors.js";

const DIGITS = /^\d+$/;

function timestampFrom(value: unknown): string {
  if (typeof value !== "string" || !isTimestamp(value)) {
    throw badUserInputError("DateTime must be a UTC timestamp of the form YYYY-MM-DDThh:mm:ssZ");
  }
  return value;
}

function microsFrom(value: unknown): string {
  if (typeof value !== "string" || !DIGITS.test(value)) {
    throw badUserInputError('Micros must be a string of digits, e.g. "25000000" for 25.00');
  }
  return value;
}

builder.scalarType("DateTime", {
  description: "A UTC timestamp exactly as the ads service writes it: `YYYY-MM-DDThh:mm:ssZ`.",
  specifiedByURL: "https://datatracker.ietf.org/doc/html/rfc3339",
  serialize: (value) => timestampFrom(value),
  parseValue: timestampFrom,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw badUserInputError("DateTime must be a string");
    return timestampFrom(ast.value);
  },
});

builder.scalarType("Micros", {
  description:
    "An amount in micro units of a currency (amount × 1,000,000) as a string of digits: " +
    "amounts exceed 2^31 and are never rounded.",
  serialize: (value) => {
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0)
      return String(value);
    if (typeof value === "bigint" && value >= 0n) return value.toString();
    return microsFrom(value);
  },
  parseValue: microsFrom,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING)
      throw badUserInputError('Micros must be a string of digits, e.g. "25000000"');
    return microsFrom(ast.value);
  },
});

/** An amount with its currency (spec §2.1: micro units; the currency of the funding instrument). */
export interface MoneyShape {
  micros: number | string;
  currency: string;
}

export const MoneyRef = builder.objectRef<MoneyShape>("Money").implement({
  description: "An exact amount: micro units of `currency` (divide by 1,000,000 for display).",
  fields: (t) => ({
    micros: t.field({ type: "Micros", resolve: (money) => money.micros }),
    currency: t.exposeString("currency", { description: "ISO 4217 code, e.g. USD." }),
  }),
});

/** Money from a `_local_micro` field, or null when the field is null or absent. */
export function money(micros: number | null | undefined, currency: string): MoneyShape | null {
  return micros === null || micros === undefined ? null : { micros, currency };
}
