import { LIMITS } from "./limits.js";

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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The number written by `length` ASCII digits at `at`, or -1 when one is not a digit. */
function digitsAt(value: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i += 1) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * True for a spec timestamp (exactly `YYYY-MM-DDThh:mm:ssZ`, a real date in the years 1970 to
 * 9999, hours to 23, minutes and seconds to 59). Reads characters, making no Date, string or
 * match: every timestamp of every upstream body goes through it.
 */
export function isTimestamp(value: string): boolean {
  if (value.length !== 20) return false;
  if (value[4] !== "-" || value[7] !== "-" || value[10] !== "T") return false;
  if (value[13] !== ":" || value[16] !== ":" || value[19] !== "Z") return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  const hour = digitsAt(value, 11, 2);
  const minute = digitsAt(value, 14, 2);
  const second = digitsAt(value, 17, 2);
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return (
    day <= days &&
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60 &&
    second >= 0 &&
    second < 60
  );
}

/**
 * Parses a spec timestamp; returns null for any other form, an impossible date (30 February)
 * or a year outside 1970 to 9999 (year 0000 does not exist in PostgreSQL).
 */
export function parseTimestamp(value: string): Date | null {
  return isTimestamp(value) ? new Date(value) : null;
}

export const MS_PER_HOUR = 3_600_000;
export const HOURS_PER_DAY = 24;
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
