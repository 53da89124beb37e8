import { z } from "zod";

const REPLAY_DATE = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The rule a replay date follows, as a predicate after its name. */
export const REPLAY_DATE_RULE = "must be a UTC minute written YYYYMMDDHHmm (e.g. 202603251200)";

/**
 * A `YYYYMMDDHHmm` UTC minute (POST /2/webhooks/replay, X's format) as a Date; undefined when
 * the text is not one, or names no real minute (month 13, 30 February, hour 24).
 */
export function parseReplayDate(value: string): Date | undefined {
  const parts = REPLAY_DATE.exec(value);
  if (parts === null) return undefined;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  return same ? date : undefined;
}

/** A replay window bound: the `YYYYMMDDHHmm` text, kept as sent. */
export function replayDate() {
  return z
    .string({ error: REPLAY_DATE_RULE })
    .max(12, REPLAY_DATE_RULE)
    .refine((value) => parseReplayDate(value) !== undefined, REPLAY_DATE_RULE);
}
