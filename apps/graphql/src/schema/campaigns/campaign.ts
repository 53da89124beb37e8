import { rejectErrors } from "@pothos/plugin-dataloader";
import type { ParentOf } from "../../fields/mutations.js";
import { builder } from "../../builder.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type { CampaignShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import {
  bothWaysPageArgs,
  connectionOfAll,
  connectionType,
  wholeListComplexity,
} from "../../fields/connections.js";
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
import { BudgetOptimizationEnum, EntityStatusEnum } from "../common/enums.js";
import { FundingInstrumentRef } from "../accounts/funding-instrument.js";
import { money, MoneyRef } from "../common/scalars.js";
import { observedFields, observedListFields } from "../../fields/observed-fields.js";
import { CampaignEffectiveStatus, CampaignNotServableReason } from "../common/observed-enums.js";

// The fetch rules read by these fields and by the query planner (issue 35).
import {
  ACCOUNT_BY_ID,
  byIdRule,
  callRule,
  childrenRule,
  fetchedBy,
} from "../../cost/fetch-rule.js";

export const CampaignRef = builder.objectRef<CampaignShape>("Campaign");

const CAMPAIGN_BY_ID = byIdRule("campaigns.get");
const FUNDING_INSTRUMENT = byIdRule("funding_instruments.get");
const CAMPAIGN_OF_ACCOUNT = byIdRule("campaigns.get", { argument: "id" });
const CAMPAIGNS_OF_FUNDING_INSTRUMENT = childrenRule("campaigns.list", "funding_instrument_ids", {
  primes: "campaigns.get",
});

builder.node(CampaignRef, {
  extensions: { fetch: CAMPAIGN_BY_ID },
  description:
    "A campaign: a budget, a flight (start and end) and a funding instrument that pays for it; " +
    "its line items say what to show to whom. Amounts are in the campaign's currency.",
  id: {
    description: "The campaign's global id: what `node(id:)` and the campaign mutations take.",
    resolve: (c) => entityKey(c.account_id, c.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId(CAMPAIGN_BY_ID.read).loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The campaign's own id in the ads service (as shown in its web tools).",
      resolve: (c) => c.id,
    }),
    name: t.string({
      description: "The campaign's name, as the advertiser wrote it (at most 255 characters).",
      resolve: (c) => c.name,
    }),
    fundingInstrumentId: t.string({
      description: "The rawId of the funding instrument that pays for the campaign.",
      resolve: (c) => c.funding_instrument_id,
    }),
    fundingInstrument: t.field({
      ...fetchedBy(FUNDING_INSTRUMENT),
      type: FundingInstrumentRef,
      nullable: true,
      description:
        "The funding instrument that pays for the campaign; null with an error if it cannot be read.",
      resolve: (c, _args, { loaders }) => {
        const key = entityKey(c.account_id, c.funding_instrument_id);
        return (
          loaders.byId(FUNDING_INSTRUMENT.read).peek?.(key) ??
          loaders.byId(FUNDING_INSTRUMENT.read).load(key)
        );
      },
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      ...fetchedBy(ACCOUNT_BY_ID),
      description: "The ad account the campaign belongs to.",
      resolve: (c, _args, { loaders }) => loaders.account.load(c.account_id),
    }),
    budgetOptimization: t.field({
      type: BudgetOptimizationEnum,
      nullable: true,
      description:
        "Whether the campaign's budget is shared by its line items (CAMPAIGN) or each line item " +
        "spends its own (LINE_ITEM); null when the ads service does not say.",
      resolve: (c) => c.budget_optimization ?? null,
    }),
    dailyBudget: t.field({
      type: MoneyRef,
      nullable: true,
      description:
        "The most the campaign spends in one day; null when it has no daily limit (spend is " +
        "then spread over the flight).",
      resolve: (c) => money(c.daily_budget_amount_local_micro, c.currency),
    }),
    totalBudget: t.field({
      type: MoneyRef,
      nullable: true,
      description:
        "The most the campaign spends over its whole flight; null when it has no total limit.",
      resolve: (c) => money(c.total_budget_amount_local_micro, c.currency),
    }),
    standardDelivery: t.boolean({
      description:
        "True: spend is paced evenly over each day; false: spent as fast as opportunities come " +
        "(accelerated).",
      resolve: (c) => c.standard_delivery,
    }),
    purchaseOrderNumber: t.string({
      nullable: true,
      description:
        "The advertiser's reference for matching invoices (at most 50 characters); null when not set.",
      resolve: (c) => c.purchase_order_number ?? null,
    }),
    entityStatus: t.field({
      type: EntityStatusEnum,
      nullable: true,
      description:
        "Whether the advertiser has the campaign switched on (ACTIVE) or paused; whether it " +
        "actually delivers is effectiveStatus. Null when the ads service does not say.",
      resolve: (c) => c.entity_status ?? null,
    }),
    ...observedFields(t, "effectiveStatus", {
      enum: CampaignEffectiveStatus,
      description:
        "Whether the campaign is delivering right now; null when the ads service does not say.",
      resolve: (c) => c.effective_status,
    }),
    servable: t.boolean({
      nullable: true,
      description:
        "Whether the campaign can deliver ads now (reasonsNotServable says why not); null when " +
        "the ads service has not decided.",
      resolve: (c) => c.servable,
    }),
    ...observedListFields(t, "reasonsNotServable", {
      enum: CampaignNotServableReason,
      description: "Why the campaign cannot deliver ads; empty when nothing stops it.",
      resolve: (c) => c.reasons_not_servable,
    }),
    durationInDays: t.int({
      nullable: true,
      description:
        "The period, in days, that frequencyCap counts over; null when the campaign has no " +
        "frequency cap.",
      resolve: (c) => c.duration_in_days ?? null,
    }),
    frequencyCap: t.int({
      nullable: true,
      description:
        "The most times one person sees the campaign's ads within durationInDays; null when " +
        "there is no cap.",
      resolve: (c) => c.frequency_cap ?? null,
    }),
    currency: t.string({
      description:
        "The ISO 4217 code (e.g. USD) of every amount of the campaign: its funding instrument's currency.",
      resolve: (c) => c.currency,
    }),
    startTime: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the campaign starts delivering (ISO 8601, UTC); null when not set.",
      resolve: (c) => c.start_time ?? null,
    }),
    endTime: t.field({
      type: "DateTime",
      nullable: true,
      description:
        "When the campaign stops delivering (ISO 8601, UTC); null when it runs until stopped.",
      resolve: (c) => c.end_time ?? null,
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When the campaign was created (ISO 8601, UTC).",
      resolve: (c) => c.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When the campaign last changed (ISO 8601, UTC).",
      resolve: (c) => c.updated_at,
    }),
    deleted: t.boolean({
      description:
        "True once the campaign is deleted (it then no longer delivers and cannot change).",
      resolve: (c) => c.deleted,
    }),
  }),
});

export const CampaignConnection = connectionType(
  "Campaign",
  CampaignRef,
  "Campaigns of an account.",
);

builder.objectFields(AccountRef, (t) => ({
  campaigns: accountListField(t, "campaigns.list", {
    type: CampaignConnection,
    description:
      "The account's campaigns, a page at a time; deleted and draft ones only when asked.",
    // The page's funding instruments are read with it (the same batched requests), so each
    // campaign's fundingInstrument resolves without a promise of its own. Each key once: many
    // campaigns share an instrument, and the loader would make two promises per key asked.
    prefetch: {
      field: "fundingInstrument",
      load: (campaigns, loaders) =>
        loaders
          .byId("funding_instruments.get")
          .loadMany([
            ...new Set(campaigns.map((c) => entityKey(c.account_id, c.funding_instrument_id))),
          ]),
    },
    describe: {
      campaign_ids: "Only these campaigns (at most 200).",
      funding_instrument_ids: "Only campaigns paid by these funding instruments (at most 200).",
      q: "Only campaigns whose name starts with this text, ignoring case (1 to 255 characters).",
      with_draft: "Include draft campaigns (default false).",
      with_deleted: "Include deleted campaigns (default false).",
    },
  }),
  campaign: t.field({
    ...fetchedBy(CAMPAIGN_OF_ACCOUNT),
    type: CampaignRef,
    nullable: true,
    description: "One campaign of this account (drafts included); null with an error if missing.",
    args: {
      id: t.arg.globalID({
        for: CampaignRef,
        required: true,
        description:
          `The \`id\` of the campaign to read (as \`Campaign.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's campaign is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders
        .byId(CAMPAIGN_OF_ACCOUNT.read)
        .load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

builder.objectFields(FundingInstrumentRef, (t) => ({
  campaigns: t.field({
    ...fetchedBy(CAMPAIGNS_OF_FUNDING_INSTRUMENT),
    type: CampaignConnection,
    nullable: true,
    description:
      "The campaigns this funding instrument pays for, a page at a time either way; null " +
      "with an error if they cannot be read.",
    complexity: wholeListComplexity,
    args: {
      ...bothWaysPageArgs(t.arg),
      withDraft: t.arg.boolean({ description: "Include draft campaigns (default false)." }),
      withDeleted: t.arg.boolean({ description: "Include deleted campaigns (default false)." }),
    },
    resolve: (fi, args, { loaders }) =>
      connectionOfAll(args, CAMPAIGNS_OF_FUNDING_INSTRUMENT.maxCount, () =>
        loaders
          .campaignsOfFundingInstrument({
            withDraft: args.withDraft ?? false,
            withDeleted: args.withDeleted ?? false,
          })
          .load(entityKey(fi.account_id, fi.id)),
      ),
  }),
}));

const DESCRIPTIONS = {
  name: "The campaign's name, at most 255 characters.",
  funding_instrument_id: "The `id` of the funding instrument that pays for the campaign.",
  budget_optimization:
    "CAMPAIGN to share the budget among the line items (the default), LINE_ITEM to give each its own.",
  daily_budget_amount_local_micro:
    "The most to spend per day, in micros of the account currency (1,000,000 = 1 unit); at " +
    "most totalBudget. Without it spend is spread over the flight.",
  total_budget_amount_local_micro:
    "The most to spend over the whole flight, in micros of the account currency.",
  purchase_order_number: "A reference for matching invoices, at most 50 characters.",
  standard_delivery:
    "True (the default) to pace spend evenly over each day, false to spend as fast as " +
    "possible; only with budgetOptimization CAMPAIGN.",
  entity_status: "ACTIVE to deliver, PAUSED to hold the campaign.",
};

const create = mutationArgs("campaigns.create", {
  // spec §4.5 shows no required parameter; this service's rule needs these two.
  require: ["name", "funding_instrument_id"],
  describe: {
    ...DESCRIPTIONS,
    account_id: "The `id` of the account to create the campaign in.",
    entity_status: "ACTIVE (the default) to deliver once servable, PAUSED to create it paused.",
  },
});
const update = mutationArgs("campaigns.update", {
  globalIds: { campaign_id: CampaignRef },
  describe: { ...DESCRIPTIONS, campaign_id: "The `id` of the campaign to change." },
});
const remove = mutationArgs("campaigns.delete", {
  globalIds: { campaign_id: CampaignRef },
  describe: { campaign_id: "The `id` of the campaign to delete." },
});
const batch = mutationArgs("campaigns.batch", {
  describe: {
    account_id: "The `id` of the account whose campaigns the operations touch.",
    operations: "The operations, run in this order; if one fails, none is applied.",
  },
  inputs: {
    operations: {
      name: "CampaignBatchOperation",
      description:
        "One operation of batchCampaigns: `type` says which, and the other fields are the " +
        "campaign's fields as in createCampaign / updateCampaign.",
      describe: {
        ...DESCRIPTIONS,
        operation_type: "Whether this operation creates, updates or deletes a campaign.",
        campaign_id: "The `id` of the campaign to change or delete (UPDATE, DELETE).",
        entity_status: "ACTIVE to deliver, PAUSED to hold the campaign.",
      },
    },
  },
});

const CreateCampaignInput = builder.inputType("CreateCampaignInput", {
  description: "A new campaign: its account, name and funding instrument, and optionally budgets.",
  fields: create.fields,
});
const UpdateCampaignInput = builder.inputType("UpdateCampaignInput", {
  description: "The campaign to change and the fields to change; fields left out stay as they are.",
  fields: update.fields,
});
const BatchCampaignsInput = builder.inputType("BatchCampaignsInput", {
  description: "Campaign creates, updates and deletes of one account, applied together.",
  fields: batch.fields,
});

/** The campaign a new object was created in, offered in its create's payload. */
export const inCampaign: ParentOf<{
  readonly account_id: string;
  readonly campaign_id: string;
}> = (payload, createdOf) => {
  builder.objectField(payload, "campaign", (t) =>
    t.field({
      ...fetchedBy(CAMPAIGN_BY_ID),
      type: CampaignRef,
      nullable: true,
      description: "The campaign it was created in: select its lists here to see them with it.",
      resolve: (answer, _args, { loaders }) => {
        const created = createdOf(answer);
        return loaders
          .byId(CAMPAIGN_BY_ID.read)
          .load(entityKey(created.account_id, created.campaign_id));
      },
    }),
  );
};

const CampaignPayload = (name: string, description: string) =>
  payload(name, "campaign", CampaignRef, description);

const BatchCampaignsPayload = builder
  .objectRef<{ campaigns: CampaignShape[] }>("BatchCampaignsPayload")
  .implement({
    description: "The campaigns the operations touched, in input order.",
    fields: (t) => ({
      campaigns: t.field({
        type: [CampaignRef],
        description: "Each operation's campaign as it is now, in the order of the operations.",
        resolve: (result) => result.campaigns,
      }),
    }),
  });

const CREATE_CAMPAIGN_CALL = callRule("campaigns.create", create.params);
const UPDATE_CAMPAIGN_CALL = callRule("campaigns.update", update.params);
const DELETE_CAMPAIGN_CALL = callRule("campaigns.delete", remove.params);
const BATCH_CAMPAIGNS_CALL = callRule("campaigns.batch", batch.params);

builder.mutationFields((t) => ({
  createCampaign: t.field({
    ...fetchedBy(CREATE_CAMPAIGN_CALL),
    type: createPayload("CreateCampaign", "campaign", CampaignRef, "The new campaign.", inAccount),
    description:
      "Creates a campaign in an account. Invalid fields come back as a ValidationError naming " +
      "each input field, before anything is created.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCampaign"),
    args: {
      input: t.arg({
        type: CreateCampaignInput,
        required: true,
        description: "The campaign to create.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_CAMPAIGN_CALL.endpoint, params);
        const campaign = ownedBy(data, params.account_id);
        loaders.byId("campaigns.get").prime(`${params.account_id}/${campaign.id}`, campaign);
        return { campaign };
      }, create.fieldOf),
  }),
  updateCampaign: t.field({
    ...fetchedBy(UPDATE_CAMPAIGN_CALL),
    type: CampaignPayload("UpdateCampaign", "The campaign as it is now."),
    description:
      "Changes the given fields of a campaign (name, budgets, status...); fields left out stay " +
      "as they are.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCampaign"),
    args: {
      input: t.arg({
        type: UpdateCampaignInput,
        required: true,
        description: "The campaign and the fields to change.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_CAMPAIGN_CALL.endpoint, params);
        return { campaign: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteCampaign: t.field({
    ...fetchedBy(DELETE_CAMPAIGN_CALL),
    type: deletePayload(
      "DeleteCampaign",
      "campaign",
      CampaignRef,
      "The campaign, now with deleted=true.",
    ),
    description:
      "Deletes a campaign. It cannot be undone; deleting it again answers NotFoundError.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCampaign"),
    args: inputArg(t.arg, "DeleteCampaign", remove.fields, "The campaign to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_CAMPAIGN_CALL.endpoint, params);
        return deleted(
          CampaignRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
  batchCampaigns: t.field({
    ...fetchedBy(BATCH_CAMPAIGNS_CALL),
    type: BatchCampaignsPayload,
    description:
      "Creates, updates and deletes campaigns of one account together, in order, all or " +
      "nothing. A failing operation is a ValidationError on `operations[i].<field>`.",
    authScopes: { authenticated: true },
    errors: mutationErrors("BatchCampaigns"),
    args: {
      input: t.arg({
        type: BatchCampaignsInput,
        required: true,
        description: "The account and its operations.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = batch.params(input);
        const { data } = await upstream.call(BATCH_CAMPAIGNS_CALL.endpoint, params);
        return {
          campaigns: data.map((campaign) => ownedBy(campaign, params.account_id)),
        };
      }, batch.fieldOf),
  }),
}));
