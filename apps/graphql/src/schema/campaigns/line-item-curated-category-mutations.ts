import { builder } from "../../builder.js";
import { LineItemCuratedCategoryRef } from "./line-item-curated-category.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";

const create = mutationArgs("line_item_curated_categories.create", {
  describe: { curated_category_id: "A content category id (GET content_categories)." },
});
const update = mutationArgs("line_item_curated_categories.update", {
  globalIds: { line_item_curated_category_id: LineItemCuratedCategoryRef },
});
const remove = mutationArgs("line_item_curated_categories.delete", {
  globalIds: { line_item_curated_category_id: LineItemCuratedCategoryRef },
});

const CreateLineItemCuratedCategoryInput = builder.inputType("CreateLineItemCuratedCategoryInput", {
  fields: create.fields,
});

const UpdateLineItemCuratedCategoryInput = builder.inputType("UpdateLineItemCuratedCategoryInput", {
  description: "spec §4.6 PUT: each field given replaces the stored one.",
  fields: update.fields,
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
        const params = create.params(input);
        const { data } = await upstream.call("line_item_curated_categories.create", params);
        return { lineItemCuratedCategory: ownedBy(data, params.account_id) };
      }, create.fieldOf),
  }),
  updateLineItemCuratedCategory: t.field({
    type: LinkPayload("UpdateLineItemCuratedCategory", "The link as it is now."),
    description: "Changes a link's curated category or line item (spec §4.6 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItemCuratedCategory"),
    args: { input: t.arg({ type: UpdateLineItemCuratedCategoryInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("line_item_curated_categories.update", params);
        return { lineItemCuratedCategory: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteLineItemCuratedCategory: t.field({
    type: LinkPayload("DeleteLineItemCuratedCategory", "The link, now deleted."),
    description: "Removes a curated-category link (spec §4.6).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteLineItemCuratedCategory"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("line_item_curated_categories.delete", params);
        return { lineItemCuratedCategory: ownedBy(data, params.account_id) };
      }, remove.fieldOf),
  }),
}));
