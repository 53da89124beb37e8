import { createHash } from "node:crypto";
import { LIMITS } from "@adsgraph/models";
import type { KeywordInsight } from "@adsgraph/models";
import type { Presented } from "./presented.js";
import { timestampDate } from "./time.js";

/**
 * spec §4.8 keyword insights, synthetic: this service holds no public posts to count, so each
 * number is drawn from a SHA-256 of what it depends on. Equal requests answer equal numbers on
 * every machine and engine, and a day's volume is the sum of its 24 hours, so DAY and HOUR
 * answers agree.
 */

/** The country when `location` is absent (ads-api apps/ads-api/README.md "Where the spec is silent"). */
export const DEFAULT_LOCATION = "US";

const HOUR_MS = 3_600_000;
const HOURS_PER_STEP = { HOUR: 1, DAY: 24 } as const;

export interface KeywordSearch {
  readonly granularity: "DAY" | "HOUR";
  readonly keywords: readonly string[];
  readonly negative_keywords?: readonly string[] | undefined;
  readonly start_time: string;
  readonly end_time?: string | undefined;
  readonly location?: string | undefined;
}

/** A number in [0, 1) fixed by its parts. */
function unit(...parts: readonly string[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32BE(0) / 2 ** 32;
}

/** Keywords match case-insensitively; the order they were sent in does not matter. */
function normalised(words: readonly string[] | undefined): string[] {
  return [...new Set((words ?? []).map((word) => word.trim().toLowerCase()))].sort();
}

/**
 * Posts holding `keyword` in the hour from `at` (epoch ms) in `country`: the keyword's own
 * popularity there, a daily rhythm (fewest posts around 04:00 UTC), and the hour's noise; each
 * negative keyword takes out the posts that also hold it (all of them when it is the keyword).
 */
function hourVolume(
  keyword: string,
  negatives: readonly string[],
  country: string,
  at: number,
): number {
  const hour = String(at);
  const perHour = 20 + 2000 * unit("popularity", country, keyword);
  const hourOfDay = new Date(at).getUTCHours();
  const rhythm = 0.6 + 0.8 * (0.5 - 0.5 * Math.cos(((hourOfDay - 4) / 24) * 2 * Math.PI));
  let volume = perHour * rhythm * (0.75 + 0.5 * unit("hour", country, keyword, hour));
  for (const negative of negatives) {
    volume *=
      negative === keyword ? 0 : 1 - 0.3 * unit("negative", country, keyword, negative, hour);
  }
  return Math.floor(volume);
}

/**
 * `post_volume`: one integer per granularity step from start_time (the last step counts its
 * whole length even where end_time cuts it), counting only the input keywords. Each step's
 * number is a function of the sorted keywords, the negatives, the country and the step's start.
 */
export function postVolumes(search: KeywordSearch, now: Date): number[] {
  const start = timestampDate(search.start_time).getTime();
  const end =
    search.end_time === undefined ? now.getTime() : timestampDate(search.end_time).getTime();
  const hoursPerStep = HOURS_PER_STEP[search.granularity];
  const stepMs = hoursPerStep * HOUR_MS;
  // At most the catalog's window (a default end_time read a moment after validation could
  // otherwise add a step).
  const maxSteps = (LIMITS.keywordInsights.windowDays * 24) / hoursPerStep;
  const steps = Math.min(maxSteps, Math.max(0, Math.ceil((end - start) / stepMs)));
  const keywords = normalised(search.keywords);
  const negatives = normalised(search.negative_keywords);
  const country = search.location ?? DEFAULT_LOCATION;
  return Array.from({ length: steps }, (_, step) => {
    const from = start + step * stepMs;
    let total = 0;
    for (let hour = 0; hour < hoursPerStep; hour += 1) {
      for (const keyword of keywords) {
        total += hourVolume(keyword, negatives, country, from + hour * HOUR_MS);
      }
    }
    return total;
  });
}

/** Words that follow or precede a keyword in related searches. */
const AFTER = [
  "news",
  "today",
  "live",
  "tips",
  "deals",
  "online",
  "near me",
  "app",
  "price",
  "review",
  "trends",
  "ideas",
  "guide",
  "shop",
  "community",
  "events",
  "jobs",
  "photos",
  "video",
  "memes",
  "update",
  "meaning",
  "history",
  "facts",
  "sale",
  "delivery",
  "club",
  "fans",
  "questions",
  "alerts",
];
const BEFORE = ["best", "how to", "free", "top", "new", "local", "cheap", "why"];

/**
 * `related_keywords`: up to LIMITS.keywordInsights.relatedKeywords terms built from the input
 * keywords, never one of them or a negative keyword, nor a term holding a negative keyword;
 * the order is fixed by the sorted keywords, the negatives and the country.
 */
export function relatedKeywords(search: KeywordSearch): string[] {
  const keywords = normalised(search.keywords);
  const negatives = normalised(search.negative_keywords);
  const country = search.location ?? DEFAULT_LOCATION;
  const excluded = new Set([...keywords, ...negatives]);
  const candidates = new Set<string>();
  for (const keyword of keywords) {
    for (const word of AFTER) candidates.add(`${keyword} ${word}`);
    for (const word of BEFORE) candidates.add(`${word} ${keyword}`);
    candidates.add(`#${keyword.replace(/[\s#]+/g, "")}`);
  }
  const seed = [country, keywords.join(","), negatives.join(",")].join("\u0000");
  return [...candidates]
    .filter(
      (term) =>
        !excluded.has(term) &&
        term !== "#" &&
        !negatives.some((negative) => ` ${term} `.includes(` ${negative} `)),
    )
    .map((term) => ({ term, rank: unit("related", seed, term) }))
    .sort((a, b) => a.rank - b.rank || (a.term < b.term ? -1 : 1))
    .slice(0, LIMITS.keywordInsights.relatedKeywords)
    .map(({ term }) => term);
}

/** The keyword insight result (spec §2.10). */
export function keywordInsight(search: KeywordSearch, now: Date): Presented<KeywordInsight> {
  return { related_keywords: relatedKeywords(search), post_volume: postVolumes(search, now) };
}
