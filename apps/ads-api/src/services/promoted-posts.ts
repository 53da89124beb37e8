import type { PromotedPost as PromotedPostResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { newAdsId } from "../db/ids.js";
import type { Account, Prisma, PromotedPost } from "../generated/prisma/client.js";
import { BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import { lockLineItem, withLineItemTx } from "./line-item-refs.js";
import { inList, runList } from "./list.js";
import { publishDuePosts } from "./post-store.js";
import { seenByAccount } from "./posts.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

/** The one product type whose line items hold promoted posts (spec §4.4 product types). */
export const PROMOTED_POSTS_PRODUCT = "PROMOTED_POSTS";

export const PROMOTED_POST_SORT = sortColumns("promoted_posts.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  line_item_id: { field: "lineItemId", type: "string" },
  post_id: { field: "postId", type: "string" },
  entity_status: { field: "entityStatus", type: "string" },
});

/**
 * spec §2.11: post_id (digits, §2.1) and deleted, with every field of the recorded
 * promoted_tweets_*.json (the vendor's `tweet_id` is the spec's `post_id`).
 */
export function presentPromotedPost(row: PromotedPost): Presented<PromotedPostResource> {
  return {
    id: row.id,
    line_item_id: row.lineItemId,
    post_id: row.postId,
    entity_status: row.entityStatus,
    approval_status: row.approvalStatus,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface PromotedPostQuery extends ListParams {
  readonly line_item_ids?: readonly string[] | undefined;
  readonly promoted_post_ids?: readonly string[] | undefined;
}

/** Records of deleted line items stay listed: they are not deleted themselves. */
export function listPromotedPosts(
  ctx: AppContext,
  accountId: string,
  query: PromotedPostQuery,
): Promise<ListOutcome<PromotedPost>> {
  return runList(ctx, {
    scope: `promoted_posts:${accountId}`,
    sortable: PROMOTED_POST_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("lineItemId", query.line_item_ids),
      ...inList("id", query.promoted_post_ids),
    },
    findMany: (args) => ctx.prisma.promotedPost.findMany(args as Prisma.PromotedPostFindManyArgs),
    count: (where) => ctx.prisma.promotedPost.count({ where }),
  });
}

export async function getPromotedPost(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<PromotedPost> {
  const row = await ctx.prisma.promotedPost.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`promoted post ${id} does not exist`, "promoted_post_id");
  }
  return row;
}

/**
 * Beyond the spec (vendor v12 POST promoted_tweets): the line item must be a live
 * PROMOTED_POSTS line item of the account (else 400 INCOMPATIBLE_LINE_ITEM, as for promoted
 * accounts); every post a published post the account sees, i.e. by one of its promotable users
 * (else 400 naming the missing ids, and nothing is promoted). A post already promoted on the line
 * item is ignored: its record is in the answer, as the spec says of promoted accounts. The answer
 * follows post_ids' order, each post once. The line item's row lock keeps two creates of the same
 * post from both writing.
 */
export function createPromotedPosts(
  ctx: AppContext,
  account: Account,
  input: { readonly line_item_id: string; readonly post_ids: readonly string[] },
): Promise<PromotedPost[]> {
  const postIds = [...new Set(input.post_ids)];
  return withLineItemTx(ctx, async (tx) => {
    const lineItem = await lockLineItem(tx, account.id, input.line_item_id);
    if (lineItem.productType !== PROMOTED_POSTS_PRODUCT) {
      throw BadRequestError.of(
        ERROR_CODES.INCOMPATIBLE_LINE_ITEM,
        `line item ${lineItem.id} has product_type ${lineItem.productType}; only ${PROMOTED_POSTS_PRODUCT} line items hold promoted posts`,
        "line_item_id",
      );
    }
    const now = ctx.clock();
    await publishDuePosts(tx, now);
    const found = await tx.post.findMany({
      where: {
        id: { in: postIds },
        ...seenByAccount(account.id, account.promotableUserIds, "PUBLISHED"),
      },
      select: { id: true },
    });
    const seen = new Set(found.map((post) => post.id));
    const missing = postIds.filter((id) => !seen.has(id));
    if (missing.length > 0) {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_PARAMETER,
        `post_ids: ${missing.join(", ")} ${missing.length === 1 ? "is no published post" : "are no published posts"} of a promotable user of account ${account.id}; nothing was promoted`,
        "post_ids",
      );
    }
    const existing = await tx.promotedPost.findMany({
      where: { lineItemId: lineItem.id, postId: { in: postIds }, deleted: false },
    });
    const byPost = new Map(existing.map((row) => [row.postId, row]));
    const created = postIds
      .filter((postId) => !byPost.has(postId))
      .map((postId) => ({
        id: newAdsId(),
        accountId: account.id,
        lineItemId: lineItem.id,
        postId,
        createdAt: now,
        updatedAt: now,
      }));
    if (created.length > 0) await tx.promotedPost.createMany({ data: created });
    const rows = await tx.promotedPost.findMany({
      where: { id: { in: [...existing, ...created].map((row) => row.id) } },
    });
    const byId = new Map(rows.map((row) => [row.postId, row]));
    return postIds.flatMap((postId) => byId.get(postId) ?? []);
  });
}

/** Soft delete (spec §2.1); a second DELETE is 404, as for campaigns. */
export async function deletePromotedPost(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<PromotedPost> {
  const updated = await ctx.prisma.promotedPost.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`promoted post ${id} does not exist`, "promoted_post_id");
  }
  return ctx.prisma.promotedPost.findUniqueOrThrow({ where: { id } });
}
