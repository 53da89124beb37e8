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
  description:
    "A moment in time in UTC, as ISO 8601 text with whole seconds: `YYYY-MM-DDThh:mm:ssZ`, " +
    "e.g. `2024-05-01T13:00:00Z`. Convert it to the viewer's time zone to show it.",
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
    "An amount of money in micro units of its currency (1,000,000 micros = 1 unit, so " +
    '"25000000" is 25.00), as a string of digits: amounts can exceed 2^31 and are never ' +
    "rounded. Which currency is said by the field (a Money's `currency`, else the account's).",
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
  description:
    "An exact amount of money with its currency: divide `micros` by 1,000,000 to show it " +
    '(micros "25000000" with currency USD is $25.00).',
  fields: (t) => ({
    micros: t.field({
      type: "Micros",
      description: "The amount in micro units of `currency` (1,000,000 micros = 1 unit).",
      resolve: (money) => money.micros,
    }),
    currency: t.exposeString("currency", {
      description: "The ISO 4217 currency code, e.g. USD or EUR.",
    }),
  }),
});

/** Money from a `_local_micro` field, or null when the field is null or absent. */
export function money(micros: number | null | undefined, currency: string): MoneyShape | null {
  return micros === null || micros === undefined ? null : { micros, currency };
}
