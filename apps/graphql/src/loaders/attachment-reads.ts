import { getEndpoint } from "@adsgraph/models";
import type { PageableId, RestClient } from "@adsgraph/rest-client";

/** The attachments of spec §4.6 (resources of their own) whose lists take `line_item_ids`. */
export type AttachmentList =
  "media_creatives.list" | "promoted_accounts.list" | "promoted_posts.list" | "tracking_tags.list";

/**
 * Every item of a list that names line items (an attachment list, or the curated-category
 * links beyond the spec), read by `line_item_ids`: all pages, ≤200 line items per request,
 * `count: 1000` (the most a page holds), so 200 line items with up to 1,000 attachments
 * between them cost one request. A list that does not declare `with_deleted` (spec §4.6
 * promoted posts: its further parameters are open) is sent it only when asked.
 */
export async function readOfLineItems<
  List extends AttachmentList | "line_item_curated_categories.list",
>(
  client: RestClient,
  list: List & PageableId,
  accountId: string,
  lineItemIds: readonly string[],
  withDeleted: boolean,
) {
  const declared = getEndpoint(list).locations.with_deleted !== undefined;
  return client.wire.collectMany(
    list,
    {
      account_id: accountId,
      ids: lineItemIds,
      count: 1000,
      ...((declared || withDeleted) && { with_deleted: withDeleted }),
    },
    { by: "line_item_ids" },
  );
}
