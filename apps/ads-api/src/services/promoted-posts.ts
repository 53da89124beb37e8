import type { PromotedPost as PromotedPostResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Prisma, PromotedPost } from "../generated/prisma/client.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

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
