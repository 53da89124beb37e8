import type { EndpointId } from "@adsgraph/models";

/**
 * The §4.6 line item attachment endpoints: rest-client/line-item-attachments.test.ts calls each
 * against ads-api on both engines (and checks it called them all), so endpoints.test.ts leaves
 * them to it.
 */
export const SECTION_4_6: readonly EndpointId[] = [
  "line_item_curated_categories.list",
  "line_item_curated_categories.get",
  "line_item_curated_categories.create",
  "line_item_curated_categories.update",
  "line_item_curated_categories.delete",
  "media_creatives.list",
  "media_creatives.get",
  "media_creatives.create",
  "media_creatives.delete",
  "promoted_accounts.list",
  "promoted_accounts.get",
  "promoted_accounts.create",
  "promoted_accounts.delete",
  "promoted_posts.list",
  "tracking_tags.list",
  "tracking_tags.get",
  "tracking_tags.create",
  "tracking_tags.update",
  "tracking_tags.delete",
  "audience_estimate.estimate",
];
