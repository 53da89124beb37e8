import type { RestClient } from "@adsgraph/rest-client";
import type { EntityKind } from "./entities.js";

/** The attachments of spec §4.6 whose lists take `line_item_ids`. */
export type AttachmentKind = Extract<
  EntityKind,
  "mediaCreative" | "promotedAccount" | "promotedPost" | "trackingTag"
>;

export const ATTACHMENT_KINDS: readonly AttachmentKind[] = [
  "mediaCreative",
  "promotedAccount",
  "promotedPost",
  "trackingTag",
];

/** Reads every attachment of these line items (all pages, ≤200 line item ids per request). */
export type AttachmentRead = (
  accountId: string,
  lineItemIds: string[],
  withDeleted: boolean,
) => Promise<unknown[]>;

/**
 * Each attachment list read by its `line_item_ids` (spec §4.6), written out per kind so each
 * call is checked against its endpoint's parameters. `count: 1000` (the most a page holds):
 * 200 line items with up to 1,000 attachments between them cost one request.
 */
export function attachmentReads(client: RestClient): Record<AttachmentKind, AttachmentRead> {
  return {
    mediaCreative: (account_id, ids, with_deleted) =>
      client.collectMany(
        "media_creatives.list",
        { account_id, ids, count: 1000, with_deleted },
        { by: "line_item_ids" },
      ),
    promotedAccount: (account_id, ids, with_deleted) =>
      client.collectMany(
        "promoted_accounts.list",
        { account_id, ids, count: 1000, with_deleted },
        { by: "line_item_ids" },
      ),
    promotedPost: (account_id, ids, with_deleted) =>
      client.collectMany(
        "promoted_posts.list",
        // The spec shows no with_deleted on this list (its further parameters are open).
        { account_id, ids, count: 1000, ...(with_deleted && { with_deleted }) },
        { by: "line_item_ids" },
      ),
    trackingTag: (account_id, ids, with_deleted) =>
      client.collectMany(
        "tracking_tags.list",
        { account_id, ids, count: 1000, with_deleted },
        { by: "line_item_ids" },
      ),
  };
}

/**
 * The curated-category links of line items, by `line_item_ids` (a list beyond the spec: its
 * catalog entry says why). Links are no entity of their own (no node), so nothing is primed.
 */
export function curatedLinkRead(client: RestClient): AttachmentRead {
  return (account_id, ids, with_deleted) =>
    client.collectMany(
      "line_item_curated_categories.list",
      { account_id, ids, count: 1000, with_deleted },
      { by: "line_item_ids" },
    );
}
