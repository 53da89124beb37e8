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
  description: "spec §2.3: where the budget is optimised.",
  values: BUDGET_OPTIMIZATIONS,
});
export const EntityStatusEnum = closedEnum("EntityStatus", {
  description: "spec §2.3: a campaign's status as set by the advertiser.",
  values: ENTITY_STATUSES,
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
  description: "spec §2.5: account media creative types.",
  values: CREATIVE_TYPES,
});
export const CardTypeEnum = closedEnum("CardType", {
  description: "spec §2.8: card types for filtering generic cards.",
  values: CARD_TYPES,
});
export const ComponentTypeEnum = closedEnum("CardComponentType", {
  description: "spec §2.8: the card component types.",
  values: COMPONENT_TYPES,
});
export const LabelValueEnum = closedEnum("ButtonLabel", {
  description: "spec §2.8: the label values of a BUTTON component.",
  values: LABEL_VALUES,
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
  description: "A line item's objective (beyond the spec: the vendor's v11 values).",
  values: LINE_ITEM_OBJECTIVES,
});
export const LineItemProductTypeEnum = closedEnum("LineItemProductType", {
  description:
    "A line item's product type: spec §4.4's product types, and PROMOTED_TWEETS, the vendor's " +
    "v11 word for PROMOTED_POSTS that recorded line items carry (values are never renamed).",
  values: [...LINE_ITEM_PRODUCT_TYPES, "PROMOTED_TWEETS"] as const,
});
export const LineItemPlacementEnum = closedEnum("LineItemPlacement", {
  description: "Where a line item's ads show (spec §4.4 placements).",
  values: LINE_ITEM_PLACEMENTS,
});
export const BidStrategyEnum = closedEnum("BidStrategy", {
  description: "How a line item bids (beyond the spec: the vendor's v11 values).",
  values: BID_STRATEGIES,
});
export const PayByEnum = closedEnum("PayBy", {
  description: "What a line item is billed for (beyond the spec: the vendor's v11 values).",
  values: PAY_BY_VALUES,
});
export const PostTypeEnum = closedEnum("PostType", {
  description: "spec §4.7: a published post, a draft or a scheduled post.",
  values: POST_TYPES,
});
export const TimelineTypeEnum = closedEnum("TimelineType", {
  description:
    "spec §4.7 posts list: promoted-only posts (NULLCAST, the default), organic ones, or both.",
  values: TIMELINE_TYPES,
});
export const ConversationSettingsEnum = closedEnum("ConversationSettings", {
  description: "spec §4.7: who may reply to a post (EVERYONE by default).",
  values: CONVERSATION_SETTINGS,
});
export const VideoCtaEnum = closedEnum("VideoCta", {
  description: "spec §4.7: a video post's call to action.",
  values: VIDEO_CTAS,
});
export const CardDestinationTypeEnum = closedEnum("CardDestinationType", {
  description: "Where a card component sends the person who taps it.",
  values: ["WEBSITE", "APP"] as const,
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
