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
import { ACCOUNT_BY_ID, byIdRule, childrenRule, fetchedBy } from "../../cost/fetch-rule.js";

export const LineItemRef = builder.objectRef<LineItemShape>("LineItem");

const LINE_ITEM_BY_ID = byIdRule("line_items.get");
const LINE_ITEM_OF_ACCOUNT = byIdRule("line_items.get", { argument: "id" });
/** A line item's campaign (its amounts' currency too, when the answer omits it). */
const CAMPAIGN = byIdRule("campaigns.get");
const LINE_ITEMS_OF_CAMPAIGN = childrenRule("line_items.list", "campaign_ids", {
  primes: "line_items.get",
});

const PRODUCT_TYPES = [...LINE_ITEM_PRODUCT_TYPES, "PROMOTED_TWEETS"] as const;

/** A line item's campaign; read already when the line item came through its campaign. */
function campaignOf(li: LineItemShape, loaders: Loaders): CampaignShape | Promise<CampaignShape> {
  const key = entityKey(li.account_id, li.campaign_id);
  return loaders.byId(CAMPAIGN.read).peek?.(key) ?? loaders.byId(CAMPAIGN.read).load(key);
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
  extensions: { fetch: LINE_ITEM_BY_ID },
  description:
    "A line item (ad group) of a campaign: what it promotes, where, how it bids and whom it " +
    "targets. Amounts are in its currency, which is its campaign's.",
  id: {
    description: "The line item's global id: what `node(id:)` and the line item mutations take.",
    resolve: (li) => entityKey(li.account_id, li.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId(LINE_ITEM_BY_ID.read).loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The line item's own id in the ads service (as shown in its web tools).",
      resolve: (li) => li.id,
    }),
    name: t.string({
      nullable: true,
      description: "The line item's name (at most 255 characters); null when it has none.",
      resolve: (li) => li.name,
    }),
    campaignId: t.string({
      description: "The rawId of the campaign the line item belongs to.",
      resolve: (li) => li.campaign_id,
    }),
    campaign: t.field({
      ...fetchedBy(CAMPAIGN),
      type: CampaignRef,
      nullable: true,
      description:
        "The campaign the line item belongs to; null with an error if it cannot be read.",
      resolve: (li, _args, { loaders }) => campaignOf(li, loaders),
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      ...fetchedBy(ACCOUNT_BY_ID),
      description: "The ad account the line item belongs to.",
      resolve: (li, _args, { loaders }) => loaders.account.load(li.account_id),
    }),
    objective: t.field({
      type: LineItemObjectiveEnum,
      nullable: true,
      description:
        "What the line item's ads try to achieve; null when not set or a value this API does " +
        "not know.",
      resolve: (li) => knownValue(LINE_ITEM_OBJECTIVES, li.objective),
    }),
    productType: t.field({
      type: LineItemProductTypeEnum,
      nullable: true,
      description:
        "What the line item promotes (posts, an account or media); null when not set or a " +
        "value this API does not know.",
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
      description:
        "Where the line item's ads show; empty when none is set. Values this API does not know " +
        "are left out.",
      resolve: (li) =>
        (li.placements ?? []).flatMap((p) => knownValue(LINE_ITEM_PLACEMENTS, p) ?? []),
    }),
    bid: t.field({
      ...fetchedBy(CAMPAIGN),
      type: MoneyRef,
      nullable: true,
      description:
        "The bid per billable event (see payBy and bidStrategy); null when the ads service " +
        "bids automatically.",
      resolve: (li, _args, { loaders }) => amount(li, li.bid_amount_local_micro, loaders),
    }),
    bidStrategy: t.field({
      type: BidStrategyEnum,
      nullable: true,
      description:
        "How the line item bids in the auction; null when not set or a value this API does not know.",
      resolve: (li) => knownValue(BID_STRATEGIES, li.bid_strategy),
    }),
    payBy: t.field({
      type: PayByEnum,
      nullable: true,
      description:
        "The event the line item is charged for; null when not set or a value this API does not know.",
      resolve: (li) => knownValue(PAY_BY_VALUES, li.pay_by),
    }),
    totalBudget: t.field({
      ...fetchedBy(CAMPAIGN),
      type: MoneyRef,
      nullable: true,
      description:
        "The most the line item spends over its whole flight; null when it has no budget of " +
        "its own (the campaign's applies).",
      resolve: (li, _args, { loaders }) => amount(li, li.total_budget_amount_local_micro, loaders),
    }),
    goal: t.string({
      nullable: true,
      description:
        "The result the bidding optimises for within the objective, as the ads service names " +
        "it; null when not set.",
      resolve: (li) => li.goal ?? null,
    }),
    advertiserDomain: t.string({
      nullable: true,
      description:
        "The advertiser's website domain shown with the ads (e.g. example.com); null when not set.",
      resolve: (li) => li.advertiser_domain ?? null,
    }),
    categories: t.stringList({
      description:
        "Ids of the advertiser business categories the line item's ads belong to (see " +
        "`Query.businessCategories`); empty when none.",
      resolve: (li) => li.categories ?? [],
    }),
    primaryWebEventTag: t.string({
      nullable: true,
      description:
        "The web event tag that measures WEBSITE_CONVERSIONS; null when the line item has none.",
      resolve: (li) => li.primary_web_event_tag ?? null,
    }),
    entityStatus: t.field({
      type: EntityStatusEnum,
      nullable: true,
      description:
        "Whether the advertiser has the line item switched on (ACTIVE) or paused; null when " +
        "the ads service does not say.",
      resolve: (li) => knownValue(ENTITY_STATUSES, li.entity_status),
    }),
    currency: t.string({
      nullable: true,
      description:
        "The ISO 4217 code (e.g. USD) of the line item's amounts, its campaign's; null when the " +
        "ads service leaves it out (the amounts still carry their currency).",
      resolve: (li) => li.currency ?? null,
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When the line item was created (ISO 8601, UTC).",
      resolve: (li) => li.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When the line item last changed (ISO 8601, UTC).",
      resolve: (li) => li.updated_at,
    }),
    deleted: t.boolean({
      description: "True once the line item is deleted.",
      resolve: (li) => li.deleted,
    }),
  }),
});

export const LineItemConnection = connectionType("LineItem", LineItemRef, "Line items.");

const LINE_ITEM_FILTERS = {
  line_item_ids: "Only these line items (at most 200).",
  funding_instrument_ids:
    "Only line items of campaigns paid by these funding instruments (at most 200).",
  q: "Only line items whose name starts with this text, ignoring case (1 to 255 characters).",
  with_deleted: "Include deleted line items (default false).",
} as const;

builder.objectFields(AccountRef, (t) => ({
  lineItems: accountListField(t, "line_items.list", {
    type: LineItemConnection,
    description: "The account's line items, a page at a time.",
    describe: {
      ...LINE_ITEM_FILTERS,
      campaign_ids: "Only line items of these campaigns (at most 200).",
    },
  }),
  lineItem: t.field({
    ...fetchedBy(LINE_ITEM_OF_ACCOUNT),
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
      loaders
        .byId(LINE_ITEM_OF_ACCOUNT.read)
        .load(entityKey(account.id, idInAccount(id, account.id))),
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
      ...fetchedBy(LINE_ITEMS_OF_CAMPAIGN),
      type: LineItemConnection,
      nullable: true,
      description:
        "The campaign's line items, a page at a time; null with an error if they cannot be read.",
      complexity: connectionComplexity,
      args: { ...list.args, ...backwardPageArgs(t.arg, list.maxCount) },
      resolve: (campaign, values, { loaders }) => {
        // The catalog's own parameters under its wire names (see listArgs).
        const filter = list.wireFilters(values, campaign.account_id);
        return connectionOfAll(values, LINE_ITEMS_OF_CAMPAIGN.maxCount, () =>
          loaders.lineItemsOfCampaign(filter).load(entityKey(campaign.account_id, campaign.id)),
        );
      },
    }),
  };
});

const DESCRIPTIONS = {
  name: "The line item's name, 1 to 255 characters.",
  bid_amount_local_micro:
    "The bid per billable event, in micros of the account currency (1,000,000 = 1 unit); " +
    "required by bid strategies that bid an amount (MAX, TARGET).",
  bid_strategy: "How to bid: AUTO lets the ads service bid; MAX and TARGET need a bid amount.",
  pay_by: "The event to be charged for.",
  total_budget_amount_local_micro:
    "The most to spend over the whole flight, in micros of the account currency.",
  categories:
    "The `id`s of one or two business categories (from `businessCategories`): required for " +
    "PREROLL_VIEWS line items, refused for any other objective.",
  advertiser_domain: "The advertiser's website domain shown with the ads, e.g. example.com.",
  primary_web_event_tag: "The web event tag that measures WEBSITE_CONVERSIONS.",
  entity_status: "ACTIVE to deliver, PAUSED to hold the line item.",
};

// Named for what the ids name: the catalog's `categories` are advertiser business categories.
const RENAME = { categories: "businessCategoryIds" } as const;

const create = mutationArgs("line_items.create", {
  rename: RENAME,
  describe: {
    ...DESCRIPTIONS,
    account_id: "The `id` of the account of the campaign.",
    campaign_id: "The `id` of the campaign the line item goes under.",
    objective: "What the line item's ads try to achieve.",
    placements:
      "Where the ads show; the placements the product type allows are listed by `Query.placements`.",
    product_type: "What the line item promotes (PROMOTED_TWEETS is only read, never created).",
  },
});
const update = mutationArgs("line_items.update", {
  globalIds: { line_item_id: LineItemRef },
  rename: RENAME,
  describe: { ...DESCRIPTIONS, line_item_id: "The `id` of the line item to change." },
});
const remove = mutationArgs("line_items.delete", {
  globalIds: { line_item_id: LineItemRef },
  describe: { line_item_id: "The `id` of the line item to delete." },
});

const CreateLineItemInput = builder.inputType("CreateLineItemInput", {
  description:
    "A new line item under a campaign that is not deleted; its currency is the campaign's. " +
    "Which placements a product type allows is listed by `Query.placements`.",
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
      "Creates a line item under a campaign. Invalid fields come back as a ValidationError " +
      "naming each input field, before anything is created.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateLineItem"),
    args: {
      input: t.arg({
        type: CreateLineItemInput,
        required: true,
        description: "The line item to create.",
      }),
    },
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
    description: "Changes the given fields of a line item; fields left out stay as they are.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItem"),
    args: {
      input: t.arg({
        type: UpdateLineItemInput,
        required: true,
        description: "The line item and the fields to change.",
      }),
    },
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
    description:
      "Deletes a line item. It cannot be undone; deleting it again answers NotFoundError.",
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
