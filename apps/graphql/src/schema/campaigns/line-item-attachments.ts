import { holdsPromotedAccounts } from "@adsgraph/models";
import type { ArgBuilder } from "@pothos/core";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";
import type { AttachmentList } from "../../loaders/attachment-reads.js";
import { entityKey } from "../../loaders/keys.js";
import type { Loaders } from "../../loaders/loaders.js";
import type { ReadIdOf, ShapeOf } from "../../loaders/resource-reads.js";
import type { LineItemShape } from "../../loaders/shapes.js";
import { LineItemRef } from "./line-item.js";
import { LineItemCuratedCategoryRef } from "./line-item-curated-category.js";
import { MediaCreativeRef } from "../creatives/media-creative.js";
import { PromotedAccountRef } from "../accounts/promoted-account.js";
import { PromotedPostRef } from "../creatives/promoted-post.js";
import { TrackingTagRef } from "../creatives/tracking-tag.js";
import { bothWaysPageArgs, connectionOfAll, connectionType } from "../../fields/connections.js";

// LineItem's attachments (spec §4.6). Each edge reads its list by `line_item_ids`: every line
// item of the response asking in the same tick is read together, ≤200 ids per request, all
// pages (loaders.attachmentsOfLineItem).
//
// Curated-category links: §4.6 gives them no list or read (only create, update and delete);
// their edge reads line_item_curated_categories.list, served beyond the spec for it (its
// catalog entry says why).

import { byIdRule, childrenRule, fetchedBy } from "../../cost/fetch-rule.js";

// How each edge is fetched, read by the resolvers below and the query planner (issue 35).
const CURATED_LINKS = childrenRule("line_item_curated_categories.list", "line_item_ids");
const MEDIA_CREATIVES = childrenRule("media_creatives.list", "line_item_ids", {
  primes: "media_creatives.get",
});
const PROMOTED_ACCOUNTS = childrenRule("promoted_accounts.list", "line_item_ids", {
  primes: "promoted_accounts.get",
  // Only line items whose product type can hold promoted accounts ask.
  everyParentAsks: false,
});
const PROMOTED_POSTS = childrenRule("promoted_posts.list", "line_item_ids", {
  primes: "promoted_posts.get",
});
const TRACKING_TAGS = childrenRule("tracking_tags.list", "line_item_ids", {
  primes: "tracking_tags.get",
});
const LINE_ITEM = byIdRule("line_items.get");

const withDeletedArg = (arg: ArgBuilder<Types>) => ({
  withDeleted: arg.boolean({ description: "Include deleted ones (default false)." }),
});

function attachmentsOf<List extends AttachmentList>(
  list: List,
  lineItem: LineItemShape,
  withDeleted: boolean | null | undefined,
  loaders: Loaders,
): Promise<ShapeOf<ReadIdOf<List>>[]> {
  return loaders
    .attachmentsOfLineItem(list, { withDeleted: withDeleted ?? false })
    .load(entityKey(lineItem.account_id, lineItem.id));
}

/**
 * An attachment edge costs what one field does (its items' fields count once): its upstream
 * work is a share of one batched request per 200 line items, whatever the number of items, so
 * a page of 1,000 line items with every attachment stays within the complexity limit.
 */
const ATTACHMENT_LIST = { field: 1, multiplier: 1 };

const LineItemCuratedCategoryConnection = connectionType(
  "LineItemCuratedCategory",
  LineItemCuratedCategoryRef,
  "Curated categories linked to a line item, a page at a time.",
);
const MediaCreativeConnection = connectionType(
  "MediaCreative",
  MediaCreativeRef,
  "Media creatives of a line item, a page at a time.",
);
const PromotedAccountConnection = connectionType(
  "PromotedAccount",
  PromotedAccountRef,
  "Users promoted on a line item, a page at a time.",
);
const PromotedPostConnection = connectionType(
  "PromotedPost",
  PromotedPostRef,
  "Posts promoted on a line item, a page at a time.",
);
const TrackingTagConnection = connectionType(
  "TrackingTag",
  TrackingTagRef,
  "Tracking tags of a line item, a page at a time.",
);

const EDGE_NOTE = "A page at a time either way; null with an error if they cannot be read.";

builder.objectFields(LineItemRef, (t) => ({
  curatedCategories: t.field({
    ...fetchedBy(CURATED_LINKS),
    type: LineItemCuratedCategoryConnection,
    nullable: true,
    description: `Curated categories linked to this line item. ${EDGE_NOTE}`,
    complexity: ATTACHMENT_LIST,
    args: { ...bothWaysPageArgs(t.arg), ...withDeletedArg(t.arg) },
    resolve: (li, args, { loaders }) =>
      connectionOfAll(args, CURATED_LINKS.maxCount, () =>
        loaders
          .curatedLinksOfLineItem({ withDeleted: args.withDeleted ?? false })
          .load(entityKey(li.account_id, li.id)),
      ),
  }),
  mediaCreatives: t.field({
    ...fetchedBy(MEDIA_CREATIVES),
    type: MediaCreativeConnection,
    nullable: true,
    description: `Account media placed on this line item. ${EDGE_NOTE}`,
    complexity: ATTACHMENT_LIST,
    args: { ...bothWaysPageArgs(t.arg), ...withDeletedArg(t.arg) },
    resolve: (li, args, { loaders }) =>
      connectionOfAll(args, MEDIA_CREATIVES.maxCount, () =>
        attachmentsOf("media_creatives.list", li, args.withDeleted, loaders),
      ),
  }),
  promotedAccounts: t.field({
    ...fetchedBy(PROMOTED_ACCOUNTS),
    type: PromotedAccountConnection,
    nullable: true,
    description:
      `Accounts promoted on this line item. ${EDGE_NOTE} Always empty for a line item whose ` +
      "product type cannot hold promoted accounts.",
    complexity: ATTACHMENT_LIST,
    args: { ...bothWaysPageArgs(t.arg), ...withDeletedArg(t.arg) },
    resolve: (li, args, { loaders }) =>
      connectionOfAll(args, PROMOTED_ACCOUNTS.maxCount, () =>
        holdsPromotedAccounts(li.product_type)
          ? attachmentsOf("promoted_accounts.list", li, args.withDeleted, loaders)
          : Promise.resolve([]),
      ),
  }),
  promotedPosts: t.field({
    ...fetchedBy(PROMOTED_POSTS),
    type: PromotedPostConnection,
    nullable: true,
    description: `Posts promoted on this line item. ${EDGE_NOTE}`,
    complexity: ATTACHMENT_LIST,
    args: { ...bothWaysPageArgs(t.arg), ...withDeletedArg(t.arg) },
    resolve: (li, args, { loaders }) =>
      connectionOfAll(args, PROMOTED_POSTS.maxCount, () =>
        attachmentsOf("promoted_posts.list", li, args.withDeleted, loaders),
      ),
  }),
  trackingTags: t.field({
    ...fetchedBy(TRACKING_TAGS),
    type: TrackingTagConnection,
    nullable: true,
    description: `Impression tags and click trackers of this line item. ${EDGE_NOTE}`,
    complexity: ATTACHMENT_LIST,
    args: { ...bothWaysPageArgs(t.arg), ...withDeletedArg(t.arg) },
    resolve: (li, args, { loaders }) =>
      connectionOfAll(args, TRACKING_TAGS.maxCount, () =>
        attachmentsOf("tracking_tags.list", li, args.withDeleted, loaders),
      ),
  }),
}));

/** An attachment's line item: read together for every attachment of the response. */
const lineItemField = () =>
  ({
    ...fetchedBy(LINE_ITEM),
    type: LineItemRef,
    nullable: true,
    description:
      "The line item it is attached to; null when not known, or with an error if it cannot be read.",
    resolve: (
      item: { readonly account_id: string; readonly line_item_id?: string | undefined },
      _args: object,
      { loaders }: { loaders: Loaders },
    ) =>
      item.line_item_id === undefined
        ? null
        : loaders.byId(LINE_ITEM.read).load(entityKey(item.account_id, item.line_item_id)),
  }) as const;

builder.objectField(MediaCreativeRef, "lineItem", (t) => t.field(lineItemField()));
builder.objectField(PromotedAccountRef, "lineItem", (t) => t.field(lineItemField()));
builder.objectField(PromotedPostRef, "lineItem", (t) => t.field(lineItemField()));
builder.objectField(TrackingTagRef, "lineItem", (t) => t.field(lineItemField()));
