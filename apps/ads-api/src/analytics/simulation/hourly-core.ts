import { uniform } from "./hash.js";
import type { Core } from "./metric-vector.js";
import {
  HOURLY_REACH_SHARE,
  HOUR_OF_DAY_CURVE,
  bidFactor,
  defaultPayBy,
  engagementRate,
  pricePerEvent,
} from "./pricing.js";
import type { LineItemState } from "./world.js";

/**
 * A line item's headline numbers for one hour, before budget caps: impressions from reach,
 * bid, the local hour's traffic and the delivering fraction of the hour; the rest as
 * fractions of them; spend by what the line item pays for. Draws 0 to 4 of the
 * (line item, hour) stream (fillVector takes 16 and up).
 */
export function lineItemCore(
  seed: number,
  hour: number,
  localHourOfDay: number,
  fraction: number,
  objective: string,
  state: LineItemState,
): Core {
  const payBy = state.payBy ?? defaultPayBy(objective);
  const price = pricePerEvent(state.bidMicro, state.bidStrategy, objective, payBy);
  const u = (k: number) => uniform(seed, hour, k);
  const expected =
    Math.max(0, state.reach) *
    HOURLY_REACH_SHARE *
    (HOUR_OF_DAY_CURVE[localHourOfDay] ?? 1) *
    bidFactor(price, objective, payBy) *
    fraction *
    (0.75 + 0.5 * u(0));
  const impressions = Math.floor(expected);
  const engagements = Math.floor(impressions * engagementRate(objective) * (0.7 + 0.6 * u(1)));
  const clicks = Math.floor(engagements * (0.45 + 0.3 * u(2)));
  const website = objective === "WEBSITE_CLICKS" || objective === "WEBSITE_CONVERSIONS";
  const app = objective === "APP_INSTALLS" || objective === "APP_ENGAGEMENTS";
  const urlClicks = Math.floor(clicks * (website ? 0.6 : 0.2) * (0.5 + 0.5 * u(3)));
  const appClicks = Math.floor(clicks * (app ? 0.5 : 0.02) * (0.5 + 0.5 * u(4)));
  const billed =
    payBy === "IMPRESSION"
      ? 0
      : payBy === "LINK_CLICK"
        ? urlClicks
        : payBy === "APP_CLICK"
          ? appClicks
          : engagements;
  const spend = payBy === "IMPRESSION" ? Math.floor((impressions * price) / 1000) : billed * price;
  return { impressions, engagements, clicks, urlClicks, appClicks, billed, spend };
}

/**
 * An organic post's numbers for one hour: a small audience from the post id alone, no spend
 * (organic posts are not bought; the stats answer reports ENGAGEMENT and VIDEO for them).
 */
export function organicCore(
  seed: number,
  hour: number,
  localHourOfDay: number,
  fraction: number,
): Core {
  const u = (k: number) => uniform(seed, hour, k);
  const reachBase = 5 + (seed % 40);
  const impressions = Math.floor(
    reachBase * (HOUR_OF_DAY_CURVE[localHourOfDay] ?? 1) * fraction * (0.5 + u(0)),
  );
  const engagements = Math.floor(impressions * 0.05 * (0.5 + u(1)));
  const clicks = Math.floor(engagements * (0.3 + 0.3 * u(2)));
  return {
    impressions,
    engagements,
    clicks,
    urlClicks: Math.floor(clicks * 0.3 * u(3)),
    appClicks: 0,
    billed: 0,
    spend: 0,
  };
}
