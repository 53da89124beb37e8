import { builder } from "../../builder.js";
import type { CampaignShape } from "../../loaders/shapes.js";
import { CampaignRef } from "./campaign.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";

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
    type: CampaignPayload("CreateCampaign", "The new campaign."),
    description: "Creates a campaign (spec §4.5). Checked against the spec's rules before sending.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCampaign"),
    args: { input: t.arg({ type: CreateCampaignInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("campaigns.create", params);
        const campaign = ownedBy(data, params.account_id);
        loaders.campaign.prime(`${params.account_id}/${campaign.id}`, campaign);
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
    type: CampaignPayload("DeleteCampaign", "The campaign, now with deleted=true."),
    description: "Deletes a campaign: irreversible; a second delete is NotFoundError (spec §3).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCampaign"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("campaigns.delete", params);
        return { campaign: ownedBy(data, params.account_id) };
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
