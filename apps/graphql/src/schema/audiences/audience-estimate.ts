import { OPERATOR_TYPES, TARGETING_TYPES } from "@adsgraph/models";
import type { AudienceEstimate } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { rethrowAsFacadeError } from "../../errors/to-facade-error.js";
import { AccountRef } from "../accounts/account.js";
import { inputPath } from "../../fields/mutations.js";
import { closedEnum } from "../common/enums.js";

export const TargetingTypeEnum = closedEnum("TargetingType", {
  description:
    "What a targeting criterion matches (spec §4.6). Primary types (LOCATION to TV_SHOW) " +
    "describe an audience alone; AGE to WIFI_ONLY only narrow one.",
  values: TARGETING_TYPES,
});

export const TargetingOperatorEnum = closedEnum("TargetingOperator", {
  description: "EQ includes the users a criterion matches, NE excludes them.",
  values: OPERATOR_TYPES,
});

const TargetingCriterionInput = builder.inputType("TargetingCriterionInput", {
  fields: (t) => ({
    targetingType: t.field({ type: TargetingTypeEnum, required: true }),
    targetingValue: t.string({ required: true, description: "1 to 255 characters." }),
    operatorType: t.field({
      type: TargetingOperatorEnum,
      description: "This criterion's own operator; default the targeting's.",
    }),
  }),
});

const AudienceTargetingInput = builder.inputType("AudienceTargetingInput", {
  description:
    "Targeting criteria of an audience estimate (spec §4.6): at least one primary criterion " +
    "that includes (EQ).",
  fields: (t) => ({
    criteria: t.field({ type: [TargetingCriterionInput], required: true }),
    operatorType: t.field({
      type: TargetingOperatorEnum,
      description: "Operator of criteria that name none (default EQ).",
    }),
  }),
});

type AudienceSize = NonNullable<AudienceEstimate["audience_size"]>;

const AudienceEstimateRef = builder.objectRef<AudienceSize>("AudienceEstimate").implement({
  description: "How many users the targeting reaches, as a range (spec §4.6 audience_estimate).",
  fields: (t) => ({
    min: t.int({ resolve: (size) => size.min }),
    max: t.int({ resolve: (size) => size.max }),
  }),
});

// Violations name the GraphQL argument (`targeting.criteria[0].targetingValue`), not the wire.
const targetingFields = inputPath({
  targeting_criteria: "targeting.criteria",
  operator_type: "operatorType",
});

builder.objectFields(AccountRef, (t) => ({
  audienceEstimate: t.field({
    type: AudienceEstimateRef,
    nullable: true,
    description:
      "The audience size these criteria reach in this account. Checked against the spec's " +
      "rules before sending; null with a BAD_USER_INPUT error naming the argument otherwise.",
    args: { targeting: t.arg({ type: AudienceTargetingInput, required: true }) },
    resolve: async (account, { targeting }, { upstream }) => {
      try {
        const { data } = await upstream.call("audience_estimate.estimate", {
          account_id: account.id,
          targeting_criteria: targeting.criteria.map((criterion) => ({
            targeting_type: criterion.targetingType,
            targeting_value: criterion.targetingValue,
            ...(criterion.operatorType != null && { operator_type: criterion.operatorType }),
          })),
          ...(targeting.operatorType != null && { operator_type: targeting.operatorType }),
        });
        return data.audience_size ?? null;
      } catch (error) {
        return rethrowAsFacadeError(error, targetingFields);
      }
    },
  }),
}));
