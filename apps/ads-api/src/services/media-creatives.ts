import type { MediaCreative as MediaCreativeResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import type { AccountMedia, MediaCreative, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import { lockLineItem, withLineItemTx } from "./line-item-refs.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { mediaByKey } from "./media.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

/** Account media of this creative type are preroll videos (spec §4.6: landing_url ignored). */
const PREROLL = "PREROLL";
/** spec §4.6: the objective whose (image) media creatives need a landing_url. */
const WEBSITE_CLICKS = "WEBSITE_CLICKS";

export const MEDIA_CREATIVE_SORT = sortColumns("media_creatives.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  account_media_id: { field: "accountMediaId", type: "string" },
  line_item_id: { field: "lineItemId", type: "string" },
});

/** spec §2.11 "not shown": the create parameters, the account media's creative type, §2.1. */
export function presentMediaCreative(row: MediaCreative): Presented<MediaCreativeResource> {
  return {
    id: row.id,
    line_item_id: row.lineItemId,
    account_media_id: row.accountMediaId,
    creative_type: row.creativeType,
    landing_url: row.landingUrl,
    entity_status: row.entityStatus,
    approval_status: row.approvalStatus,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface MediaCreativeQuery extends ListParams {
  readonly campaign_id?: string | undefined;
  readonly line_item_ids?: readonly string[] | undefined;
  readonly media_creative_ids?: readonly string[] | undefined;
}

export function listMediaCreatives(
  ctx: AppContext,
  accountId: string,
  query: MediaCreativeQuery,
): Promise<ListOutcome<MediaCreative>> {
  return runList(ctx, {
    scope: `media_creatives:${accountId}`,
    sortable: MEDIA_CREATIVE_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("lineItemId", query.line_item_ids),
      ...inList("id", query.media_creative_ids),
      ...(query.campaign_id === undefined ? {} : { lineItem: { campaignId: query.campaign_id } }),
    },
    findMany: (args) => ctx.prisma.mediaCreative.findMany(args as Prisma.MediaCreativeFindManyArgs),
    count: (where) => ctx.prisma.mediaCreative.count({ where }),
  });
}

export async function getMediaCreative(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<MediaCreative> {
  const row = await ctx.prisma.mediaCreative.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`media creative ${id} does not exist`, "media_creative_id");
  }
  return row;
}

/** spec §4.6: live account media of the account whose media is in its media library. */
async function libraryAccountMedia(tx: Tx, accountId: string, id: string): Promise<AccountMedia> {
  const refuse = (why: string) =>
    BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `account media ${id} ${why}`,
      "account_media_id",
    );
  const media = await tx.accountMedia.findFirst({ where: { id, accountId, deleted: false } });
  if (media === null) throw refuse(`does not exist in account ${accountId}`);
  const key = media.mediaKey;
  if (key === null || (await mediaByKey(tx, accountId, [key])).size === 0) {
    throw refuse(`has no media in the media library of account ${accountId}`);
  }
  return media;
}

export interface NewMediaCreative {
  readonly line_item_id: string;
  readonly account_media_id: string;
  readonly landing_url?: string | undefined;
}

/**
 * spec §4.6 POST: landing_url is required when the line item's objective is WEBSITE_CLICKS
 * (image ads); for preroll media it is ignored (preroll uses its call-to-action endpoints).
 * Elsewhere it is optional and kept when given.
 */
export function createMediaCreative(
  ctx: AppContext,
  accountId: string,
  input: NewMediaCreative,
): Promise<MediaCreative> {
  return withLineItemTx(ctx, async (tx) => {
    const lineItem = await lockLineItem(tx, accountId, input.line_item_id);
    const media = await libraryAccountMedia(tx, accountId, input.account_media_id);
    const preroll = media.creativeType === PREROLL;
    if (!preroll && lineItem.objective === WEBSITE_CLICKS && input.landing_url === undefined) {
      throw BadRequestError.of(
        ERROR_CODES.MISSING_PARAMETER,
        `landing_url is required when the line item's objective is ${WEBSITE_CLICKS} (line item ${lineItem.id})`,
        "landing_url",
      );
    }
    const now = ctx.clock();
    return tx.mediaCreative.create({
      data: {
        id: newAdsId(),
        accountId,
        lineItemId: lineItem.id,
        accountMediaId: media.id,
        creativeType: media.creativeType,
        landingUrl: preroll ? null : (input.landing_url ?? null),
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

/** Soft delete (spec §2.1); a second DELETE is 404. */
export async function deleteMediaCreative(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<MediaCreative> {
  const updated = await ctx.prisma.mediaCreative.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`media creative ${id} does not exist`, "media_creative_id");
  }
  return ctx.prisma.mediaCreative.findUniqueOrThrow({ where: { id } });
}
