import { LIMITS } from "./limits.js";

/** spec §2.1: timestamps are ISO 8601 in UTC, exactly `YYYY-MM-DDThh:mm:ssZ`. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

const { min: FIRST_YEAR, max: LAST_YEAR } = LIMITS.timestampYears;

/** What a timestamp parameter must be, as a predicate that follows its name. */
export const TIMESTAMP_RULE = `must be a UTC timestamp of the form YYYY-MM-DDThh:mm:ssZ, a real date in the years ${FIRST_YEAR} to ${LAST_YEAR}`;

/** Formats a date in the spec's exact form (whole seconds, `Z`). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** True for a valid Date whose UTC year both JavaScript and PostgreSQL hold (1970 to 9999). */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * Parses a spec timestamp; returns null for any other form, an impossible date (30 February)
 * or a year outside 1970 to 9999 (year 0000 does not exist in PostgreSQL).
 */
export function parseTimestamp(value: string): Date | null {
  if (!TIMESTAMP.test(value)) return null;
  const date = new Date(value);
  return !isStorableDate(date) || formatTimestamp(date) !== value ? null : date;
}

const MS_PER_HOUR = 3_600_000;
const HOURS_PER_DAY = 24;
const MONTHS_PER_YEAR = 12;

/** Milliseconds in one UTC day. */
export const MS_PER_DAY = MS_PER_HOUR * HOURS_PER_DAY;

/** True when minutes and seconds are zero (spec §4.3 account_history windows). */
export function isWholeHour(date: Date): boolean {
  return date.getTime() % MS_PER_HOUR === 0;
}

/**
 * Adds calendar months in UTC, clamping to the last day of a shorter month
 * (31 January + 1 month = 28/29 February), so "13 months ahead" means a calendar date.
 */
export function addMonthsUtc(date: Date, months: number): Date {
  const total = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(total / MONTHS_PER_YEAR);
  const month = ((total % MONTHS_PER_YEAR) + MONTHS_PER_YEAR) % MONTHS_PER_YEAR;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}
