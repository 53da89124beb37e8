import { formatTimestamp } from "@adsgraph/models";

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
