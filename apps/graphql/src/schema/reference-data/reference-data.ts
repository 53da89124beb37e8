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

// spec §4.4 reference data: not account-scoped. The catalog signs these endpoints in user
// context (no app-only bearer), so they need a session like everything else.

const numberOf = (record: object, name: string): number | null => {
  const value = propertyOf(record, name);
  return typeof value === "number" ? value : null;
};

const BiddingRuleRef = builder.objectRef<BiddingRule>("BiddingRule").implement({
  description:
    "Minimum and maximum cost-per-engagement bids of a currency (spec §4.4; fields observed).",
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
IabCategoryRef.implement({
  description: "An IAB category (spec §2.9).",
  fields: (t) => ({
    id: t.string({ description: "`IAB<n>` or `IAB<n>-<m>`.", resolve: (c) => c.id }),
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

const ContentCategoryRef = builder.objectRef<ContentCategory>("ContentCategory").implement({
  description:
    "A content category and the IAB categories it maps to (spec §2.9): targeting with " +
    "IAB_CATEGORY must include the whole mapped set.",
  fields: (t) => ({
    id: t.string({ resolve: (c) => c.id }),
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

const PlacementRef = builder.objectRef<Placement>("Placement").implement({
  description: "The valid placement combinations of a product type (spec §4.4).",
  fields: (t) => ({
    productType: t.string({ resolve: (p) => p.product_type }),
    placements: t.field({
      type: t.listRef(t.listRef("String")),
      description: "Each item is one valid combination.",
      resolve: (p) => p.placements,
    }),
  }),
});

const BusinessCategoryRef = builder
  .objectRef<AdvertiserBusinessCategory>("BusinessCategory")
  .implement({
    description:
      "An advertiser business category (spec §4.4): one or two go on PREROLL_VIEWS line items.",
    fields: (t) => ({
      id: t.string({ nullable: true, resolve: (c) => c.id ?? null }),
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
