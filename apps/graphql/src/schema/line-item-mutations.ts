import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import { entityKey } from "../loaders/keys.js";
import type { LineItemShape } from "../loaders/shapes.js";
import { ownedBy } from "./attachment-writes.js";
import {
  BidStrategyEnum,
  EntityStatusEnum,
  LineItemObjectiveEnum,
  LineItemPlacementEnum,
  PayByEnum,
  PlacementProductTypeEnum,
} from "./enums.js";
import { LineItemRef } from "./line-item.js";
import { attempt, inputPath, mutationErrors, ownedId, payload } from "./mutations.js";

/** GraphQL input field → the wire parameter of the line item endpoints (beyond the spec). */
const WIRE_NAMES = {
  campaignId: "campaign_id",
  name: "name",
  objective: "objective",
  productType: "product_type",
  placements: "placements",
  entityStatus: "entity_status",
  bidStrategy: "bid_strategy",
  bidAmount: "bid_amount_local_micro",
  payBy: "pay_by",
  totalBudget: "total_budget_amount_local_micro",
  categories: "categories",
  advertiserDomain: "advertiser_domain",
  primaryWebEventTag: "primary_web_event_tag",
} as const;
type LineItemInputFields = { [K in keyof typeof WIRE_NAMES]?: unknown };

const fields = inputPath({
  ...Object.fromEntries(Object.entries(WIRE_NAMES).map(([field, wire]) => [wire, field])),
  line_item_id: "id",
});

/** The given fields as wire parameters (null and absent both leave a field as it is). */
function toWire(input: LineItemInputFields): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(WIRE_NAMES)) {
    const value = input[field as keyof LineItemInputFields];
    if (value !== null && value !== undefined) wire[name] = value;
  }
  return wire;
}

const DESCRIPTIONS = {
  name: "1 to 255 characters.",
  bidAmount: "Micro units; required by bid strategies that bid an amount.",
  totalBudget: "Micro units for the whole flight.",
  categories: "One or two advertiser business category ids: only, and required, for PREROLL_VIEWS.",
  advertiserDomain: "A domain name, e.g. example.com.",
};

const CreateLineItemInput = builder.inputType("CreateLineItemInput", {
  description:
    "A line item under a live campaign; its currency is the campaign's. Which placements a " +
    "product type allows is the placements reference data (Query.placements).",
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    campaignId: t.string({ required: true, ...ID_INPUT }),
    name: t.string({ required: true, description: DESCRIPTIONS.name }),
    objective: t.field({ type: LineItemObjectiveEnum, required: true }),
    productType: t.field({
      type: PlacementProductTypeEnum,
      required: true,
      description: "spec §4.4's product types (PROMOTED_TWEETS is only read, never created).",
    }),
    placements: t.field({ type: [LineItemPlacementEnum], required: true }),
    entityStatus: t.field({ type: EntityStatusEnum }),
    bidStrategy: t.field({ type: BidStrategyEnum }),
    bidAmount: t.field({ type: "Micros", description: DESCRIPTIONS.bidAmount }),
    payBy: t.field({ type: PayByEnum }),
    totalBudget: t.field({ type: "Micros", description: DESCRIPTIONS.totalBudget }),
    categories: t.stringList({ ...ID_INPUT, description: DESCRIPTIONS.categories }),
    advertiserDomain: t.string({ description: DESCRIPTIONS.advertiserDomain }),
    primaryWebEventTag: t.string(ID_INPUT),
  }),
});

const UpdateLineItemInput = builder.inputType("UpdateLineItemInput", {
  description: "Changes the given fields; campaign, objective, product type and placements stay.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [LineItemRef] }),
    name: t.string({ description: DESCRIPTIONS.name }),
    entityStatus: t.field({ type: EntityStatusEnum }),
    bidStrategy: t.field({ type: BidStrategyEnum }),
    bidAmount: t.field({ type: "Micros", description: DESCRIPTIONS.bidAmount }),
    payBy: t.field({ type: PayByEnum }),
    totalBudget: t.field({ type: "Micros", description: DESCRIPTIONS.totalBudget }),
    categories: t.stringList({ ...ID_INPUT, description: DESCRIPTIONS.categories }),
    advertiserDomain: t.string({ description: DESCRIPTIONS.advertiserDomain }),
    primaryWebEventTag: t.string(ID_INPUT),
  }),
});

const LineItemPayload = (name: string, description: string) =>
  payload(name, "lineItem", LineItemRef, description);

const owned = (data: object, accountId: string) => ownedBy(data, accountId) as LineItemShape;

builder.mutationFields((t) => ({
  createLineItem: t.field({
    type: LineItemPayload("CreateLineItem", "The new line item."),
    description:
      "Creates a line item under a campaign (beyond the spec). Checked against the catalog's " +
      "rules before sending.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateLineItem"),
    args: { input: t.arg({ type: CreateLineItemInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const { data } = await upstream.call("line_items.create", {
          ...toWire(input),
          account_id: input.accountId,
          campaign_id: input.campaignId,
          name: input.name,
          objective: input.objective,
          product_type: input.productType,
          placements: input.placements,
        });
        const lineItem = owned(data, input.accountId);
        loaders.lineItem.prime(entityKey(input.accountId, lineItem.id), lineItem);
        return { lineItem };
      }, fields),
  }),
  updateLineItem: t.field({
    type: LineItemPayload("UpdateLineItem", "The line item as it is now."),
    description: "Changes the given fields of a line item (beyond the spec).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItem"),
    args: { input: t.arg({ type: UpdateLineItemInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("line_items.update", {
          account_id: accountId,
          line_item_id: id,
          ...toWire(input),
        });
        return { lineItem: owned(data, accountId) };
      }, fields),
  }),
  deleteLineItem: t.field({
    type: LineItemPayload("DeleteLineItem", "The line item, now with deleted=true."),
    description: "Deletes a line item: a second delete is NotFoundError, as for campaigns.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteLineItem"),
    args: { id: t.arg.globalID({ required: true, for: [LineItemRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("line_items.delete", {
          account_id: accountId,
          line_item_id: id,
        });
        return { lineItem: owned(data, accountId) };
      }, fields),
  }),
}));
