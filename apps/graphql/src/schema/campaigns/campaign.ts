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

export const CampaignRef = builder.objectRef<CampaignShape>("Campaign");

builder.node(CampaignRef, {
  description: "A campaign (spec §2.3). Amounts are in the campaign's currency.",
  id: { resolve: (c) => entityKey(c.account_id, c.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("campaigns.get").loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The campaign id as the ads service names it.",
      resolve: (c) => c.id,
    }),
    name: t.string({ description: "At most 255 characters.", resolve: (c) => c.name }),
    fundingInstrumentId: t.string({ resolve: (c) => c.funding_instrument_id }),
    fundingInstrument: t.field({
      type: FundingInstrumentRef,
      nullable: true,
      description: "Read in batches of 200 ids per request for every campaign of the response.",
      resolve: (c, _args, { loaders }) => {
        const key = entityKey(c.account_id, c.funding_instrument_id);
        return (
          loaders.byId("funding_instruments.get").peek?.(key) ??
          loaders.byId("funding_instruments.get").load(key)
        );
      },
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (c, _args, { loaders }) => loaders.account.load(c.account_id),
    }),
    budgetOptimization: t.field({
      type: BudgetOptimizationEnum,
      nullable: true,
      resolve: (c) => c.budget_optimization ?? null,
    }),
    dailyBudget: t.field({
      type: MoneyRef,
      nullable: true,
      description: "daily_budget_amount_local_micro.",
      resolve: (c) => money(c.daily_budget_amount_local_micro, c.currency),
    }),
    totalBudget: t.field({
      type: MoneyRef,
      nullable: true,
      description: "total_budget_amount_local_micro.",
      resolve: (c) => money(c.total_budget_amount_local_micro, c.currency),
    }),
    standardDelivery: t.boolean({ resolve: (c) => c.standard_delivery }),
    purchaseOrderNumber: t.string({
      nullable: true,
      description: "Invoice reconciliation reference, at most 50 characters.",
      resolve: (c) => c.purchase_order_number ?? null,
    }),
    entityStatus: t.field({
      type: EntityStatusEnum,
      nullable: true,
      resolve: (c) => c.entity_status ?? null,
    }),
    ...observedFields(t, "effectiveStatus", {
      enum: CampaignEffectiveStatus,
      description:
        "Whether the campaign is delivering right now; null when the ads service does not say.",
      resolve: (c) => c.effective_status,
    }),
    servable: t.boolean({ nullable: true, resolve: (c) => c.servable }),
    ...observedListFields(t, "reasonsNotServable", {
      enum: CampaignNotServableReason,
      description: "Why the campaign cannot deliver ads; empty when nothing stops it.",
      resolve: (c) => c.reasons_not_servable,
    }),
    durationInDays: t.int({ nullable: true, resolve: (c) => c.duration_in_days ?? null }),
    frequencyCap: t.int({ nullable: true, resolve: (c) => c.frequency_cap ?? null }),
    currency: t.string({ description: "ISO 4217 code.", resolve: (c) => c.currency }),
    startTime: t.field({ type: "DateTime", nullable: true, resolve: (c) => c.start_time ?? null }),
    endTime: t.field({ type: "DateTime", nullable: true, resolve: (c) => c.end_time ?? null }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (c) => c.updated_at }),
    deleted: t.boolean({ resolve: (c) => c.deleted }),
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
    description: "The account's campaigns (spec §4.5), a page at a time.",
    // The page's funding instruments are read with it (the same batched requests), so each
    // campaign's fundingInstrument resolves without a promise of its own.
    prefetch: {
      field: "fundingInstrument",
      load: (campaigns, loaders) =>
        loaders
          .byId("funding_instruments.get")
          .loadMany(campaigns.map((c) => entityKey(c.account_id, c.funding_instrument_id))),
    },
    describe: {
      campaign_ids: "Only these campaign ids (≤200).",
      funding_instrument_ids: "Only campaigns of these funding instruments (≤200).",
      q: "Case-insensitive name prefix (1 to 255 characters).",
      with_draft: "Include draft campaigns.",
      with_deleted: "Include deleted campaigns.",
    },
  }),
  campaign: t.field({
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
      loaders.byId("campaigns.get").load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

builder.objectFields(FundingInstrumentRef, (t) => ({
  campaigns: t.field({
    type: CampaignConnection,
    nullable: true,
    description:
      "The campaigns this funding instrument funds, a page at a time either way. Asked for " +
      "many funding instruments at once, read together: funding_instrument_ids of ≤200 per " +
      "request, every page; then paged here and counted without a request.",
    complexity: wholeListComplexity,
    args: {
      ...bothWaysPageArgs(t.arg),
      withDraft: t.arg.boolean({ description: "Include draft campaigns." }),
      withDeleted: t.arg.boolean({ description: "Include deleted campaigns." }),
    },
    resolve: (fi, args, { loaders }) =>
      connectionOfAll(args, 1000, () =>
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
  name: "At most 255 characters.",
  daily_budget_amount_local_micro: "Micro units per day; at most totalBudget.",
  total_budget_amount_local_micro: "Micro units for the whole flight.",
  purchase_order_number: "At most 50 characters.",
  standard_delivery: "Only with budgetOptimization CAMPAIGN.",
};

const create = mutationArgs("campaigns.create", {
  // spec §4.5 shows no required parameter; this service's rule needs these two.
  require: ["name", "funding_instrument_id"],
  describe: { ...DESCRIPTIONS, entity_status: "ACTIVE unless given." },
});
const update = mutationArgs("campaigns.update", {
  globalIds: { campaign_id: CampaignRef },
  describe: DESCRIPTIONS,
});
const remove = mutationArgs("campaigns.delete", { globalIds: { campaign_id: CampaignRef } });
const batch = mutationArgs("campaigns.batch", {
  inputs: {
    operations: {
      name: "CampaignBatchOperation",
      description: "One operation of a campaign batch; UPDATE and DELETE name the campaign.",
      describe: { campaign_id: "The campaign id (UPDATE, DELETE).", name: DESCRIPTIONS.name },
    },
  },
});

const CreateCampaignInput = builder.inputType("CreateCampaignInput", { fields: create.fields });
const UpdateCampaignInput = builder.inputType("UpdateCampaignInput", { fields: update.fields });
const BatchCampaignsInput = builder.inputType("BatchCampaignsInput", { fields: batch.fields });

/** The campaign a new object was created in, offered in its create's payload. */
export const inCampaign: ParentOf<{
  readonly account_id: string;
  readonly campaign_id: string;
}> = (payload, createdOf) => {
  builder.objectField(payload, "campaign", (t) =>
    t.field({
      type: CampaignRef,
      nullable: true,
      description: "The campaign it was created in: select its lists here to see them with it.",
      resolve: (answer, _args, { loaders }) => {
        const created = createdOf(answer);
        return loaders
          .byId("campaigns.get")
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
      campaigns: t.field({ type: [CampaignRef], resolve: (result) => result.campaigns }),
    }),
  });

builder.mutationFields((t) => ({
  createCampaign: t.field({
    type: createPayload("CreateCampaign", "campaign", CampaignRef, "The new campaign.", inAccount),
    description: "Creates a campaign (spec §4.5). Checked against the spec's rules before sending.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCampaign"),
    args: { input: t.arg({ type: CreateCampaignInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("campaigns.create", params);
        const campaign = ownedBy(data, params.account_id);
        loaders.byId("campaigns.get").prime(`${params.account_id}/${campaign.id}`, campaign);
        return { campaign };
      }, create.fieldOf),
  }),
  updateCampaign: t.field({
    type: CampaignPayload("UpdateCampaign", "The campaign as it is now."),
    description: "Changes the given fields of a campaign (spec §4.5 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCampaign"),
    args: { input: t.arg({ type: UpdateCampaignInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("campaigns.update", params);
        return { campaign: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteCampaign: t.field({
    type: deletePayload(
      "DeleteCampaign",
      "campaign",
      CampaignRef,
      "The campaign, now with deleted=true.",
    ),
    description: "Deletes a campaign: irreversible; a second delete is NotFoundError (spec §3).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCampaign"),
    args: inputArg(t.arg, "DeleteCampaign", remove.fields, "The campaign to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("campaigns.delete", params);
        return deleted(
          CampaignRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
  batchCampaigns: t.field({
    type: BatchCampaignsPayload,
    description:
      "Creates, updates and deletes campaigns in one request, in order, all or nothing " +
      "(spec §4.5 batch). A failing operation is a ValidationError on `operations[i].<field>`.",
    authScopes: { authenticated: true },
    errors: mutationErrors("BatchCampaigns"),
    args: { input: t.arg({ type: BatchCampaignsInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = batch.params(input);
        const { data } = await upstream.call("campaigns.batch", params);
        return {
          campaigns: data.map((campaign) => ownedBy(campaign, params.account_id)),
        };
      }, batch.fieldOf),
  }),
}));
