import { OPERATOR_TYPES, TARGETING_TYPES } from "@adsgraph/models";
import { rejectErrors } from "@pothos/plugin-dataloader";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../../builder.js";
import {
  connectionComplexity,
  connectionOfAll,
  connectionType,
  pageArgs,
} from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy } from "../../fields/mutations.js";
import { serves } from "../../fields/serves.js";
import { entityKey } from "../../loaders/keys.js";
import type { TargetingCriterionShape } from "../../loaders/service-loaders.js";
import { AccountRef } from "../accounts/account.js";
import { TargetingOperatorEnum, TargetingTypeEnum } from "../audiences/audience-estimate.js";
import { knownValue } from "../common/enums.js";
import { LineItemRef } from "./line-item.js";

import { childrenRule, fetchedBy } from "../../cost/fetch-rule.js";

/** A line item's criteria, read by `line_item_ids` for every line item asking together. */
const CRITERIA_OF_LINE_ITEM = childrenRule("targeting_criteria.list", "line_item_ids");

export const TargetingCriterionRef =
  builder.objectRef<TargetingCriterionShape>("TargetingCriterion");

builder.node(TargetingCriterionRef, {
  ...serves("targeting_criteria.get"),
  description:
    "One rule of whom a line item shows to: a location, keyword, interest, custom audience " +
    "and so on. A line item's criteria together describe its audience.",
  id: {
    description: "The criterion's global id: what `node(id:)` and deleteTargetingCriterion take.",
    resolve: (c) => entityKey(c.account_id, c.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.targetingCriterion.loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The criterion's own id in the ads service.",
      resolve: (c) => c.id,
    }),
    targetingType: t.field({
      type: TargetingTypeEnum,
      nullable: true,
      description:
        "What the criterion matches; null for a kind this API does not know yet (see " +
        "targetingTypeRaw).",
      resolve: (c) => knownValue(TARGETING_TYPES, c.targeting_type),
    }),
    targetingTypeRaw: t.string({
      description: "What the criterion matches, exactly as the ads service names it.",
      resolve: (c) => c.targeting_type,
    }),
    targetingValue: t.string({
      description:
        "The value matched, in the form its targeting type takes (a location key, a keyword, " +
        "a custom audience's id...).",
      resolve: (c) => c.targeting_value,
    }),
    operatorType: t.field({
      type: TargetingOperatorEnum,
      nullable: true,
      description:
        "EQ: the line item shows to the people matched; NE: it excludes them. Null for an " +
        "operator this API does not know yet.",
      resolve: (c) => knownValue(OPERATOR_TYPES, c.operator_type),
    }),
    lineItemRawId: t.string({
      description: "The targeted line item's id as the ads service names it.",
      resolve: (c) => c.line_item_id,
    }),
    lineItem: t.field({
      type: LineItemRef,
      nullable: true,
      description: "The line item this criterion targets; null with an error if it is gone.",
      resolve: (c, _args, { loaders }) =>
        loaders.byId("line_items.get").load(entityKey(c.account_id, c.line_item_id)),
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The account the criterion belongs to.",
      resolve: (c, _args, { loaders }) => loaders.account.load(c.account_id),
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When the criterion was added.",
      resolve: (c) => c.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When the criterion last changed.",
      resolve: (c) => c.updated_at,
    }),
    deleted: t.boolean({
      description: "True once the criterion was removed (it then targets nothing).",
      resolve: (c) => c.deleted,
    }),
  }),
});

const TargetingCriterionConnection = connectionType(
  "TargetingCriterion",
  TargetingCriterionRef,
  "Targeting criteria of a line item.",
);

builder.objectFields(LineItemRef, (t) => ({
  targetingCriteria: t.field({
    ...fetchedBy(CRITERIA_OF_LINE_ITEM),
    type: TargetingCriterionConnection,
    nullable: true,
    description:
      "Whom the line item shows to: its live targeting criteria, in the order they were " +
      "added.",
    complexity: connectionComplexity,
    args: pageArgs(t.arg),
    resolve: (lineItem, args, { loaders }) =>
      connectionOfAll(args, CRITERIA_OF_LINE_ITEM.maxCount, async () =>
        (
          await loaders.targetingCriteriaOfLineItem.load(
            entityKey(lineItem.account_id, lineItem.id),
          )
        ).filter((criterion) => !criterion.deleted),
      ),
  }),
}));

const create = mutationArgs("targeting_criteria.create", {
  describe: {
    account_id: "The `id` of the account of the line item.",
    line_item_id: "The `id` of the line item to target.",
    targeting_type: "What the new criterion matches.",
    targeting_value:
      "The value to match, in the form the targeting type takes (for CUSTOM_AUDIENCE a " +
      "custom audience's rawId the account may target).",
    operator_type: "EQ (default) to show to the people matched, NE to exclude them.",
  },
});
const remove = mutationArgs("targeting_criteria.delete", {
  globalIds: { targeting_criterion_id: TargetingCriterionRef },
  describe: { targeting_criterion_id: "The `id` of the criterion to remove." },
});

const CreateTargetingCriterionInput = builder.inputType("CreateTargetingCriterionInput", {
  description: "A new targeting criterion of a line item.",
  fields: create.fields,
});
const DeleteTargetingCriterionInput = builder.inputType("DeleteTargetingCriterionInput", {
  description: "The targeting criterion to remove.",
  fields: remove.fields,
});

const CreatePayload = builder
  .objectRef<{ targetingCriterion: TargetingCriterionShape }>("CreateTargetingCriterionPayload")
  .implement({
    description: "The criterion added, and the line item it now targets.",
    fields: (t) => ({
      targetingCriterion: t.field({
        type: TargetingCriterionRef,
        description: "The new criterion.",
        resolve: (r) => r.targetingCriterion,
      }),
      lineItem: t.field({
        type: LineItemRef,
        nullable: true,
        description: "The line item it targets.",
        resolve: ({ targetingCriterion: c }, _args, { loaders }) =>
          loaders.byId("line_items.get").load(entityKey(c.account_id, c.line_item_id)),
      }),
    }),
  });

const DeletePayload = builder
  .objectRef<{ targetingCriterion: TargetingCriterionShape }>("DeleteTargetingCriterionPayload")
  .implement({
    description: "The criterion removed.",
    fields: (t) => ({
      targetingCriterion: t.field({
        type: TargetingCriterionRef,
        description: "The criterion as it is now, with deleted true.",
        resolve: (r) => r.targetingCriterion,
      }),
      deletedId: t.id({
        description: "The `id` of the criterion removed (evict it from a cache).",
        resolve: ({ targetingCriterion: c }) =>
          encodeGlobalID("TargetingCriterion", entityKey(c.account_id, c.id)),
      }),
    }),
  });

builder.mutationFields((t) => ({
  createTargetingCriterion: t.field({
    type: CreatePayload,
    description:
      "Adds a targeting criterion to a line item. A CUSTOM_AUDIENCE criterion must name an " +
      "audience the account owns or was granted.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateTargetingCriterion"),
    args: {
      input: t.arg({
        type: CreateTargetingCriterionInput,
        required: true,
        description: "The line item and what to match.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("targeting_criteria.create", params);
        const targetingCriterion = ownedBy(data, params.account_id);
        loaders.targetingCriteriaOfLineItem.clear?.(
          entityKey(params.account_id, params.line_item_id),
        );
        return { targetingCriterion };
      }, create.fieldOf),
  }),
  deleteTargetingCriterion: t.field({
    type: DeletePayload,
    description: "Removes a targeting criterion from its line item.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteTargetingCriterion"),
    args: {
      input: t.arg({
        type: DeleteTargetingCriterionInput,
        required: true,
        description: "The criterion to remove.",
      }),
    },
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("targeting_criteria.delete", params);
        loaders.targetingCriteriaOfLineItem.clear?.(
          entityKey(params.account_id, data.line_item_id),
        );
        return { targetingCriterion: ownedBy(data, params.account_id) };
      }, remove.fieldOf),
  }),
}));
