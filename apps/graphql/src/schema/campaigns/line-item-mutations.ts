import { builder } from "../../builder.js";
import { entityKey } from "../../loaders/keys.js";
import { LineItemRef } from "./line-item.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";

const DESCRIPTIONS = {
  name: "1 to 255 characters.",
  bid_amount_local_micro: "Micro units; required by bid strategies that bid an amount.",
  total_budget_amount_local_micro: "Micro units for the whole flight.",
  categories: "One or two advertiser business category ids: only, and required, for PREROLL_VIEWS.",
  advertiser_domain: "A domain name, e.g. example.com.",
};

const create = mutationArgs("line_items.create", {
  describe: {
    ...DESCRIPTIONS,
    product_type: "spec §4.4's product types (PROMOTED_TWEETS is only read, never created).",
  },
});
const update = mutationArgs("line_items.update", {
  globalIds: { line_item_id: LineItemRef },
  describe: DESCRIPTIONS,
});
const remove = mutationArgs("line_items.delete", { globalIds: { line_item_id: LineItemRef } });

const CreateLineItemInput = builder.inputType("CreateLineItemInput", {
  description:
    "A line item under a live campaign; its currency is the campaign's. Which placements a " +
    "product type allows is the placements reference data (Query.placements).",
  fields: create.fields,
});

const UpdateLineItemInput = builder.inputType("UpdateLineItemInput", {
  description: "Changes the given fields; campaign, objective, product type and placements stay.",
  fields: update.fields,
});

const LineItemPayload = (name: string, description: string) =>
  payload(name, "lineItem", LineItemRef, description);

builder.mutationFields((t) => ({
  createLineItem: t.field({
    type: LineItemPayload("CreateLineItem", "The new line item."),
    description:
      "Creates a line item under a campaign (beyond the spec). Checked against the catalog's " +
      "rules before sending.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateLineItem"),
    args: { input: t.arg({ type: CreateLineItemInput, required: true }) },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("line_items.create", params);
        const lineItem = ownedBy(data, params.account_id);
        loaders.lineItem.prime(entityKey(params.account_id, lineItem.id), lineItem);
        return { lineItem };
      }, create.fieldOf),
  }),
  updateLineItem: t.field({
    type: LineItemPayload("UpdateLineItem", "The line item as it is now."),
    description: "Changes the given fields of a line item (beyond the spec).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateLineItem"),
    args: { input: t.arg({ type: UpdateLineItemInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("line_items.update", params);
        return { lineItem: ownedBy(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteLineItem: t.field({
    type: LineItemPayload("DeleteLineItem", "The line item, now with deleted=true."),
    description: "Deletes a line item: a second delete is NotFoundError, as for campaigns.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteLineItem"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("line_items.delete", params);
        return { lineItem: ownedBy(data, params.account_id) };
      }, remove.fieldOf),
  }),
}));
