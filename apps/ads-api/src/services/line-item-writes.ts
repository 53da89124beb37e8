import type { Catalog, EndpointParsedParams } from "@adsgraph/models";
import { newAdsId } from "../db/ids.js";
import type { LineItem } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import type { CampaignWriter } from "./campaign-writes.js";
import { diff, recordHistory } from "./history.js";
import type { ChangeType } from "./history.js";
import {
  checkBudgetWithinCampaign,
  checkCategories,
  checkPlacements,
  resolveBid,
} from "./line-item-checks.js";
import { presentLineItem } from "./line-items.js";
import { micro } from "./time.js";
import { settleUpdate } from "./update-rule.js";

type CreateParams = EndpointParsedParams<Catalog["line_items.create"]>;
type UpdateParams = EndpointParsedParams<Catalog["line_items.update"]>;
/** What a create takes (line_items.create, a batch Create item). */
export type LineItemCreate = Omit<CreateParams, "account_id">;
/** An update's fields and the line item's read-only fields as a client read them. */
export type LineItemFields = Omit<UpdateParams, "account_id" | "line_item_id">;

/** Fields an account_history entry of a line item compares. */
const HISTORY_FIELDS = [
  "name",
  "entity_status",
  "bid_strategy",
  "bid_amount_local_micro",
  "pay_by",
  "total_budget_amount_local_micro",
  "categories",
  "advertiser_domain",
  "primary_web_event_tag",
  "deleted",
] as const;

/**
 * What a line item bills by when the create does not say (vendor v11 defaults by objective);
 * everything else bills by engagement, as the recordings do.
 */
const DEFAULT_PAY_BY: Readonly<Record<string, string>> = {
  APP_INSTALLS: "APP_CLICK",
  WEBSITE_CLICKS: "LINK_CLICK",
  REACH: "IMPRESSION",
  PREROLL_VIEWS: "IMPRESSION",
  VIDEO_VIEWS: "IMPRESSION",
};

function history(
  writer: CampaignWriter,
  id: string,
  changeType: ChangeType,
  changes: Record<string, readonly [unknown, unknown]>,
): Promise<void> {
  return recordHistory(writer.tx, {
    accountId: writer.account.id,
    entityType: "LINE_ITEM",
    entityId: id,
    userId: writer.userId,
    changeType,
    changes,
    at: writer.now,
  });
}

/** The campaign a line item is created under: the account's, not deleted (else a 400). */
async function parentCampaign(writer: CampaignWriter, campaignId: string) {
  const campaign = await writer.tx.campaign.findFirst({
    where: { id: campaignId, accountId: writer.account.id },
    include: { fundingInstrument: { select: { currency: true } } },
  });
  if (campaign === null || campaign.deleted) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `campaign ${campaignId} does not exist in account ${writer.account.id}`,
      "campaign_id",
    );
  }
  return campaign;
}

export async function createLineItemIn(
  writer: CampaignWriter,
  fields: LineItemCreate,
): Promise<LineItem> {
  // A batch Create item shares its fields with Update items, whose categories may be emptied.
  if (fields.categories?.length === 0) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      "categories must list at least one id",
      "categories",
    );
  }
  const campaign = await parentCampaign(writer, fields.campaign_id);
  const placements = checkPlacements(writer.ctx.reference, fields.product_type, fields.placements);
  if (fields.categories !== undefined) {
    checkCategories(writer.ctx.reference, fields.objective, fields.categories);
  }
  const amount = fields.bid_amount_local_micro ?? null;
  // An absent strategy is MAX with an amount and AUTO without one (ads-api README).
  const bid = resolveBid(
    fields.bid_strategy ?? (amount === null ? "AUTO" : "MAX"),
    amount,
    fields.bid_amount_local_micro !== undefined,
  );
  const total = fields.total_budget_amount_local_micro ?? null;
  checkBudgetWithinCampaign(total, micro(campaign.totalBudgetAmountLocalMicro));
  const row = await writer.tx.lineItem.create({
    data: {
      id: newAdsId(),
      accountId: writer.account.id,
      campaignId: campaign.id,
      name: fields.name,
      objective: fields.objective,
      productType: fields.product_type,
      placements,
      bidStrategy: bid.strategy,
      bidAmountLocalMicro: bid.amount === null ? null : BigInt(bid.amount),
      payBy: fields.pay_by ?? DEFAULT_PAY_BY[fields.objective] ?? "ENGAGEMENT",
      advertiserDomain: fields.advertiser_domain ?? null,
      categories: fields.categories ?? [],
      primaryWebEventTag: fields.primary_web_event_tag ?? null,
      totalBudgetAmountLocalMicro: total === null ? null : BigInt(total),
      entityStatus: fields.entity_status ?? "ACTIVE",
      // spec §2.1: money is in the currency of the funding instrument (the campaign's).
      currency: campaign.fundingInstrument.currency,
      createdAt: writer.now,
      updatedAt: writer.now,
    },
  });
  await history(writer, row.id, "CREATE", diff(null, presentLineItem(row), HISTORY_FIELDS));
  return row;
}

async function liveLineItem(writer: CampaignWriter, id: string): Promise<LineItem> {
  const row = await writer.tx.lineItem.findFirst({ where: { id, accountId: writer.account.id } });
  if (row === null || row.deleted) {
    throw new NotFoundError(`line item ${id} does not exist`, "line_item_id");
  }
  return row;
}

export async function updateLineItemIn(
  writer: CampaignWriter,
  id: string,
  params: LineItemFields,
): Promise<LineItem> {
  const before = await liveLineItem(writer, id);
  // Read-only fields must hold the stored values; fields sent unchanged are no change.
  const fields = settleUpdate("line_items.update", params, presentLineItem(before));
  if (fields.categories !== undefined) {
    checkCategories(writer.ctx.reference, before.objective, fields.categories);
    // spec §4.4: a PREROLL_VIEWS line item keeps one or two categories.
    if (fields.categories.length === 0) {
      throw BadRequestError.of(
        ERROR_CODES.MISSING_PARAMETER,
        "categories cannot be emptied: a PREROLL_VIEWS line item needs one or two",
        "categories",
      );
    }
  }
  const strategy = fields.bid_strategy ?? before.bidStrategy;
  // A switch to AUTO drops the stored amount; otherwise a new amount replaces it.
  const keptAmount = strategy === "AUTO" ? null : micro(before.bidAmountLocalMicro);
  const bid = resolveBid(
    strategy,
    fields.bid_amount_local_micro ?? keptAmount,
    fields.bid_amount_local_micro !== undefined,
  );
  if (fields.total_budget_amount_local_micro !== undefined) {
    const campaign = await writer.tx.campaign.findUniqueOrThrow({
      where: { id: before.campaignId },
    });
    checkBudgetWithinCampaign(
      fields.total_budget_amount_local_micro,
      micro(campaign.totalBudgetAmountLocalMicro),
    );
  }
  const row = await writer.tx.lineItem.update({
    where: { id },
    data: {
      ...(fields.name === undefined ? {} : { name: fields.name }),
      ...(fields.entity_status === undefined ? {} : { entityStatus: fields.entity_status }),
      bidStrategy: bid.strategy,
      bidAmountLocalMicro: bid.amount === null ? null : BigInt(bid.amount),
      ...(fields.pay_by === undefined ? {} : { payBy: fields.pay_by }),
      ...(fields.total_budget_amount_local_micro === undefined
        ? {}
        : { totalBudgetAmountLocalMicro: BigInt(fields.total_budget_amount_local_micro) }),
      ...(fields.categories === undefined ? {} : { categories: fields.categories }),
      ...(fields.advertiser_domain === undefined
        ? {}
        : { advertiserDomain: fields.advertiser_domain }),
      ...(fields.primary_web_event_tag === undefined
        ? {}
        : { primaryWebEventTag: fields.primary_web_event_tag }),
      updatedAt: writer.now,
    },
  });
  const changes = diff(presentLineItem(before), presentLineItem(row), HISTORY_FIELDS);
  await history(writer, id, "UPDATE", changes);
  return row;
}

/** Soft delete; a second DELETE is 404, as for campaigns (spec §3). */
export async function deleteLineItemIn(writer: CampaignWriter, id: string): Promise<LineItem> {
  const updated = await writer.tx.lineItem.updateMany({
    where: { id, accountId: writer.account.id, deleted: false },
    data: { deleted: true, updatedAt: writer.now },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`line item ${id} does not exist`, "line_item_id");
  }
  await history(writer, id, "DELETE", { deleted: [false, true] });
  return writer.tx.lineItem.findUniqueOrThrow({ where: { id } });
}
