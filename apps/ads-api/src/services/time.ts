import { formatTimestamp, parseTimestamp } from "@adsgraph/models";

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

/**
 * A timestamp parameter as a Date. The catalog has checked its form and range (models'
 * `parseTimestamp`: years 1970 to 9999, which PostgreSQL holds) before any service runs, so
 * null here is a bug in a caller, never a client's input.
 */
export function timestampDate(value: string): Date {
  const date = parseTimestamp(value);
  if (date === null) throw new Error("a timestamp reached a service without the catalog's check");
  return date;
}
