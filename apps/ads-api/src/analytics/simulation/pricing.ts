/**
 * The constants of the delivery model, in one place so the docs table can cite them. They
 * are plausible, not measured: what matters is that more reach and a higher bid deliver
 * more, that rates differ by objective, and that nights are quieter than evenings.
 */

/** Share of the audience reached per hour at a reference bid (before the daily curve). */
export const HOURLY_REACH_SHARE = 0.0005;

/** Relative traffic by local hour of day (mean 1). */
export const HOUR_OF_DAY_CURVE: readonly number[] = [
  0.45, 0.3, 0.22, 0.18, 0.2, 0.3, 0.55, 0.85, 1.05, 1.15, 1.2, 1.25, 1.3, 1.25, 1.2, 1.2, 1.25,
  1.35, 1.5, 1.6, 1.6, 1.45, 1.1, 0.75,
];

/** The event a line item pays for when it names none (by objective). */
export function defaultPayBy(objective: string): string {
  switch (objective) {
    case "WEBSITE_CLICKS":
    case "WEBSITE_CONVERSIONS":
      return "LINK_CLICK";
    case "APP_INSTALLS":
    case "APP_ENGAGEMENTS":
      return "APP_CLICK";
    case "REACH":
    case "VIDEO_VIEWS":
    case "PREROLL_VIEWS":
      return "IMPRESSION";
    default:
      return "ENGAGEMENT";
  }
}

/** The automatic bid (micros) per billed event; per thousand impressions for IMPRESSION. */
export function autoBidMicro(objective: string, payBy: string): number {
  if (payBy === "IMPRESSION") return objective === "REACH" ? 6_000_000 : 9_000_000;
  switch (objective) {
    case "WEBSITE_CONVERSIONS":
      return 2_500_000;
    case "APP_INSTALLS":
      return 3_000_000;
    case "FOLLOWERS":
      return 2_000_000;
    default:
      return 1_500_000;
  }
}

/**
 * The price of one billed event (micros): the bid for MAX, 90% of it for TARGET (the target
 * is an average the auction often beats), the objective's automatic bid for AUTO or no bid.
 */
export function pricePerEvent(
  bidMicro: number | null,
  bidStrategy: string,
  objective: string,
  payBy: string,
): number {
  if (bidStrategy === "AUTO" || bidMicro === null || bidMicro <= 0) {
    return autoBidMicro(objective, payBy);
  }
  return bidStrategy === "TARGET" ? Math.floor(bidMicro * 0.9) : bidMicro;
}

/** How much more an hour delivers for a bid against the automatic one: √ratio, in [0.3, 3]. */
export function bidFactor(price: number, objective: string, payBy: string): number {
  const ratio = price / autoBidMicro(objective, payBy);
  return Math.min(3, Math.max(0.3, Math.sqrt(ratio)));
}

/** Engagements per impression, by objective. */
export function engagementRate(objective: string): number {
  switch (objective) {
    case "ENGAGEMENTS":
      return 0.04;
    case "FOLLOWERS":
      return 0.03;
    case "REACH":
      return 0.01;
    default:
      return 0.02;
  }
}

/** Video starts per impression, by objective. */
export function videoRate(objective: string): number {
  return objective === "VIDEO_VIEWS" || objective === "PREROLL_VIEWS" ? 0.35 : 0.06;
}

/** Conversions per click, by objective (small: conversions are rare). */
export function conversionRate(objective: string): number {
  switch (objective) {
    case "WEBSITE_CONVERSIONS":
    case "APP_INSTALLS":
      return 0.08;
    default:
      return 0.015;
  }
}
