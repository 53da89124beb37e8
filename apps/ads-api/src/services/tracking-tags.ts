import { TRACKING_TAG_TYPES } from "@adsgraph/models";
import type {
  Catalog,
  EndpointParsedParams,
  TrackingTagType,
  TrackingTag as TrackingTagResource,
} from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { newAdsId } from "../db/ids.js";
import type { Prisma, TrackingTag } from "../generated/prisma/client.js";
import { NotFoundError } from "../errors.js";
import { lockLineItem, withLineItemTx } from "./line-item-refs.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";
import { settleUpdate } from "./update-rule.js";

export const TRACKING_TAG_SORT = sortColumns("tracking_tags.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  line_item_id: { field: "lineItemId", type: "string" },
  tracking_tag_type: { field: "trackingTagType", type: "string" },
});

/** spec §2.11. */
export function presentTrackingTag(row: TrackingTag): Presented<TrackingTagResource> {
  return {
    id: row.id,
    line_item_id: row.lineItemId,
    tracking_tag_type: storedEnum(TRACKING_TAG_TYPES, row.trackingTagType),
    tracking_tag_url: row.trackingTagUrl,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface TrackingTagQuery extends ListParams {
  readonly line_item_ids?: readonly string[] | undefined;
  readonly tracking_tag_ids?: readonly string[] | undefined;
}

export function listTrackingTags(
  ctx: AppContext,
  accountId: string,
  query: TrackingTagQuery,
): Promise<ListOutcome<TrackingTag>> {
  return runList(ctx, {
    scope: `tracking_tags:${accountId}`,
    sortable: TRACKING_TAG_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("lineItemId", query.line_item_ids),
      ...inList("id", query.tracking_tag_ids),
    },
    findMany: (args) => ctx.prisma.trackingTag.findMany(args as Prisma.TrackingTagFindManyArgs),
    count: (where) => ctx.prisma.trackingTag.count({ where }),
  });
}

export async function getTrackingTag(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<TrackingTag> {
  const row = await ctx.prisma.trackingTag.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`tracking tag ${id} does not exist`, "tracking_tag_id");
  }
  return row;
}

export interface NewTrackingTag {
  readonly line_item_id: string;
  readonly tracking_tag_type: TrackingTagType;
  readonly tracking_tag_url: string;
}

/** spec §4.6: on a live line item of the account (400 naming line_item_id otherwise). */
export function createTrackingTag(
  ctx: AppContext,
  accountId: string,
  input: NewTrackingTag,
): Promise<TrackingTag> {
  return withLineItemTx(ctx, async (tx) => {
    const lineItem = await lockLineItem(tx, accountId, input.line_item_id);
    const now = ctx.clock();
    return tx.trackingTag.create({
      data: {
        id: newAdsId(),
        accountId,
        lineItemId: lineItem.id,
        trackingTagType: input.tracking_tag_type,
        trackingTagUrl: input.tracking_tag_url,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

/** A PUT's parameters: the URL and the tag's read-only fields as a client read them. */
export type TrackingTagUpdate = Omit<
  EndpointParsedParams<Catalog["tracking_tags.update"]>,
  "account_id" | "tracking_tag_id"
>;

/**
 * spec §4.6 PUT: only the URL changes (the catalog requires it); the tag's other fields may come
 * back as read (update rule), compared with the row locked in the same transaction.
 */
export function updateTrackingTag(
  ctx: AppContext,
  accountId: string,
  id: string,
  params: TrackingTagUpdate,
): Promise<TrackingTag> {
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "tracking_tag" WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`;
    const row = await tx.trackingTag.findFirst({ where: { id, accountId, deleted: false } });
    if (row === null) {
      throw new NotFoundError(`tracking tag ${id} does not exist`, "tracking_tag_id");
    }
    const fields = settleUpdate("tracking_tags.update", params, presentTrackingTag(row));
    return tx.trackingTag.update({
      where: { id },
      data: {
        ...(fields.tracking_tag_url === undefined
          ? {}
          : { trackingTagUrl: fields.tracking_tag_url }),
        updatedAt: ctx.clock(),
      },
    });
  });
}

/** Soft delete (spec §2.1); a second DELETE is 404. */
export async function deleteTrackingTag(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<TrackingTag> {
  const updated = await ctx.prisma.trackingTag.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`tracking tag ${id} does not exist`, "tracking_tag_id");
  }
  return ctx.prisma.trackingTag.findUniqueOrThrow({ where: { id } });
}
