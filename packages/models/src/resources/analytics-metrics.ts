/**
 * The analytics metrics (vendor v12 reference, "Metrics and Segmentation"), beyond the spec
 * (issue 36). One table: the service's answers, the facade's types and the docs read it.
 * Names are the spec's words at the edge (vendor-names.ts: `retweets` → `reposts`,
 * `tweets_send` → `posts_send`); values never change.
 */

/** The metric groups a stats request names (`metric_groups`). */
export const METRIC_GROUPS = [
  "ENGAGEMENT",
  "BILLING",
  "VIDEO",
  "MEDIA",
  "WEB_CONVERSION",
  "MOBILE_CONVERSION",
  "LIFE_TIME_VALUE_MOBILE_CONVERSION",
] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

/**
 * What entity a stats request is about (`entity`). The vendor's words for posts
 * (`PROMOTED_TWEET`, `ORGANIC_TWEET`) are accepted as aliases of the spec's (analytics.ts).
 */
export const ANALYTICS_ENTITIES = [
  "ACCOUNT",
  "FUNDING_INSTRUMENT",
  "CAMPAIGN",
  "LINE_ITEM",
  "PROMOTED_POST",
  "PROMOTED_ACCOUNT",
  "MEDIA_CREATIVE",
  "ORGANIC_POST",
] as const;
export type AnalyticsEntity = (typeof ANALYTICS_ENTITIES)[number];
export const ANALYTICS_ENTITY_ALIASES = {
  PROMOTED_TWEET: "PROMOTED_POST",
  ORGANIC_TWEET: "ORGANIC_POST",
} as const;

/**
 * How a metric's values look in an answer:
 * - `count`: an array of integers, one per time bucket;
 * - `micros`: the same, money in micro units of the account's currency;
 * - `breakdown`: an object of such arrays, one per `parts` name (conversions: post view,
 *   post engagement, assisted, ...).
 */
export type MetricKind = "count" | "micros" | "breakdown";

export interface MetricSpec {
  /** The key in `metrics` (the spec's word). */
  readonly name: string;
  readonly kind: MetricKind;
  /** For `breakdown`: the keys of its object; each is a count unless named in `moneyParts`. */
  readonly parts?: readonly string[];
  readonly moneyParts?: readonly string[];
  /** Reported for ACCOUNT and FUNDING_INSTRUMENT too (the reference marks a subset). */
  readonly accountLevel?: boolean;
  readonly description: string;
}

const count = (name: string, description: string, accountLevel = false): MetricSpec => ({
  name,
  kind: "count",
  description,
  ...(accountLevel ? { accountLevel } : {}),
});

const WEB_PARTS = [
  "metric",
  "assisted",
  "post_engagement",
  "post_view",
  "order_quantity",
  "order_quantity_engagement",
  "order_quantity_view",
  "sale_amount",
  "sale_amount_engagement",
  "sale_amount_view",
] as const;
const WEB_MONEY = ["sale_amount", "sale_amount_engagement", "sale_amount_view"] as const;
const MOBILE_PARTS = ["post_view", "post_engagement", "assisted"] as const;
const MOBILE_SALE_PARTS = [...MOBILE_PARTS, "order_quantity", "sale_amount"] as const;
const LTV_PARTS = ["metric", "order_quantity", "sale_amount"] as const;

const web = (name: string, description: string): MetricSpec => ({
  name,
  kind: "breakdown",
  parts: WEB_PARTS,
  moneyParts: WEB_MONEY,
  description,
});
const mobile = (name: string, description: string, sale = false): MetricSpec => ({
  name,
  kind: "breakdown",
  parts: sale ? MOBILE_SALE_PARTS : MOBILE_PARTS,
  moneyParts: sale ? ["sale_amount"] : [],
  description,
});
const lifetime = (name: string, description: string): MetricSpec => ({
  name,
  kind: "breakdown",
  parts: LTV_PARTS,
  moneyParts: ["sale_amount"],
  description,
});

/** Every metric of every group, in the reference's order. */
export const METRICS_BY_GROUP: { readonly [G in MetricGroup]: readonly MetricSpec[] } = {
  ENGAGEMENT: [
    count("impressions", "Times a promoted item was shown.", true),
    count("engagements", "Engagements of any kind.", true),
    count("reposts", "Reposts (the vendor's `retweets`).", true),
    count("replies", "Replies.", true),
    count("likes", "Likes.", true),
    count("follows", "Follows.", true),
    count("card_engagements", "Engagements with a card."),
    count("clicks", "Clicks, including likes and other engagements."),
    count("app_clicks", "App install or open attempts."),
    count("url_clicks", "Clicks on a link or website card, earned included."),
    count("qualified_impressions", "Impressions that met the qualified-view bar."),
    count("carousel_swipes", "Swipes on carousel images or videos."),
    count(
      "posts_send",
      "Times the post was sent in a direct message (the vendor's `tweets_send`).",
    ),
    count("poll_card_vote", "Votes on a poll card."),
  ],
  BILLING: [
    count("billed_engagements", "Engagements billed."),
    { name: "billed_charge_local_micro", kind: "micros", description: "Spend, in micros." },
  ],
  VIDEO: [
    count("video_total_views", "Views at least 50% in view for 2 seconds (MRC)."),
    count("video_views_25", "Views to 25% of the video."),
    count("video_views_50", "Views to 50% of the video."),
    count("video_views_75", "Views to 75% of the video."),
    count("video_views_100", "Views to the end of the video."),
    count("video_cta_clicks", "Clicks on the video's call to action."),
    count("video_content_starts", "Plays started."),
    count("video_3s100pct_views", "Views of 3 seconds fully in view."),
    count("video_6s_views", "Views of 6 seconds."),
    count("video_15s_views", "Views of 15 seconds."),
  ],
  MEDIA: [
    count("media_views", "Views of media (videos, images, GIFs) in the ad."),
    count("media_engagements", "Clicks on media in the ad."),
  ],
  WEB_CONVERSION: [
    web("conversion_purchases", "Website purchases."),
    web("conversion_sign_ups", "Website sign-ups."),
    web("conversion_site_visits", "Website visits."),
    web("conversion_downloads", "Downloads from the website."),
    web("conversion_custom", "Custom website conversions."),
  ],
  MOBILE_CONVERSION: [
    mobile("mobile_conversion_installs", "App installs."),
    mobile("mobile_conversion_re_engages", "App re-engagements."),
    mobile("mobile_conversion_sign_ups", "Sign-ups in the app."),
    mobile("mobile_conversion_purchases", "Purchases in the app.", true),
    mobile("mobile_conversion_add_to_carts", "Add-to-carts in the app."),
    mobile("mobile_conversion_content_views", "Content views in the app."),
    mobile("mobile_conversion_logins", "Logins in the app."),
  ],
  LIFE_TIME_VALUE_MOBILE_CONVERSION: [
    lifetime("mobile_conversion_lifetime_value_purchases", "Purchases over the user's lifetime."),
    lifetime("mobile_conversion_lifetime_value_sign_ups", "Sign-ups over the user's lifetime."),
  ],
};

/** Entities with fewer groups (reference table): the rest have every group. */
const GROUPS_FOR: Partial<Record<AnalyticsEntity, readonly MetricGroup[]>> = {
  ACCOUNT: ["ENGAGEMENT"],
  FUNDING_INSTRUMENT: ["ENGAGEMENT", "BILLING"],
  ORGANIC_POST: ["ENGAGEMENT", "VIDEO"],
};

/** The metric groups the service reports for an entity type. */
export function metricGroupsFor(entity: AnalyticsEntity): readonly MetricGroup[] {
  return GROUPS_FOR[entity] ?? METRIC_GROUPS;
}

/** The metrics of a group reported for an entity (ACCOUNT/FUNDING_INSTRUMENT: a subset). */
export function metricsFor(entity: AnalyticsEntity, group: MetricGroup): readonly MetricSpec[] {
  const all = METRICS_BY_GROUP[group];
  const accountLevel = entity === "ACCOUNT" || entity === "FUNDING_INSTRUMENT";
  return accountLevel && group === "ENGAGEMENT"
    ? all.filter((metric) => metric.accountLevel === true)
    : all;
}
