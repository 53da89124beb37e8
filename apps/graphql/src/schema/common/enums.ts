import {
  BID_STRATEGIES,
  BUDGET_OPTIMIZATIONS,
  CARD_TYPES,
  COMPONENT_TYPES,
  CONVERSATION_SETTINGS,
  CREATIVE_TYPES,
  ENTITY_STATUSES,
  FUNDING_INSTRUMENT_TYPES,
  INDUSTRY_TYPES,
  LABEL_VALUES,
  LINE_ITEM_OBJECTIVES,
  LINE_ITEM_PLACEMENTS,
  LINE_ITEM_PRODUCT_TYPES,
  PAY_BY_VALUES,
  PLACEMENT_PRODUCT_TYPES,
  POST_TYPES,
  TIMELINE_TYPES,
  USER_ACCESS_PERMISSIONS,
  VIDEO_CTAS,
} from "@adsgraph/models";
import type { EnumRef } from "@pothos/core";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";

// Closed enums of the spec become GraphQL enums (values as the ads service spells them);
// values the spec lists only as "observed" stay strings in the types that carry them.

/** Every closed enum by its values, sorted: how a catalog schema's enum finds its GraphQL enum. */
const BY_VALUES = new Map<string, EnumRef<Types, string>>();
const valuesKey = (values: readonly string[]) => [...values].sort().join(",");

/**
 * A GraphQL enum of a closed list of wire values, found again by those values
 * (`enumOfValues`): list filters and mutation inputs ask a catalog enum in it.
 */
export function closedEnum<const Values extends readonly string[]>(
  name: string,
  options: {
    readonly description?: string;
    readonly values: Values;
    /** Each value's description, by value (a value left out has none). */
    readonly describe?: { readonly [V in Values[number]]?: string };
  },
) {
  const values: Record<string, { value: Values[number]; description?: string }> = {};
  const known: readonly Values[number][] = options.values;
  for (const value of known) {
    const description = options.describe?.[value];
    values[value] = description === undefined ? { value } : { value, description };
  }
  const ref = builder.enumType(name, { description: options.description, values });
  const key = valuesKey(options.values);
  if (BY_VALUES.has(key)) throw new Error(`${name}: another enum has the values ${key}`);
  BY_VALUES.set(key, ref);
  return ref;
}

export const IndustryTypeEnum = closedEnum("IndustryType", {
  description: "The line of business an ad account advertises for, as the advertiser chose it.",
  values: INDUSTRY_TYPES,
  describe: {
    AGENCY: "An advertising or marketing agency.",
    BUSINESS_TO_BUSINESS: "A business selling to other businesses.",
    ONLINE_SERVICES: "Online services and software sold online.",
    EDUCATION: "Schools, universities and learning.",
    FINANCIAL: "Banking, insurance and other financial services.",
    HEALTH: "Health care and wellness.",
    GOVERNMENT: "Government and public bodies.",
    MEDIA: "Publishers, broadcasters and entertainment.",
    MOBILE: "Mobile apps and mobile services.",
    RESTAURANT: "Restaurants and food service.",
    RETAIL: "Shops and retail brands.",
    TECHNOLOGY: "Technology products and services.",
    TRAVEL: "Travel and hospitality.",
    OTHER: "None of the other industries.",
  },
});
export const BudgetOptimizationEnum = closedEnum("BudgetOptimization", {
  description: "Where a campaign's budget is spread across its line items.",
  values: BUDGET_OPTIMIZATIONS,
  describe: {
    CAMPAIGN:
      "The campaign's budget is shared, and moved to the line items that perform best (the default).",
    LINE_ITEM: "Each line item spends its own budget.",
  },
});
export const EntityStatusEnum = closedEnum("EntityStatus", {
  description:
    "Whether the advertiser has switched a campaign or line item on: what a pause / activate toggle sets.",
  values: ENTITY_STATUSES,
  describe: {
    ACTIVE: "Switched on: it delivers when nothing else stops it (see `servable`).",
    PAUSED: "Switched off by the advertiser: it does not deliver until activated.",
  },
});
export const FundingInstrumentTypeEnum = closedEnum("FundingInstrumentType", {
  description:
    "How a funding instrument pays: which of its amounts (credit limit, funded amount, credit " +
    "remaining) apply depends on it.",
  values: FUNDING_INSTRUMENT_TYPES,
  describe: {
    AGENCY_CREDIT_LINE: "A line of credit granted to the agency that runs the account.",
    CREDIT_CARD: "A credit card charged as the account spends.",
    CREDIT_LINE: "A line of credit granted to the advertiser, invoiced later.",
    INSERTION_ORDER: "An insertion order: an agreed amount to spend over its dates.",
    PARTNER_MANAGED: "Paid through a partner that manages billing for the advertiser.",
  },
});
export const CreativeTypeEnum = closedEnum("CreativeType", {
  description: "The ad format of account media: a banner or interstitial size, or a video preroll.",
  values: CREATIVE_TYPES,
  describe: {
    BANNER: "A banner image for phones.",
    BANNER_TABLET: "A banner image for tablets.",
    INTERSTITIAL: "A full-screen portrait image for phones.",
    INTERSTITIAL_LANDSCAPE: "A full-screen landscape image for phones.",
    INTERSTITIAL_LANDSCAPE_TABLET: "A full-screen landscape image for tablets.",
    INTERSTITIAL_TABLET: "A full-screen portrait image for tablets.",
    MEDIUM_RECTANGLE: "A medium rectangle image (300x250 style).",
    PREROLL: "A video that plays before other video content.",
    VAST_PREROLL: "A preroll video served from a VAST tag (a third-party ad server).",
  },
});
export const CardTypeEnum = closedEnum("CardType", {
  description:
    "The kind of a generic card, by its media (image, video or both) and where it sends people " +
    "(a website or an app): what the card list filters by.",
  values: CARD_TYPES,
  describe: {
    IMAGE_APP: "One image, linking to an app.",
    IMAGE_CAROUSEL_APP: "A swipeable carousel of images, linking to one app.",
    IMAGE_CAROUSEL_WEBSITE: "A swipeable carousel of images, linking to one website.",
    IMAGE_MULTI_DEST_CAROUSEL_WEBSITE:
      "A carousel of image slides, each slide linking to its own website.",
    IMAGE_WEBSITE: "One image, linking to a website.",
    MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE:
      "A carousel of image and video slides, each slide linking to its own website.",
    MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP:
      "A swipeable carousel of images and videos, linking to one app.",
    MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE:
      "A swipeable carousel of images and videos, linking to one website.",
    VIDEO_APP: "One video, linking to an app.",
    VIDEO_CAROUSEL_APP: "A swipeable carousel of videos, linking to one app.",
    VIDEO_CAROUSEL_WEBSITE: "A swipeable carousel of videos, linking to one website.",
    VIDEO_MULTI_DEST_CAROUSEL_WEBSITE:
      "A carousel of video slides, each slide linking to its own website.",
    VIDEO_WEBSITE: "One video, linking to a website.",
  },
});
export const ComponentTypeEnum = closedEnum("CardComponentType", {
  description: "The kind of one building block of a generic card.",
  values: COMPONENT_TYPES,
  describe: {
    MEDIA: "One image or video from the media library (give `mediaKey`).",
    SWIPEABLE_MEDIA: "2 to 6 images or videos people swipe through (give `mediaKeys`).",
    DETAILS: "A title and a website the card links to (give `title` and a WEBSITE `destination`).",
    BUTTON: "A button that opens an app (give `label` and an APP `destination`).",
  },
});
export const LabelValueEnum = closedEnum("ButtonLabel", {
  description: "The text of a card's app button; the app shows it in the viewer's language.",
  values: LABEL_VALUES,
  describe: {
    BOOK: '"Book".',
    CONNECT: '"Connect".',
    INSTALL: '"Install".',
    OPEN: '"Open".',
    ORDER: '"Order".',
    PLAY: '"Play".',
    SHOP: '"Shop".',
  },
});
export const AccountPermissionEnum = closedEnum("AccountPermission", {
  description: "What a user may do on an ad account: show or hide screens and actions by it.",
  values: USER_ACCESS_PERMISSIONS,
  describe: {
    ACCOUNT_ADMIN: "Full control, including the account's users and settings.",
    AD_MANAGER: "Full control except the account's users and settings.",
    CREATIVE_MANAGER: "Creatives and their previews only.",
    CAMPAIGN_ANALYST: "May view campaigns and their statistics.",
    ANALYST: "Organic analytics and audience insights only.",
    PARTNER_AUDIENCE_MANAGER: "Audiences from data partners, through the API only.",
    POST_COMPOSER:
      "May create promoted-only posts for the advertiser (granted only together with " +
      "ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER).",
  },
});
export const PlacementProductTypeEnum = closedEnum("PlacementProductType", {
  description: "The kind of promoted product a line item sells, as placement lists group them.",
  values: PLACEMENT_PRODUCT_TYPES,
  describe: {
    MEDIA: "Media (video and image) ads.",
    PROMOTED_ACCOUNT: "Promoted accounts: ads that suggest a user to follow.",
    PROMOTED_POSTS: "Promoted posts.",
  },
});
// Line items are beyond the spec (issue 15): their value lists are the models' (the vendor's
// v11 values). Reads accept other values too; a field shows such a value as null.
export const LineItemObjectiveEnum = closedEnum("LineItemObjective", {
  description:
    "What a line item's ads try to achieve; it decides which bid, billing and creative options apply.",
  values: LINE_ITEM_OBJECTIVES,
  describe: {
    APP_ENGAGEMENTS: "Get people who have an app to open and use it.",
    APP_INSTALLS: "Get people to install an app.",
    CUSTOM: "An objective set outside the standard list (seen on older line items).",
    ENGAGEMENTS: "Get likes, replies, reposts and clicks on promoted posts.",
    FOLLOWERS: "Get new followers for the promoted account.",
    PREROLL_VIEWS:
      "Get views of video ads that play before publishers' content (needs one or two categories).",
    REACH: "Show the ads to as many people as possible.",
    VIDEO_VIEWS: "Get views of promoted videos.",
    WEBSITE_CLICKS: "Get clicks to a website (image ads need a landing URL).",
    WEBSITE_CONVERSIONS: "Get actions on a website, measured by a web event tag.",
  },
});
export const LineItemProductTypeEnum = closedEnum("LineItemProductType", {
  description: "What a line item promotes: posts, an account or media.",
  values: [...LINE_ITEM_PRODUCT_TYPES, "PROMOTED_TWEETS"] as const,
  describe: {
    MEDIA: "Media (images and videos from the account's media) shown as ads.",
    PROMOTED_ACCOUNT: "An account, to win followers.",
    PROMOTED_POSTS: "Posts of the account.",
    PROMOTED_TWEETS:
      "Posts of the account, under the older name some existing line items carry; read only: " +
      "create with PROMOTED_POSTS.",
  },
});
export const LineItemPlacementEnum = closedEnum("LineItemPlacement", {
  description:
    "Where a line item's ads show. Which placements a product type allows is listed by " +
    "`Query.placements`.",
  values: LINE_ITEM_PLACEMENTS,
  describe: {
    ALL_ON_TWITTER: "Everywhere on the platform's own apps and site.",
    PUBLISHER_NETWORK: "In other publishers' apps (the audience network).",
    TAP_BANNER: "As a banner in publishers' apps.",
    TAP_FULL: "Full screen (portrait) in publishers' apps.",
    TAP_FULL_LANDSCAPE: "Full screen (landscape) in publishers' apps.",
    TAP_MRECT: "As a medium rectangle in publishers' apps.",
    TAP_NATIVE: "Natively, in the style of the surrounding content, in publishers' apps.",
    TWITTER_PROFILE: "On profile pages.",
    TWITTER_REPLIES: "Among the replies to posts.",
    TWITTER_SEARCH: "In search results.",
    TWITTER_TIMELINE: "In people's home timelines.",
  },
});
export const BidStrategyEnum = closedEnum("BidStrategy", {
  description: "How a line item bids in the ad auction.",
  values: BID_STRATEGIES,
  describe: {
    AUTO: "The ads service sets each bid to spend the budget well; no bid amount is given.",
    MAX: "Bid at most the line item's bid amount for each billable event.",
    TARGET: "Aim for an average cost per billable event near the line item's bid amount.",
  },
});
export const PayByEnum = closedEnum("PayBy", {
  description: "The event a line item is charged for; the bid amount is per such event.",
  values: PAY_BY_VALUES,
  describe: {
    APP_CLICK: "Each click that opens an app or its store page.",
    ENGAGEMENT: "Each engagement with a promoted post (a like, reply, repost or click).",
    IMPRESSION: "Impressions: each time an ad is shown.",
    LINK_CLICK: "Each click on a link to a website.",
  },
});
export const PostTypeEnum = closedEnum("PostType", {
  description: "Which of an account's posts to list: published posts, drafts or scheduled posts.",
  values: POST_TYPES,
  describe: {
    DRAFT: "Drafts, not published (Draft nodes).",
    PUBLISHED: "Published posts (Post nodes).",
    SCHEDULED: "Posts waiting to be published at a set time (ScheduledPost nodes).",
  },
});
export const TimelineTypeEnum = closedEnum("TimelineType", {
  description:
    "Which published posts to list by where they show: promoted-only ones (the default), " +
    "organic ones, or both.",
  values: TIMELINE_TYPES,
  describe: {
    ALL: "Both promoted-only and organic posts.",
    NULLCAST: "Promoted-only posts: shown only as ads, not on the author's timeline (the default).",
    ORGANIC: "Organic posts: shown on the author's timeline to their followers.",
  },
});
export const ConversationSettingsEnum = closedEnum("ConversationSettings", {
  description: "Who may reply to a post.",
  values: CONVERSATION_SETTINGS,
  describe: {
    EVERYONE: "Anyone (the default).",
    FOLLOWING: "Only accounts the author follows.",
    MENTIONED_USERS: "Only accounts the post mentions.",
  },
});
export const VideoCtaEnum = closedEnum("VideoCta", {
  description: "The call-to-action button under a video post; it opens the post's videoCtaValue.",
  values: VIDEO_CTAS,
  describe: {
    VISIT_SITE: "Shows “Visit site”.",
    WATCH_NOW: "Shows “Watch now”.",
  },
});
export const CardDestinationTypeEnum = closedEnum("CardDestinationType", {
  description: "Where a card component sends the person who taps it.",
  values: ["WEBSITE", "APP"] as const,
  describe: {
    WEBSITE: "A web page (give `url`).",
    APP: "An app in the app stores (give `countryCode` and a store id).",
  },
});

/**
 * The catch-all value of every observed enum: the ads service sent a value this schema does
 * not know yet; the field's `<field>Raw` sibling holds it (docs/graphql.md "Enums").
 */
export const UNRECOGNIZED = "UNRECOGNIZED";

/** A GraphQL enum of the values the ads service is known to send, plus UNRECOGNIZED. */
export interface ObservedEnum {
  readonly ref: EnumRef<Types, string>;
  /** The enum's value for a wire value: the value itself when known, else UNRECOGNIZED. */
  readonly of: (wire: string) => string;
}

/**
 * An enum for a set the ads service only "observes" (spec and recordings list some values,
 * others may come): `values` maps each known value's GraphQL name to its description;
 * `wireOf` gives the wire spelling when it differs (`photo` for PHOTO). Any other wire value
 * reads as UNRECOGNIZED, so a client's exhaustive switch never meets a value it lacks. The
 * `Raw` sibling keeps the wire spelling.
 */
export function observedEnum(
  name: string,
  options: {
    readonly description: string;
    readonly values: Readonly<Record<string, string>>;
    readonly wireOf?: (name: string) => string;
  },
): ObservedEnum {
  const wireOf = options.wireOf ?? ((value: string) => value);
  // Matched without regard to case: the service spells some values differently across
  // answers (`Android` in a recorded app list, `ANDROID` elsewhere), the meaning is the same.
  const known = new Map(
    Object.keys(options.values).map((v) => [wireOf(v).toLowerCase(), wireOf(v)]),
  );
  const values: Record<string, { readonly value: string; readonly description: string }> = {};
  for (const [value, description] of Object.entries(options.values)) {
    values[value] = { value: wireOf(value), description };
  }
  values[UNRECOGNIZED] = {
    value: UNRECOGNIZED,
    description:
      "A value the ads service sent that this schema does not know yet: read the field's " +
      "`Raw` sibling for it.",
  };
  const ref = builder.enumType(name, {
    description: `${options.description} Values the ads service may add later read as UNRECOGNIZED.`,
    values,
  });
  return { ref, of: (wire) => known.get(wire.toLowerCase()) ?? UNRECOGNIZED };
}

/** A value of `values`, or null for one outside it (reads of open enums accept any string). */
export function knownValue<V extends string>(
  values: readonly V[],
  value: string | null | undefined,
): V | null {
  return values.find((known) => known === value) ?? null;
}

/** The GraphQL enum of exactly these values (a catalog enum's values, in any order). */
export function enumOfValues(values: readonly string[]): EnumRef<Types, string> {
  const found = BY_VALUES.get(valuesKey(values));
  if (found === undefined) {
    throw new Error(`no GraphQL enum of ${valuesKey(values)}: declare one with closedEnum`);
  }
  return found;
}

export const SortDirectionEnum = builder.enumType("SortDirection", {
  description: "Which way a list is ordered.",
  values: {
    ASC: { value: "asc", description: "Smallest first: A to Z, oldest first, lowest first." },
    DESC: { value: "desc", description: "Largest first: Z to A, newest first, highest first." },
  } as const,
});
