import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import { ownedBy } from "./attachment-writes.js";
import { LineItemCuratedCategoryRef } from "./line-item-curated-category.js";
import { attempt, inputPath, mutationErrors, optional, ownedId, payload } from "./mutations.js";

const fields = inputPath({ line_item_curated_category_id: "id" });

const CreateLineItemCuratedCategoryInput = builder.inputType("CreateLineItemCuratedCategoryInput", {
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    lineItemId: t.string({ required: true, ...ID_INPUT }),
    curatedCategoryId: t.string({
      required: true,
      ...ID_INPUT,
      description: "A content category id (GET content_categories).",
    }),
  }),
});

const UpdateLineItemCuratedCategoryInput = builder.inputType("UpdateLineItemCuratedCategoryInput", {
  description: "spec §4.6 PUT: each field given replaces the stored one.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [LineItemCuratedCategoryRef] }),
    curatedCategoryId: t.string(ID_INPUT),
    lineItemId: t.string(ID_INPUT),
  }),
});

const LinkPayload = (name: string, description: string) =>
  payload(name, "lineItemCuratedCategory", LineItemCuratedCategoryRef, description);

builder.mutationFields((t) => ({
  createLineItemCuratedCategory: t.field({
    type: LinkPayload("CreateLineItemCuratedCategory", "The link (the existing one if linked)."),
    description: "Links a curated category to a line item (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateLineItemCuratedCategory"),
    args: { input: t.arg({ type: CreateLineItemCuratedCategoryInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("line_item_curated_categories.create", {
          account_id: input.accountId,
          line_item_id: input.lineItemId,
          curated_category_id: input.curatedCategoryId,
        });
        return { lineItemCuratedCategory: ownedBy(data, input.accountId) };
      }, fields),
  }),
  updateLineItemCuratedCategory: t.field({
    type: LinkPayload("UpdateLineItemCuratedCategory", "The link as it is now."),
    description: "Changes a link's curated category or line item (spec §4.6 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItemCuratedCategory"),
    args: { input: t.arg({ type: UpdateLineItemCuratedCategoryInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("line_item_curated_categories.update", {
          account_id: accountId,
          line_item_curated_category_id: id,
          curated_category_id: optional(input.curatedCategoryId),
          line_item_id: optional(input.lineItemId),
        });
        return { lineItemCuratedCategory: ownedBy(data, accountId) };
      }, fields),
  }),
  deleteLineItemCuratedCategory: t.field({
    type: LinkPayload("DeleteLineItemCuratedCategory", "The link, now deleted."),
    description: "Removes a curated-category link (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteLineItemCuratedCategory"),
    args: { id: t.arg.globalID({ required: true, for: [LineItemCuratedCategoryRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("line_item_curated_categories.delete", {
          account_id: accountId,
          line_item_curated_category_id: id,
        });
        return { lineItemCuratedCategory: ownedBy(data, accountId) };
      }, fields),
  }),
}));
