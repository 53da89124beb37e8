import { builder } from "../../builder.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
  payload,
} from "../../fields/mutations.js";
import { entityKey } from "../../loaders/keys.js";
import type { LineItemCuratedCategoryShape } from "../../loaders/shapes.js";
import { attachmentFields } from "./attachment-fields.js";
import { addHistory } from "../common/history.js";
import { LineItemRef, onLineItem } from "./line-item.js";
import { byIdRule, callRule, fetchedBy } from "../../cost/fetch-rule.js";

const LINE_ITEM = byIdRule("line_items.get");

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
      "A curated category (a content category, see `Query.contentCategories`) linked to a line " +
      "item, so its ads show next to that kind of content. Read through " +
      "LineItem.curatedCategories and the link mutations.",
    fields: (t) => ({
      id: t.globalID({
        description:
          "The link's global id: what updateLineItemCuratedCategory and " +
          "deleteLineItemCuratedCategory take.",
        resolve: (link) => ({
          type: "LineItemCuratedCategory",
          id: entityKey(link.account_id, link.id),
        }),
      }),
      ...attachmentFields(t),
      curatedCategoryId: t.string({
        description: "The id of the content category linked (see `Query.contentCategories`).",
        resolve: (link) => link.curated_category_id,
      }),
      lineItemId: t.string({
        description: "The rawId of the line item the category is linked to.",
        resolve: (link) => link.line_item_id,
      }),
      lineItem: t.field({
        type: LineItemRef,
        nullable: true,
        description:
          "The line item the category is linked to; null with an error if it cannot be read.",
        ...fetchedBy(LINE_ITEM),
        resolve: (link, _args, { loaders }) =>
          loaders.byId(LINE_ITEM.read).load(entityKey(link.account_id, link.line_item_id)),
      }),
    }),
  });

addHistory(LineItemCuratedCategoryRef, () => "line_item_curated_category");

const CURATED_CATEGORY =
  "The `id` of the content category to link (from `contentCategories` or `ContentCategory.id`).";
const create = mutationArgs("line_item_curated_categories.create", {
  describe: {
    account_id: "The `id` of the account of the line item.",
    line_item_id: "The `id` of the line item to link it to (of the same account).",
    curated_category_id: CURATED_CATEGORY,
  },
});
const update = mutationArgs("line_item_curated_categories.update", {
  globalIds: { line_item_curated_category_id: LineItemCuratedCategoryRef },
  describe: {
    line_item_curated_category_id: "The `id` of the link to change.",
    line_item_id: "The `id` of another line item of the account to move the link to.",
    curated_category_id: CURATED_CATEGORY,
  },
});
const remove = mutationArgs("line_item_curated_categories.delete", {
  globalIds: { line_item_curated_category_id: LineItemCuratedCategoryRef },
  describe: { line_item_curated_category_id: "The `id` of the link to remove." },
});

const CreateLineItemCuratedCategoryInput = builder.inputType("CreateLineItemCuratedCategoryInput", {
  description: "A content category to link to a line item.",
  fields: create.fields,
});

const UpdateLineItemCuratedCategoryInput = builder.inputType("UpdateLineItemCuratedCategoryInput", {
  description: "The link to change; each field given replaces the stored one.",
  fields: update.fields,
});

const LinkPayload = (name: string, description: string) =>
  payload(name, "lineItemCuratedCategory", LineItemCuratedCategoryRef, description);

const CREATE_LINE_ITEM_CURATED_CATEGORY_CALL = callRule(
  "line_item_curated_categories.create",
  create.params,
);
const UPDATE_LINE_ITEM_CURATED_CATEGORY_CALL = callRule(
  "line_item_curated_categories.update",
  update.params,
);
const DELETE_LINE_ITEM_CURATED_CATEGORY_CALL = callRule(
  "line_item_curated_categories.delete",
  remove.params,
);

builder.mutationFields((t) => ({
  createLineItemCuratedCategory: t.field({
    ...fetchedBy(CREATE_LINE_ITEM_CURATED_CATEGORY_CALL),
    type: createPayload(
      "CreateLineItemCuratedCategory",
      "lineItemCuratedCategory",
      LineItemCuratedCategoryRef,
      "The link (the existing one if linked).",
      onLineItem,
    ),
    description: "Links a curated category to a line item, so its ads show next to that content.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateLineItemCuratedCategory"),
    args: {
      input: t.arg({
        type: CreateLineItemCuratedCategoryInput,
        required: true,
        description: "The line item and the category.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(
          CREATE_LINE_ITEM_CURATED_CATEGORY_CALL.endpoint,
          params,
        );
        return { lineItemCuratedCategory: ownedBy(data, params.account_id) };
      }, create.fieldOf),
  }),
  updateLineItemCuratedCategory: t.field({
    ...fetchedBy(UPDATE_LINE_ITEM_CURATED_CATEGORY_CALL),
    type: LinkPayload("UpdateLineItemCuratedCategory", "The link as it is now."),
    description: "Changes a link's curated category or line item.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItemCuratedCategory"),
    args: {
      input: t.arg({
        type: UpdateLineItemCuratedCategoryInput,
        required: true,
        description: "The link and the fields to change.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(
          UPDATE_LINE_ITEM_CURATED_CATEGORY_CALL.endpoint,
          params,
        );
        return { lineItemCuratedCategory: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteLineItemCuratedCategory: t.field({
    ...fetchedBy(DELETE_LINE_ITEM_CURATED_CATEGORY_CALL),
    type: deletePayload(
      "DeleteLineItemCuratedCategory",
      "lineItemCuratedCategory",
      LineItemCuratedCategoryRef,
      "The link, now deleted.",
    ),
    description: "Removes a curated-category link from its line item.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteLineItemCuratedCategory"),
    args: inputArg(
      t.arg,
      "DeleteLineItemCuratedCategory",
      remove.fields,
      "The curated-category link to delete.",
    ),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(
          DELETE_LINE_ITEM_CURATED_CATEGORY_CALL.endpoint,
          params,
        );
        return deleted(
          LineItemCuratedCategoryRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
