import { formatTimestamp } from "@adsgraph/models";
import { BadRequestError, ERROR_CODES } from "../errors.js";

/** spec §2.1 timestamps: `YYYY-MM-DDThh:mm:ssZ`. */
export function ts(date: Date): string {
  return formatTimestamp(date);
}

export function tsOrNull(date: Date | null): string | null {
  return date === null ? null : formatTimestamp(date);
}

/** Money columns are BIGINT; the wire carries integers (safe, as the models require). */
export function micro(value: bigint | null): number | null {
  return value === null ? null : Number(value);
}

/** PostgreSQL has no year 0000, and the wire form has four digits. */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * A wire timestamp as a Date the database can hold. The catalog checks form and range first;
 * this keeps a Date PostgreSQL refuses from ever reaching a query (a 400, not a 500).
 */
export function storedDate(value: string, parameter: string): Date {
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `${parameter} must be a UTC timestamp YYYY-MM-DDThh:mm:ssZ in the years ${FIRST_YEAR} to ${LAST_YEAR}`,
      parameter,
    );
  }
  return date;
}
