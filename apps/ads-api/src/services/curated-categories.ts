import type { LineItemCuratedCategory as LineItemCuratedCategoryResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import type { LineItemCuratedCategory, Prisma } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import { lockLineItem, withLineItemTx } from "./line-item-refs.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

export const CURATED_LINK_SORT = sortColumns("line_item_curated_categories.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  line_item_id: { field: "lineItemId", type: "string" },
  curated_category_id: { field: "curatedCategoryId", type: "string" },
});

export interface CuratedLinkQuery extends ListParams {
  readonly line_item_ids?: readonly string[] | undefined;
  readonly line_item_curated_category_ids?: readonly string[] | undefined;
}

/** The links of the account (beyond the spec: the catalog entry says why). */
export function listCuratedCategoryLinks(
  ctx: AppContext,
  accountId: string,
  query: CuratedLinkQuery,
): Promise<ListOutcome<LineItemCuratedCategory>> {
  return runList(ctx, {
    scope: `line_item_curated_categories:${accountId}`,
    sortable: CURATED_LINK_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("lineItemId", query.line_item_ids),
      ...inList("id", query.line_item_curated_category_ids),
    },
    findMany: (args) =>
      ctx.prisma.lineItemCuratedCategory.findMany(
        args as Prisma.LineItemCuratedCategoryFindManyArgs,
      ),
    count: (where) => ctx.prisma.lineItemCuratedCategory.count({ where }),
  });
}

/** One link; a deleted one only `withDeleted`. */
export async function getCuratedCategoryLink(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<LineItemCuratedCategory> {
  const row = await ctx.prisma.lineItemCuratedCategory.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(
      `curated-category link ${id} does not exist`,
      "line_item_curated_category_id",
    );
  }
  return row;
}

/** spec §2.11 "not shown": the create parameters and §2.1's fields. */
export function presentCuratedCategoryLink(
  row: LineItemCuratedCategory,
): Presented<LineItemCuratedCategoryResource> {
  return {
    id: row.id,
    line_item_id: row.lineItemId,
    curated_category_id: row.curatedCategoryId,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

/**
 * A curated category is one of the content categories of the reference data (spec §2.9, §4.4
 * content_categories): the spec lists no curated categories of their own, and content
 * categories are the platform's curated set of publisher content.
 */
function requireCuratedCategory(ctx: AppContext, id: string): void {
  if (ctx.reference.contentCategories.some((category) => category.id === id)) return;
  throw BadRequestError.of(
    ERROR_CODES.INVALID_PARAMETER,
    `curated category ${id} does not exist: curated_category_id must be the id of a content category (GET /12/content_categories)`,
    "curated_category_id",
  );
}

/** The live link of the pair other than `except`, if any (a pair is linked once). */
function liveLink(
  tx: Tx,
  lineItemId: string,
  categoryId: string,
  except?: string,
): Promise<LineItemCuratedCategory | null> {
  return tx.lineItemCuratedCategory.findFirst({
    where: {
      lineItemId,
      curatedCategoryId: categoryId,
      deleted: false,
      ...(except === undefined ? {} : { id: { not: except } }),
    },
  });
}

/** spec §4.6 POST; a pair already linked answers its link (no duplicate). */
export function createCuratedCategoryLink(
  ctx: AppContext,
  accountId: string,
  input: { readonly line_item_id: string; readonly curated_category_id: string },
): Promise<LineItemCuratedCategory> {
  requireCuratedCategory(ctx, input.curated_category_id);
  return withLineItemTx(ctx, async (tx) => {
    const lineItem = await lockLineItem(tx, accountId, input.line_item_id);
    const existing = await liveLink(tx, lineItem.id, input.curated_category_id);
    if (existing !== null) return existing;
    const now = ctx.clock();
    return tx.lineItemCuratedCategory.create({
      data: {
        id: newAdsId(),
        accountId,
        lineItemId: lineItem.id,
        curatedCategoryId: input.curated_category_id,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

async function liveLinkOf(tx: Tx, accountId: string, id: string): Promise<LineItemCuratedCategory> {
  const row = await tx.lineItemCuratedCategory.findFirst({
    where: { id, accountId, deleted: false },
  });
  if (row === null) {
    throw new NotFoundError(
      `line item curated category ${id} does not exist`,
      "line_item_curated_category_id",
    );
  }
  return row;
}

/**
 * spec §4.6 PUT: moves the link to another (live) line item of the account and/or another
 * curated category; a pair already linked by another link is a 400, so no pair is linked twice.
 */
export function updateCuratedCategoryLink(
  ctx: AppContext,
  accountId: string,
  id: string,
  input: {
    readonly line_item_id?: string | undefined;
    readonly curated_category_id?: string | undefined;
  },
): Promise<LineItemCuratedCategory> {
  if (input.curated_category_id !== undefined)
    requireCuratedCategory(ctx, input.curated_category_id);
  return withLineItemTx(ctx, async (tx) => {
    const before = await liveLinkOf(tx, accountId, id);
    const lineItemId = input.line_item_id ?? before.lineItemId;
    const lineItem = await lockLineItem(tx, accountId, lineItemId);
    const categoryId = input.curated_category_id ?? before.curatedCategoryId;
    const other = await liveLink(tx, lineItem.id, categoryId, id);
    if (other !== null) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `line item ${lineItem.id} is already linked to curated category ${categoryId} (link ${other.id})`,
        input.curated_category_id === undefined ? "line_item_id" : "curated_category_id",
      );
    }
    return tx.lineItemCuratedCategory.update({
      where: { id: before.id },
      data: { lineItemId: lineItem.id, curatedCategoryId: categoryId, updatedAt: ctx.clock() },
    });
  });
}

/** Soft delete (spec §2.1); a second DELETE is 404. */
export async function deleteCuratedCategoryLink(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<LineItemCuratedCategory> {
  const updated = await ctx.prisma.lineItemCuratedCategory.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) {
    throw new NotFoundError(
      `line item curated category ${id} does not exist`,
      "line_item_curated_category_id",
    );
  }
  return ctx.prisma.lineItemCuratedCategory.findUniqueOrThrow({ where: { id } });
}
