import { MS_PER_DAY, MS_PER_HOUR } from "@adsgraph/models";

/** Where an hour falls in the account's time zone: its local day and hour of day. */
export interface LocalHour {
  /** Days since 1970-01-01 of the local date (a key: budgets reset per local day). */
  readonly day: number;
  /** 0 to 23. */
  readonly hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const hours = new Map<string, Map<number, LocalHour>>();
const MAX_HOURS_PER_ZONE = 200_000;

/** The formatter of a zone; an unknown zone reads as UTC (the loader passes stored zones). */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
    };
    try {
      formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local day and hour of the hour starting at `hourIndex` × 1 h (memoised per zone). */
export function localHour(timeZone: string, hourIndex: number): LocalHour {
  let zone = hours.get(timeZone);
  if (zone === undefined) {
    zone = new Map();
    hours.set(timeZone, zone);
  }
  const known = zone.get(hourIndex);
  if (known !== undefined) return known;
  const parts = formatterOf(timeZone).formatToParts(new Date(hourIndex * MS_PER_HOUR));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local: LocalHour = {
    day: Date.UTC(part("year"), part("month") - 1, part("day")) / MS_PER_DAY,
    hour: part("hour") % 24,
  };
  if (zone.size >= MAX_HOURS_PER_ZONE) zone.clear();
  zone.set(hourIndex, local);
  return local;
}
