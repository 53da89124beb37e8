import type { Catalog, EndpointParsedParams } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import type { Account, Campaign } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import { WITH_FUNDING, presentCampaign } from "./campaigns.js";
import type { CampaignRow } from "./campaigns.js";
import { diff, recordHistory } from "./history.js";
import { micro } from "./time.js";
import { settleUpdate } from "./update-rule.js";

/** Fields a history entry compares. */
const HISTORY_FIELDS = [
  "name",
  "funding_instrument_id",
  "budget_optimization",
  "daily_budget_amount_local_micro",
  "total_budget_amount_local_micro",
  "standard_delivery",
  "purchase_order_number",
  "entity_status",
  "deleted",
] as const;

/** spec §4.5 campaign parameters after validation. */
export interface CampaignFields {
  readonly name?: string | undefined;
  readonly funding_instrument_id?: string | undefined;
  readonly budget_optimization?: "CAMPAIGN" | "LINE_ITEM" | undefined;
  readonly daily_budget_amount_local_micro?: number | undefined;
  readonly total_budget_amount_local_micro?: number | undefined;
  readonly entity_status?: "ACTIVE" | "PAUSED" | undefined;
  readonly purchase_order_number?: string | undefined;
  readonly standard_delivery?: boolean | undefined;
}

/**
 * An update's parameters as campaigns.update takes them (and a batch Update item): the fields
 * it changes and the campaign's read-only fields as a client read them.
 */
export type CampaignUpdate = Omit<
  EndpointParsedParams<Catalog["campaigns.update"]>,
  "account_id" | "campaign_id"
>;

/** A transaction writing campaigns of one account for one user. */
export interface CampaignWriter {
  readonly ctx: AppContext;
  readonly tx: Tx;
  readonly account: Account;
  readonly userId: string;
  readonly now: Date;
}

/** Runs campaign writes in one transaction holding the account row (serialises the limit check). */
export function withCampaignWriter<T>(
  ctx: AppContext,
  account: Account,
  userId: string,
  work: (writer: CampaignWriter) => Promise<T>,
): Promise<T> {
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "account" WHERE id = ${account.id} FOR UPDATE`;
    return work({ ctx, tx, account, userId, now: ctx.clock() });
  });
}

/** spec §8: active campaigns per account, 200 unless the account was raised (up to 8,000). */
async function checkActiveLimit(writer: CampaignWriter): Promise<void> {
  const limit = writer.account.activeCampaignLimit ?? writer.ctx.limits.activeCampaigns;
  const active = await writer.tx.campaign.count({
    where: { accountId: writer.account.id, deleted: false, draft: false, entityStatus: "ACTIVE" },
  });
  if (active >= limit) {
    throw BadRequestError.of(
      ERROR_CODES.TOO_MANY_ACTIVE_CAMPAIGNS,
      `account ${writer.account.id} already has ${active} active campaigns (limit ${limit}); pause one or create this one PAUSED`,
      "entity_status",
    );
  }
}

function wireOf(row: Campaign): Record<string, unknown> {
  return presentCampaign({ ...row, fundingInstrument: { ableToFund: true } }, new Date(0));
}

export async function createCampaignIn(
  writer: CampaignWriter,
  fields: CampaignFields,
): Promise<CampaignRow> {
  const { tx, account } = writer;
  // name and funding_instrument_id are required by the catalog (campaigns.create and batch
  // Create items), checked before this runs.
  const fundingId = fields.funding_instrument_id ?? "";
  const funding = await tx.fundingInstrument.findFirst({
    where: { id: fundingId, accountId: account.id },
  });
  // A state rule (what the referenced instrument is), answered as a bad parameter value.
  if (funding === null || funding.deleted || !funding.ableToFund) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      funding === null || funding.deleted
        ? `funding instrument ${fundingId} does not exist in account ${account.id}`
        : `funding instrument ${fundingId} is not able to fund`,
      "funding_instrument_id",
    );
  }
  const status = fields.entity_status ?? "ACTIVE";
  if (status === "ACTIVE") await checkActiveLimit(writer);
  const row = await tx.campaign.create({
    data: {
      id: newAdsId(),
      accountId: account.id,
      fundingInstrumentId: funding.id,
      name: fields.name ?? "",
      budgetOptimization: fields.budget_optimization ?? "CAMPAIGN",
      dailyBudgetAmountLocalMicro: toBig(fields.daily_budget_amount_local_micro),
      totalBudgetAmountLocalMicro: toBig(fields.total_budget_amount_local_micro),
      standardDelivery: fields.standard_delivery ?? true,
      purchaseOrderNumber: fields.purchase_order_number ?? null,
      entityStatus: status,
      currency: funding.currency,
      startTime: writer.now,
      createdAt: writer.now,
      updatedAt: writer.now,
    },
    include: WITH_FUNDING,
  });
  await recordHistory(tx, {
    accountId: account.id,
    entityType: "CAMPAIGN",
    entityId: row.id,
    userId: writer.userId,
    changeType: "CREATE",
    changes: diff(null, wireOf(row), HISTORY_FIELDS),
    at: writer.now,
  });
  return row;
}

function toBig(value: number | undefined): bigint | null {
  return value === undefined ? null : BigInt(value);
}

async function liveCampaign(writer: CampaignWriter, id: string): Promise<CampaignRow> {
  const row = await writer.tx.campaign.findFirst({
    where: { id, accountId: writer.account.id },
    include: WITH_FUNDING,
  });
  if (row === null || row.deleted)
    throw new NotFoundError(`campaign ${id} does not exist`, "campaign_id");
  return row;
}

export async function updateCampaignIn(
  writer: CampaignWriter,
  id: string,
  params: CampaignUpdate,
): Promise<CampaignRow> {
  const before = await liveCampaign(writer, id);
  // Read-only fields (funding_instrument_id among them) must hold the stored values, and
  // fields sent unchanged are no change: the rules below judge what changes.
  const fields = settleUpdate("campaigns.update", params, presentCampaign(before, writer.now));
  // The catalog checks the budgets the request gives; what is left here is against the
  // stored campaign (state rules).
  const daily = fields.daily_budget_amount_local_micro ?? micro(before.dailyBudgetAmountLocalMicro);
  const total = fields.total_budget_amount_local_micro ?? micro(before.totalBudgetAmountLocalMicro);
  if (daily !== null && total !== null && daily > total) {
    throw BadRequestError.of(
      "CONFLICTING_PARAMETERS",
      `daily_budget_amount_local_micro (${daily}) must not exceed total_budget_amount_local_micro (${total})`,
      "daily_budget_amount_local_micro",
    );
  }
  const optimization = fields.budget_optimization ?? before.budgetOptimization;
  // Only turning it off conflicts: true is the default every campaign stores (catalog rule
  // standardDeliveryOffNeedsCampaignBudget, the same reading against the request alone).
  if (fields.standard_delivery === false && optimization === "LINE_ITEM") {
    throw BadRequestError.of(
      "CONFLICTING_PARAMETERS",
      "standard_delivery can be turned off only when budget_optimization is CAMPAIGN (the campaign has LINE_ITEM)",
      "standard_delivery",
    );
  }
  if (fields.entity_status === "ACTIVE" && before.entityStatus !== "ACTIVE" && !before.draft) {
    await checkActiveLimit(writer);
  }
  const row = await writer.tx.campaign.update({
    where: { id },
    data: {
      ...(fields.name === undefined ? {} : { name: fields.name }),
      ...(fields.budget_optimization === undefined
        ? {}
        : { budgetOptimization: fields.budget_optimization }),
      ...(fields.daily_budget_amount_local_micro === undefined
        ? {}
        : { dailyBudgetAmountLocalMicro: BigInt(fields.daily_budget_amount_local_micro) }),
      ...(fields.total_budget_amount_local_micro === undefined
        ? {}
        : { totalBudgetAmountLocalMicro: BigInt(fields.total_budget_amount_local_micro) }),
      ...(fields.standard_delivery === undefined
        ? {}
        : { standardDelivery: fields.standard_delivery }),
      ...(fields.purchase_order_number === undefined
        ? {}
        : { purchaseOrderNumber: fields.purchase_order_number }),
      ...(fields.entity_status === undefined ? {} : { entityStatus: fields.entity_status }),
      updatedAt: writer.now,
    },
    include: WITH_FUNDING,
  });
  await recordHistory(writer.tx, {
    accountId: writer.account.id,
    entityType: "CAMPAIGN",
    entityId: id,
    userId: writer.userId,
    changeType: "UPDATE",
    changes: diff(wireOf(before), wireOf(row), HISTORY_FIELDS),
    at: writer.now,
  });
  return row;
}

/** spec §3: irreversible; a second DELETE is 404. */
export async function deleteCampaignIn(writer: CampaignWriter, id: string): Promise<CampaignRow> {
  const updated = await writer.tx.campaign.updateMany({
    where: { id, accountId: writer.account.id, deleted: false },
    data: { deleted: true, updatedAt: writer.now },
  });
  if (updated.count === 0) throw new NotFoundError(`campaign ${id} does not exist`, "campaign_id");
  await recordHistory(writer.tx, {
    accountId: writer.account.id,
    entityType: "CAMPAIGN",
    entityId: id,
    userId: writer.userId,
    changeType: "DELETE",
    changes: { deleted: [false, true] },
    at: writer.now,
  });
  return writer.tx.campaign.findUniqueOrThrow({ where: { id }, include: WITH_FUNDING });
}
