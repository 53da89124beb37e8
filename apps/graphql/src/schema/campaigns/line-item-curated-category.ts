import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import type { LineItemCuratedCategoryShape } from "../../loaders/shapes.js";
import { attachmentFields } from "./attachment-fields.js";
import { historyField } from "../common/history.js";
import { LineItemRef } from "./line-item.js";

/**
 * A curated category linked to a line item (spec §4.6). Not a Node: the spec gives these links
 * no read; LineItem.curatedCategories reads them through a list served beyond the spec, and
 * node(id) is left to the entities of the spec. The `id` is still a
 * global id, the one updateLineItemCuratedCategory and deleteLineItemCuratedCategory take.
 */
export const LineItemCuratedCategoryRef = builder
  .objectRef<LineItemCuratedCategoryShape>("LineItemCuratedCategory")
  .implement({
    description:
      "A curated category (a content category id, spec §4.4) linked to a line item (spec §4.6). " +
      "Read through LineItem.curatedCategories (a list beyond the spec) and the link mutations.",
    fields: (t) => ({
      id: t.globalID({
        description: "What the update and delete mutations take.",
        resolve: (link) => ({
          type: "LineItemCuratedCategory",
          id: entityKey(link.account_id, link.id),
        }),
      }),
      ...attachmentFields(t),
      curatedCategoryId: t.string({
        description: "A content category id (GET content_categories).",
        resolve: (link) => link.curated_category_id,
      }),
      lineItemId: t.string({ resolve: (link) => link.line_item_id }),
      lineItem: t.field({
        type: LineItemRef,
        nullable: true,
        resolve: (link, _args, { loaders }) =>
          loaders.lineItem.load(entityKey(link.account_id, link.line_item_id)),
      }),
    }),
  });

builder.objectField(LineItemCuratedCategoryRef, "history", (t) =>
  t.connection(historyField(() => "line_item_curated_category")),
);
