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
    "Minimum and maximum cost-per-engagement bids of a currency (spec §4.4; fields observed).",
  id: { resolve: (rule) => rule.currency ?? "" },
  loadOne: async (currency, { upstream }) =>
    (await upstream.call("bidding_rules.list", { currency })).data.find(
      (rule) => rule.currency === currency,
    ) ?? null,
  fields: (t) => ({
    currency: t.string({ nullable: true, resolve: (rule) => rule.currency ?? null }),
    minimumCpeBid: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (rule) => money(numberOf(rule, "minimum_cpe_bid_local_micro"), rule.currency ?? ""),
    }),
    maximumCpeBid: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (rule) => money(numberOf(rule, "maximum_cpe_bid_local_micro"), rule.currency ?? ""),
    }),
    minimumDenomination: t.field({
      type: "Micros",
      nullable: true,
      description: "Bids are multiples of this many micro units.",
      resolve: (rule) => numberOf(rule, "minimum_denomination"),
    }),
  }),
});

const IabCategoryRef = builder.objectRef<IabCategoryShape>("IabCategory");
builder.node(IabCategoryRef, {
  description: "An IAB category (spec §2.9).",
  id: { resolve: (c) => c.id },
  loadOne: async (id, { loaders }) =>
    (await loaders.iabCategories()).find((other) => other.id === id) ?? null,
  fields: (t) => ({
    rawId: t.string({ description: "`IAB<n>` or `IAB<n>-<m>`.", resolve: (c) => c.id }),
    name: t.string({ nullable: true, description: "Observed.", resolve: (c) => textOf(c, "name") }),
    parentId: t.string({ nullable: true, resolve: (c) => c.parent_id }),
    parent: t.field({
      type: IabCategoryRef,
      nullable: true,
      resolve: async (c, _args, { loaders }) =>
        c.parent_id === null
          ? null
          : ((await loaders.iabCategories()).find((other) => other.id === c.parent_id) ?? null),
    }),
  }),
});

const ContentCategoryRef = builder.objectRef<ContentCategory>("ContentCategory");
builder.node(ContentCategoryRef, {
  id: { resolve: (c) => c.id },
  loadOne: async (id, { upstream }) =>
    (await upstream.call("content_categories.list", {})).data.find((c) => c.id === id) ?? null,
  description:
    "A content category and the IAB categories it maps to (spec §2.9): targeting with " +
    "IAB_CATEGORY must include the whole mapped set.",
  fields: (t) => ({
    rawId: t.string({
      description: "The content category id as the service names it.",
      resolve: (c) => c.id,
    }),
    name: t.string({ resolve: (c) => c.name }),
    iabCategoryIds: t.stringList({ resolve: (c) => c.iab_categories }),
    iabCategories: t.field({
      type: IabCategoryConnection,
      nullable: true,
      description:
        "The mapped IAB categories, a page at a time either way (all IAB categories are read " +
        "once per request).",
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
    publishersInLastThirtyDays: t.int({ resolve: (c) => c.publishers_in_last_thirty_days }),
    videosMonetizedInLastThirtyDays: t.int({
      resolve: (c) => c.videos_monetized_in_last_thirty_days,
    }),
  }),
});

const PlacementRef = builder.objectRef<Placement>("Placement");
builder.node(PlacementRef, {
  description: "The valid placement combinations of a product type (spec §4.4).",
  id: { resolve: (p) => p.product_type },
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
    "An advertiser business category (spec §4.4): one or two go on PREROLL_VIEWS line items.",
  // A category the service answers without an id is known by its name.
  id: { resolve: (c) => c.id ?? c.name ?? "" },
  loadOne: async (id, { upstream }) =>
    (await upstream.call("advertiser_business_categories.list", {})).data.find(
      (c) => (c.id ?? c.name) === id,
    ) ?? null,
  fields: (t) => ({
    rawId: t.string({
      nullable: true,
      description: "The category id as the service names it; null if it answered none.",
      resolve: (c) => c.id ?? null,
    }),
    name: t.string({ nullable: true, resolve: (c) => c.name ?? null }),
    iabCategoryIds: t.stringList({
      description: "Observed.",
      resolve: (c) => {
        const ids = propertyOf(c, "iab_categories");
        return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
      },
    }),
  }),
});

const IabCategoryConnection = connectionType("IabCategory", IabCategoryRef, "IAB categories.");

builder.queryFields((t) => ({
  biddingRules: t.field({
    type: [BiddingRuleRef],
    nullable: true,
    authScopes: { authenticated: true },
    description: "Bid limits per currency (spec §4.4: refresh at least monthly).",
    args: { currency: t.arg.string({ description: "Only this ISO 4217 currency." }) },
    resolve: async (_root, args, { upstream }) =>
      (
        await upstream.call("bidding_rules.list", {
          ...(args.currency != null && { currency: args.currency }),
        })
      ).data,
  }),
  contentCategories: t.field({
    type: [ContentCategoryRef],
    nullable: true,
    authScopes: { authenticated: true },
    resolve: async (_root, _args, { upstream }) =>
      (await upstream.call("content_categories.list", {})).data,
  }),
  iabCategories: t.field({
    type: IabCategoryConnection,
    nullable: true,
    description: `IAB content categories, a page at a time. ${FORWARD_ONLY}`,
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
    type: [PlacementRef],
    nullable: true,
    authScopes: { authenticated: true },
    args: { productType: t.arg({ type: PlacementProductTypeEnum }) },
    resolve: async (_root, args, { upstream }) =>
      (
        await upstream.call("placements.list", {
          ...(args.productType != null && { product_type: args.productType }),
        })
      ).data,
  }),
  businessCategories: t.field({
    type: [BusinessCategoryRef],
    nullable: true,
    authScopes: { authenticated: true },
    description: "Advertiser business categories.",
    resolve: async (_root, _args, { upstream }) =>
      (await upstream.call("advertiser_business_categories.list", {})).data,
  }),
}));
