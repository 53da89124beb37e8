import {
  BID_STRATEGIES,
  ENTITY_STATUSES,
  LINE_ITEM_OBJECTIVES,
  LINE_ITEM_PLACEMENTS,
  LINE_ITEM_PRODUCT_TYPES,
  PAY_BY_VALUES,
} from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import type { ParentOf } from "../../fields/mutations.js";
import { builder } from "../../builder.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type { Loaders } from "../../loaders/loaders.js";
import type { CampaignShape, LineItemShape } from "../../loaders/shapes.js";
import { AccountRef } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { CampaignRef, inCampaign } from "./campaign.js";
import {
  backwardPageArgs,
  connectionComplexity,
  connectionOfAll,
  connectionType,
} from "../../fields/connections.js";
import {
  BidStrategyEnum,
  EntityStatusEnum,
  knownValue,
  LineItemObjectiveEnum,
  LineItemPlacementEnum,
  LineItemProductTypeEnum,
  PayByEnum,
} from "../common/enums.js";
import { listArgs } from "../../fields/list-args.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
  payload,
} from "../../fields/mutations.js";
import { money, MoneyRef, type MoneyShape } from "../common/scalars.js";
import { observedFields } from "../../fields/observed-fields.js";
import { LineItemPlacementType } from "../common/observed-enums.js";

/** A line item (beyond the spec; issue 15). Attachment edges are added in their own files. */
export const LineItemRef = builder.objectRef<LineItemShape>("LineItem");

const PRODUCT_TYPES = [...LINE_ITEM_PRODUCT_TYPES, "PROMOTED_TWEETS"] as const;

/** A line item's campaign; read already when the line item came through its campaign. */
function campaignOf(li: LineItemShape, loaders: Loaders): CampaignShape | Promise<CampaignShape> {
  const key = entityKey(li.account_id, li.campaign_id);
  return loaders.byId("campaigns.get").peek?.(key) ?? loaders.byId("campaigns.get").load(key);
}

/**
 * An amount in the line item's currency, which is its campaign's when the answer omits it
 * (answered without a promise when it does not).
 */
function amount(
  li: LineItemShape,
  micros: number | null | undefined,
  loaders: Loaders,
): MoneyShape | null | Promise<MoneyShape | null> {
  if (li.currency !== undefined) return money(micros, li.currency);
  if (micros === null || micros === undefined) return null;
  return Promise.resolve(campaignOf(li, loaders)).then((c) => money(micros, c.currency));
}

builder.node(LineItemRef, {
  description:
    "A line item of a campaign: beyond the spec (§4.2 shows none), with the fields of the " +
    "vendor's recorded responses. Amounts are in its currency (its campaign's).",
  id: { resolve: (li) => entityKey(li.account_id, li.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("line_items.get").loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The line item id as the ads service names it.",
      resolve: (li) => li.id,
    }),
    name: t.string({ nullable: true, resolve: (li) => li.name }),
    campaignId: t.string({ resolve: (li) => li.campaign_id }),
    campaign: t.field({
      type: CampaignRef,
      nullable: true,
      description: "Read in batches of 200 ids per request for every line item of the response.",
      resolve: (li, _args, { loaders }) => campaignOf(li, loaders),
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (li, _args, { loaders }) => loaders.account.load(li.account_id),
    }),
    objective: t.field({
      type: LineItemObjectiveEnum,
      nullable: true,
      description: "Null for a value outside LineItemObjective.",
      resolve: (li) => knownValue(LINE_ITEM_OBJECTIVES, li.objective),
    }),
    productType: t.field({
      type: LineItemProductTypeEnum,
      nullable: true,
      description: "Null for a value outside LineItemProductType.",
      resolve: (li) => knownValue(PRODUCT_TYPES, li.product_type),
    }),
    ...observedFields(t, "placementType", {
      enum: LineItemPlacementType,
      description:
        "The older one-value summary of where the line item's ads show (see placements); null when the ads service does not say.",
      resolve: (li) => li.placement_type,
    }),
    placements: t.field({
      type: [LineItemPlacementEnum],
      description: "Values outside LineItemPlacement are left out.",
      resolve: (li) =>
        (li.placements ?? []).flatMap((p) => knownValue(LINE_ITEM_PLACEMENTS, p) ?? []),
    }),
    bid: t.field({
      type: MoneyRef,
      nullable: true,
      description: "bid_amount_local_micro.",
      resolve: (li, _args, { loaders }) => amount(li, li.bid_amount_local_micro, loaders),
    }),
    bidStrategy: t.field({
      type: BidStrategyEnum,
      nullable: true,
      resolve: (li) => knownValue(BID_STRATEGIES, li.bid_strategy),
    }),
    payBy: t.field({
      type: PayByEnum,
      nullable: true,
      resolve: (li) => knownValue(PAY_BY_VALUES, li.pay_by),
    }),
    totalBudget: t.field({
      type: MoneyRef,
      nullable: true,
      description: "total_budget_amount_local_micro.",
      resolve: (li, _args, { loaders }) => amount(li, li.total_budget_amount_local_micro, loaders),
    }),
    goal: t.string({ nullable: true, resolve: (li) => li.goal ?? null }),
    advertiserDomain: t.string({ nullable: true, resolve: (li) => li.advertiser_domain ?? null }),
    categories: t.stringList({
      description: "Advertiser business category ids (spec §4.4).",
      resolve: (li) => li.categories ?? [],
    }),
    primaryWebEventTag: t.string({
      nullable: true,
      resolve: (li) => li.primary_web_event_tag ?? null,
    }),
    entityStatus: t.field({
      type: EntityStatusEnum,
      nullable: true,
      resolve: (li) => knownValue(ENTITY_STATUSES, li.entity_status),
    }),
    currency: t.string({
      nullable: true,
      description: "ISO 4217 code: its campaign's.",
      resolve: (li) => li.currency ?? null,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (li) => li.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (li) => li.updated_at }),
    deleted: t.boolean({ resolve: (li) => li.deleted }),
  }),
});

export const LineItemConnection = connectionType("LineItem", LineItemRef, "Line items.");

const LINE_ITEM_FILTERS = {
  line_item_ids: "Only these line item ids (≤200).",
  funding_instrument_ids: "Only line items of campaigns of these funding instruments (≤200).",
  q: "Case-insensitive name prefix (1 to 255 characters).",
  with_deleted: "Include deleted line items.",
} as const;

builder.objectFields(AccountRef, (t) => ({
  lineItems: accountListField(t, "line_items.list", {
    type: LineItemConnection,
    description: "The account's line items (beyond the spec), a page at a time.",
    describe: { ...LINE_ITEM_FILTERS, campaign_ids: "Only line items of these campaigns (≤200)." },
  }),
  lineItem: t.field({
    type: LineItemRef,
    nullable: true,
    description: "One line item of this account; null with an error if missing.",
    args: {
      id: t.arg.globalID({
        for: LineItemRef,
        required: true,
        description:
          `The \`id\` of the line item to read (as \`LineItem.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's line item is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.byId("line_items.get").load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

builder.objectFields(CampaignRef, (t) => {
  // The list's own arguments, the campaign aside (it is the parent).
  const list = listArgs(t.arg, "line_items.list", {
    ids: "line_item_ids",
    sort: "LineItem",
    omit: ["campaign_ids"],
    describe: LINE_ITEM_FILTERS,
  });
  return {
    lineItems: t.field({
      type: LineItemConnection,
      nullable: true,
      description:
        "The campaign's line items. Asked for many campaigns at once, read together: " +
        "campaign_ids of ≤200 per request, every page of 1,000; then paged here (`after` takes " +
        "this connection's edge cursors) and counted without a request.",
      complexity: connectionComplexity,
      args: { ...list.args, ...backwardPageArgs(t.arg, list.maxCount) },
      resolve: (campaign, values, { loaders }) => {
        // The catalog's own parameters under its wire names (see listArgs).
        const filter = list.wireFilters(values, campaign.account_id);
        return connectionOfAll(values, list.maxCount, () =>
          loaders.lineItemsOfCampaign(filter).load(entityKey(campaign.account_id, campaign.id)),
        );
      },
    }),
  };
});

const DESCRIPTIONS = {
  name: "1 to 255 characters.",
  bid_amount_local_micro: "Micro units; required by bid strategies that bid an amount.",
  total_budget_amount_local_micro: "Micro units for the whole flight.",
  categories:
    "The `id`s of one or two business categories (from `businessCategories`): required for " +
    "PREROLL_VIEWS line items, refused for any other objective.",
  advertiser_domain: "A domain name, e.g. example.com.",
};

// Named for what the ids name: the catalog's `categories` are advertiser business categories.
const RENAME = { categories: "businessCategoryIds" } as const;

const create = mutationArgs("line_items.create", {
  rename: RENAME,
  describe: {
    ...DESCRIPTIONS,
    product_type: "spec §4.4's product types (PROMOTED_TWEETS is only read, never created).",
  },
});
const update = mutationArgs("line_items.update", {
  globalIds: { line_item_id: LineItemRef },
  rename: RENAME,
  describe: DESCRIPTIONS,
});
const remove = mutationArgs("line_items.delete", { globalIds: { line_item_id: LineItemRef } });

const CreateLineItemInput = builder.inputType("CreateLineItemInput", {
  description:
    "A line item under a live campaign; its currency is the campaign's. Which placements a " +
    "product type allows is the placements reference data (Query.placements).",
  fields: create.fields,
});

const UpdateLineItemInput = builder.inputType("UpdateLineItemInput", {
  description: "Changes the given fields; campaign, objective, product type and placements stay.",
  fields: update.fields,
});

/** The line item a new attachment was created on, offered in its create's payload. */
export const onLineItem: ParentOf<{
  readonly account_id: string;
  readonly line_item_id: string;
}> = (payload, createdOf) => {
  builder.objectField(payload, "lineItem", (t) =>
    t.field({
      type: LineItemRef,
      nullable: true,
      description: "The line item it was created on: select its lists here to see them with it.",
      resolve: (answer, _args, { loaders }) => {
        const created = createdOf(answer);
        return loaders
          .byId("line_items.get")
          .load(entityKey(created.account_id, created.line_item_id));
      },
    }),
  );
};

const LineItemPayload = (name: string, description: string) =>
  payload(name, "lineItem", LineItemRef, description);

builder.mutationFields((t) => ({
  createLineItem: t.field({
    type: createPayload(
      "CreateLineItem",
      "lineItem",
      LineItemRef,
      "The new line item.",
      inCampaign,
    ),
    description:
      "Creates a line item under a campaign (beyond the spec). Checked against the catalog's " +
      "rules before sending.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateLineItem"),
    args: { input: t.arg({ type: CreateLineItemInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("line_items.create", params);
        const lineItem = ownedBy(data, params.account_id);
        loaders.byId("line_items.get").prime(entityKey(params.account_id, lineItem.id), lineItem);
        return { lineItem };
      }, create.fieldOf),
  }),
  updateLineItem: t.field({
    type: LineItemPayload("UpdateLineItem", "The line item as it is now."),
    description: "Changes the given fields of a line item (beyond the spec).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItem"),
    args: { input: t.arg({ type: UpdateLineItemInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("line_items.update", params);
        return { lineItem: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteLineItem: t.field({
    type: deletePayload(
      "DeleteLineItem",
      "lineItem",
      LineItemRef,
      "The line item, now with deleted=true.",
    ),
    description: "Deletes a line item: a second delete is NotFoundError, as for campaigns.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteLineItem"),
    args: inputArg(t.arg, "DeleteLineItem", remove.fields, "The line item to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("line_items.delete", params);
        return deleted(
          LineItemRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
