import type {
  AdvertiserBusinessCategory,
  BiddingRule,
  ContentCategory,
  Placement,
} from "@adsgraph/models";
import { builder } from "../../builder.js";
import type { IabCategoryShape } from "../../loaders/shapes.js";
import {
  bothWaysPageArgs,
  connectionComplexity,
  connectionOfAll,
  connectionType,
  FORWARD_ONLY,
  resolveConnection,
  pageArgs,
  wholeListComplexity,
} from "../../fields/connections.js";
import { propertyOf, textOf } from "../../fields/properties.js";
import { PlacementProductTypeEnum } from "../common/enums.js";
import { money, MoneyRef } from "../common/scalars.js";
import { requiredObservedFields } from "../../fields/observed-fields.js";
import { ObservedPlacement, ObservedPlacementProductType } from "../common/observed-enums.js";
import { fetchedBy } from "../../cost/fetch-rule.js";
import { IAB_CATEGORIES_READ } from "../../loaders/loaders.js";

// spec §4.4 reference data: not account-scoped. The catalog signs these endpoints in user
// context (no app-only bearer), so they need a session like everything else.

const numberOf = (record: object, name: string): number | null => {
  const value = propertyOf(record, name);
  return typeof value === "number" ? value : null;
};

const BiddingRuleRef = builder.objectRef<BiddingRule>("BiddingRule");

// Reference data is read whole (one request per list); a node by id is found in its list.
builder.node(BiddingRuleRef, {
  description:
    "The lowest and highest cost-per-engagement bid allowed in one currency. The limits " +
    "change rarely: reading them again once a month is enough.",
  id: {
    description: "The bidding rule's global id (one per currency).",
    resolve: (rule) => rule.currency ?? "",
  },
  loadOne: async (currency, { upstream }) =>
    (await upstream.call("bidding_rules.list", { currency })).data.find(
      (rule) => rule.currency === currency,
    ) ?? null,
  fields: (t) => ({
    currency: t.string({
      nullable: true,
      description: "The currency the limits apply to: an ISO 4217 code; null when not given.",
      resolve: (rule) => rule.currency ?? null,
    }),
    minimumCpeBid: t.field({
      type: MoneyRef,
      nullable: true,
      description: "The lowest bid allowed per engagement; null when not given.",
      resolve: (rule) => money(numberOf(rule, "minimum_cpe_bid_local_micro"), rule.currency ?? ""),
    }),
    maximumCpeBid: t.field({
      type: MoneyRef,
      nullable: true,
      description: "The highest bid allowed per engagement; null when not given.",
      resolve: (rule) => money(numberOf(rule, "maximum_cpe_bid_local_micro"), rule.currency ?? ""),
    }),
    minimumDenomination: t.field({
      type: "Micros",
      nullable: true,
      description:
        "Bids must be whole multiples of this amount, in micros of the currency; null when " +
        "not given.",
      resolve: (rule) => numberOf(rule, "minimum_denomination"),
    }),
  }),
});

const IabCategoryRef = builder.objectRef<IabCategoryShape>("IabCategory");
builder.node(IabCategoryRef, {
  description:
    "A category of the IAB (Interactive Advertising Bureau) content taxonomy: top-level " +
    "categories and their subcategories.",
  id: { description: "The IAB category's global id.", resolve: (c) => c.id },
  loadOne: async (id, { loaders }) =>
    (await loaders.iabCategories()).find((other) => other.id === id) ?? null,
  fields: (t) => ({
    rawId: t.string({
      description: "The IAB code: `IAB<n>` for a top-level category, `IAB<n>-<m>` below one.",
      resolve: (c) => c.id,
    }),
    name: t.string({
      nullable: true,
      description: "The category's name, e.g. Arts & Entertainment; null when not given.",
      resolve: (c) => textOf(c, "name"),
    }),
    parentId: t.string({
      nullable: true,
      description: "The `rawId` of the category above this one; null for a top-level one.",
      resolve: (c) => c.parent_id,
    }),
    parent: t.field({
      ...fetchedBy(IAB_CATEGORIES_READ),
      type: IabCategoryRef,
      nullable: true,
      description: "The category above this one; null for a top-level one.",
      resolve: async (c, _args, { loaders }) =>
        c.parent_id === null
          ? null
          : ((await loaders.iabCategories()).find((other) => other.id === c.parent_id) ?? null),
    }),
  }),
});

const ContentCategoryRef = builder.objectRef<ContentCategory>("ContentCategory");
builder.node(ContentCategoryRef, {
  id: { description: "The content category's global id.", resolve: (c) => c.id },
  loadOne: async (id, { upstream }) =>
    (await upstream.call("content_categories.list", {})).data.find((c) => c.id === id) ?? null,
  description:
    "A category of publisher content (e.g. sports videos) and the IAB categories it maps " +
    "to: targeting by IAB category must include the whole mapped set.",
  fields: (t) => ({
    rawId: t.string({
      description: "The content category's own id.",
      resolve: (c) => c.id,
    }),
    name: t.string({
      description: "The category's name, to show to people.",
      resolve: (c) => c.name,
    }),
    iabCategoryIds: t.stringList({
      description: "The `rawId`s of the IAB categories it maps to.",
      resolve: (c) => c.iab_categories,
    }),
    iabCategories: t.field({
      ...fetchedBy(IAB_CATEGORIES_READ),
      type: IabCategoryConnection,
      nullable: true,
      description:
        "The IAB categories it maps to, a page at a time either way; one this API cannot " +
        "find is left out.",
      complexity: wholeListComplexity,
      args: bothWaysPageArgs(t.arg),
      resolve: (c, args, { loaders }) =>
        connectionOfAll(args, 1000, async () => {
          const all = new Map((await loaders.iabCategories()).map((iab) => [iab.id, iab]));
          return c.iab_categories.flatMap((id) => {
            const found = all.get(id);
            return found === undefined ? [] : [found];
          });
        }),
    }),
    publishersInLastThirtyDays: t.int({
      description: "How many publishers posted content of this category in the last 30 days.",
      resolve: (c) => c.publishers_in_last_thirty_days,
    }),
    videosMonetizedInLastThirtyDays: t.int({
      description: "How many videos of this category carried ads in the last 30 days.",
      resolve: (c) => c.videos_monetized_in_last_thirty_days,
    }),
  }),
});

const PlacementRef = builder.objectRef<Placement>("Placement");
builder.node(PlacementRef, {
  description:
    "Where the ads of one product type may show: the combinations of placements a line item " +
    "of that type may choose.",
  id: {
    description: "The placement list's global id (one per product type).",
    resolve: (p) => p.product_type,
  },
  loadOne: async (productType, { upstream }) =>
    (await upstream.call("placements.list", {})).data.find((p) => p.product_type === productType) ??
    null,
  fields: (t) => ({
    ...requiredObservedFields(t, "productType", {
      enum: ObservedPlacementProductType,
      description: "The kind of promoted product these combinations apply to.",
      resolve: (p) => p.product_type,
    }),
    placements: t.field({
      type: t.listRef(t.listRef(ObservedPlacement.ref)),
      description: "Each item is one valid combination of places where the product's ads may show.",
      resolve: (p) => p.placements.map((combination) => combination.map(ObservedPlacement.of)),
    }),
    placementsRaw: t.field({
      type: t.listRef(t.listRef("String")),
      description:
        "The placements exactly as the ads service sent them, in the same order: what to show " +
        "for an UNRECOGNIZED item.",
      resolve: (p) => p.placements,
    }),
  }),
});

const BusinessCategoryRef = builder.objectRef<AdvertiserBusinessCategory>("BusinessCategory");
builder.node(BusinessCategoryRef, {
  description:
    "A kind of advertiser business: line items with the PREROLL_VIEWS objective name one or " +
    "two of them.",
  // A category the service answers without an id is known by its name.
  id: { description: "The business category's global id.", resolve: (c) => c.id ?? c.name ?? "" },
  loadOne: async (id, { upstream }) =>
    (await upstream.call("advertiser_business_categories.list", {})).data.find(
      (c) => (c.id ?? c.name) === id,
    ) ?? null,
  fields: (t) => ({
    rawId: t.string({
      nullable: true,
      description: "The category's own id; null when it has none.",
      resolve: (c) => c.id ?? null,
    }),
    name: t.string({
      nullable: true,
      description: "The category's name, to show to people; null when not given.",
      resolve: (c) => c.name ?? null,
    }),
    iabCategoryIds: t.stringList({
      description: "The `rawId`s of the IAB categories it corresponds to; empty when none.",
      resolve: (c) => {
        const ids = propertyOf(c, "iab_categories");
        return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
      },
    }),
  }),
});

const IabCategoryConnection = connectionType("IabCategory", IabCategoryRef, "IAB categories.");
const BiddingRuleConnection = connectionType(
  "BiddingRule",
  BiddingRuleRef,
  "Bidding rules, one per currency.",
);
const ContentCategoryConnection = connectionType(
  "ContentCategory",
  ContentCategoryRef,
  "Content categories.",
);
const PlacementConnection = connectionType(
  "Placement",
  PlacementRef,
  "Placement lists, one per product type.",
);
const BusinessCategoryConnection = connectionType(
  "BusinessCategory",
  BusinessCategoryRef,
  "Advertiser business categories.",
);

builder.queryFields((t) => ({
  biddingRules: t.field({
    type: BiddingRuleConnection,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "The lowest and highest bids allowed, one rule per currency, a page at a time either " +
      "way. They change rarely: read them again about once a month.",
    complexity: connectionComplexity,
    args: {
      ...bothWaysPageArgs(t.arg),
      currency: t.arg.string({
        description:
          "Only this currency (an ISO 4217 code, e.g. USD); every currency when left out.",
      }),
    },
    resolve: (_root, args, { upstream }) =>
      connectionOfAll(
        args,
        1000,
        async () =>
          (
            await upstream.call("bidding_rules.list", {
              ...(args.currency != null && { currency: args.currency }),
            })
          ).data,
      ),
  }),
  contentCategories: t.field({
    type: ContentCategoryConnection,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "Every content category, with the IAB categories each maps to, a page at a time " +
      "either way.",
    complexity: connectionComplexity,
    args: bothWaysPageArgs(t.arg),
    resolve: (_root, args, { upstream }) =>
      connectionOfAll(
        args,
        1000,
        async () => (await upstream.call("content_categories.list", {})).data,
      ),
  }),
  iabCategories: t.field({
    type: IabCategoryConnection,
    nullable: true,
    description: `The IAB content categories, top-level and below, a page at a time. ${FORWARD_ONLY}`,
    authScopes: { authenticated: true },
    complexity: connectionComplexity,
    args: {
      ...pageArgs(t.arg),
    },
    resolve: (_root, args, { upstream }, info) =>
      resolveConnection(
        info,
        args,
        1000,
        (page) => upstream.page("iab_categories.list", page),
        () => upstream.totalCount("iab_categories.list", {}),
      ),
  }),
  placements: t.field({
    type: PlacementConnection,
    nullable: true,
    authScopes: { authenticated: true },
    description: "Where ads may show, one entry per product type, a page at a time either way.",
    complexity: connectionComplexity,
    args: {
      ...bothWaysPageArgs(t.arg),
      productType: t.arg({
        type: PlacementProductTypeEnum,
        description: "Only this product type; every product type when left out.",
      }),
    },
    resolve: (_root, args, { upstream }) =>
      connectionOfAll(
        args,
        1000,
        async () =>
          (
            await upstream.call("placements.list", {
              ...(args.productType != null && { product_type: args.productType }),
            })
          ).data,
      ),
  }),
  businessCategories: t.field({
    type: BusinessCategoryConnection,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "Every advertiser business category, to choose from for PREROLL_VIEWS line items, a " +
      "page at a time either way.",
    complexity: connectionComplexity,
    args: bothWaysPageArgs(t.arg),
    resolve: (_root, args, { upstream }) =>
      connectionOfAll(
        args,
        1000,
        async () => (await upstream.call("advertiser_business_categories.list", {})).data,
      ),
  }),
}));
