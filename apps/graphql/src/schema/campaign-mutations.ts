import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import type { CampaignShape } from "../loaders/shapes.js";
import { CampaignRef } from "./campaign.js";
import { BudgetOptimizationEnum, EntityStatusEnum } from "./enums.js";
import { attempt, inputPath, mutationErrors, ownedId, payload } from "./mutations.js";

/** GraphQL input field → the wire parameter of spec §4.5. */
const WIRE_NAMES = {
  name: "name",
  fundingInstrumentId: "funding_instrument_id",
  dailyBudget: "daily_budget_amount_local_micro",
  totalBudget: "total_budget_amount_local_micro",
  entityStatus: "entity_status",
  budgetOptimization: "budget_optimization",
  purchaseOrderNumber: "purchase_order_number",
  standardDelivery: "standard_delivery",
} as const;
type CampaignInputFields = { [K in keyof typeof WIRE_NAMES]?: unknown };

const campaignFields = inputPath({
  ...Object.fromEntries(Object.entries(WIRE_NAMES).map(([field, wire]) => [wire, field])),
  campaign_id: "campaignId",
  operation_type: "type",
});

/** The given fields as wire parameters (null and absent both leave a field as it is). */
function toWire(input: CampaignInputFields): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(WIRE_NAMES)) {
    const value = input[field as keyof CampaignInputFields];
    if (value !== null && value !== undefined) wire[name] = value;
  }
  return wire;
}

const owned = (data: CampaignShape | Omit<CampaignShape, "account_id">, accountId: string) =>
  ({ ...data, account_id: accountId }) as CampaignShape;

const CampaignFieldsDescriptions = {
  name: "At most 255 characters.",
  dailyBudget: "Micro units per day; at most totalBudget.",
  totalBudget: "Micro units for the whole flight.",
  purchaseOrderNumber: "At most 50 characters.",
  standardDelivery: "Only with budgetOptimization CAMPAIGN.",
};

const CreateCampaignInput = builder.inputType("CreateCampaignInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    name: t.string({ required: true, description: CampaignFieldsDescriptions.name }),
    fundingInstrumentId: t.string({ required: true, ...ID_INPUT }),
    dailyBudget: t.field({ type: "Micros", description: CampaignFieldsDescriptions.dailyBudget }),
    totalBudget: t.field({ type: "Micros", description: CampaignFieldsDescriptions.totalBudget }),
    entityStatus: t.field({ type: EntityStatusEnum, description: "ACTIVE unless given." }),
    budgetOptimization: t.field({ type: BudgetOptimizationEnum }),
    purchaseOrderNumber: t.string({ description: CampaignFieldsDescriptions.purchaseOrderNumber }),
    standardDelivery: t.boolean({ description: CampaignFieldsDescriptions.standardDelivery }),
  }),
});

const UpdateCampaignInput = builder.inputType("UpdateCampaignInput", {
  fields: (t) => ({
    id: t.globalID({ required: true, for: [CampaignRef] }),
    name: t.string({ description: CampaignFieldsDescriptions.name }),
    dailyBudget: t.field({ type: "Micros", description: CampaignFieldsDescriptions.dailyBudget }),
    totalBudget: t.field({ type: "Micros", description: CampaignFieldsDescriptions.totalBudget }),
    entityStatus: t.field({ type: EntityStatusEnum }),
    budgetOptimization: t.field({ type: BudgetOptimizationEnum }),
    purchaseOrderNumber: t.string({ description: CampaignFieldsDescriptions.purchaseOrderNumber }),
    standardDelivery: t.boolean({ description: CampaignFieldsDescriptions.standardDelivery }),
  }),
});

const BatchOperationTypeEnum = builder.enumType("CampaignBatchOperationType", {
  values: { CREATE: { value: "Create" }, UPDATE: { value: "Update" }, DELETE: { value: "Delete" } },
});

const CampaignBatchOperationInput = builder.inputType("CampaignBatchOperation", {
  description: "One operation of a campaign batch; UPDATE and DELETE name the campaign.",
  fields: (t) => ({
    type: t.field({ type: BatchOperationTypeEnum, required: true }),
    campaignId: t.string({ ...ID_INPUT, description: "The campaign id (UPDATE, DELETE)." }),
    name: t.string({ description: CampaignFieldsDescriptions.name }),
    fundingInstrumentId: t.string(ID_INPUT),
    dailyBudget: t.field({ type: "Micros" }),
    totalBudget: t.field({ type: "Micros" }),
    entityStatus: t.field({ type: EntityStatusEnum }),
    budgetOptimization: t.field({ type: BudgetOptimizationEnum }),
    purchaseOrderNumber: t.string(),
    standardDelivery: t.boolean(),
  }),
});

const BatchCampaignsInput = builder.inputType("BatchCampaignsInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    operations: t.field({ type: [CampaignBatchOperationInput], required: true }),
  }),
});

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
        const { data } = await upstream.call("campaigns.create", {
          account_id: input.accountId,
          ...toWire(input),
        });
        const campaign = owned(data, input.accountId);
        loaders.campaign.prime(`${input.accountId}/${campaign.id}`, campaign);
        return { campaign };
      }, campaignFields),
  }),
  updateCampaign: t.field({
    type: CampaignPayload("UpdateCampaign", "The campaign as it is now."),
    description: "Changes the given fields of a campaign (spec §4.5 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCampaign"),
    args: { input: t.arg({ type: UpdateCampaignInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("campaigns.update", {
          account_id: accountId,
          campaign_id: id,
          ...toWire(input),
        });
        return { campaign: owned(data, accountId) };
      }, campaignFields),
  }),
  deleteCampaign: t.field({
    type: CampaignPayload("DeleteCampaign", "The campaign, now with deleted=true."),
    description: "Deletes a campaign: irreversible; a second delete is NotFoundError (spec §3).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCampaign"),
    args: { id: t.arg.globalID({ required: true, for: [CampaignRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("campaigns.delete", {
          account_id: accountId,
          campaign_id: id,
        });
        return { campaign: owned(data, accountId) };
      }, campaignFields),
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
        const { data } = await upstream.call("campaigns.batch", {
          account_id: input.accountId,
          operations: input.operations.map((operation) => ({
            operation_type: operation.type,
            params: {
              ...(operation.campaignId != null && { campaign_id: operation.campaignId }),
              ...toWire(operation),
            },
          })),
        });
        return { campaigns: data.map((campaign) => owned(campaign, input.accountId)) };
      }, campaignFields),
  }),
}));
