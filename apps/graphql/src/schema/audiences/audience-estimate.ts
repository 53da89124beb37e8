import { OPERATOR_TYPES, TARGETING_TYPES } from "@adsgraph/models";
import type { AudienceEstimate } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { rethrowAsFacadeError } from "../../errors/to-facade-error.js";
import { AccountRef } from "../accounts/account.js";
import { inputPath } from "../../fields/mutations.js";
import { closedEnum } from "../common/enums.js";
import { eachRule, fetchedBy } from "../../cost/fetch-rule.js";

export const TargetingTypeEnum = closedEnum("TargetingType", {
  description:
    "What a targeting criterion matches. Primary types (LOCATION to TV_SHOW) describe an " +
    "audience alone; AGE to WIFI_ONLY only narrow one.",
  values: TARGETING_TYPES,
  describe: {
    LOCATION: "People in a place (primary).",
    PLATFORM: "People on a platform, such as iOS or Android (primary).",
    FOLLOWERS_OF_USER: "People who follow a user (primary).",
    SIMILAR_TO_FOLLOWERS_OF_USER: "People like the followers of a user (primary).",
    INTEREST: "People with an interest (primary).",
    BROAD_KEYWORD: "People who used words of a keyword, in any order or form (primary).",
    PHRASE_KEYWORD: "People who used a keyword's words in that order (primary).",
    EXACT_KEYWORD: "People who used exactly a keyword (primary).",
    UNORDERED_KEYWORD: "People who used all of a keyword's words, in any order (primary).",
    CONVERSATION: "People taking part in a conversation topic (primary).",
    EVENT: "People interested in an event (primary).",
    CUSTOM_AUDIENCE: "People in a custom audience (primary).",
    TV_SHOW: "People who engage with a TV show (primary).",
    AGE: "People in an age bracket (narrows only).",
    GENDER: "People of a gender (narrows only).",
    LANGUAGE: "People who speak a language (narrows only).",
    DEVICE: "People using a device model (narrows only).",
    PLATFORM_VERSION: "People on an operating-system version (narrows only).",
    NETWORK_OPERATOR: "People on a mobile carrier (narrows only).",
    NETWORK_ACTIVATION_DURATION:
      "People by how long ago they joined their mobile carrier (narrows only).",
    WIFI_ONLY: "People on Wi-Fi only (narrows only).",
  },
});

export const TargetingOperatorEnum = closedEnum("TargetingOperator", {
  description: "Whether a criterion keeps or leaves out the people it matches.",
  values: OPERATOR_TYPES,
  describe: {
    EQ: "Include the people the criterion matches.",
    NE: "Exclude the people the criterion matches.",
  },
});

const TargetingCriterionInput = builder.inputType("TargetingCriterionInput", {
  description: "One targeting criterion: a kind of match and the value it matches.",
  fields: (t) => ({
    targetingType: t.field({
      type: TargetingTypeEnum,
      required: true,
      description: "What the criterion matches.",
    }),
    targetingValue: t.string({
      required: true,
      description:
        "The value to match for that type (a location key, a user id, a keyword, ...): 1 to 255 " +
        "characters.",
    }),
    operatorType: t.field({
      type: TargetingOperatorEnum,
      description: "Whether this criterion includes or excludes; left out, the targeting's.",
    }),
  }),
});

const AudienceTargetingInput = builder.inputType("AudienceTargetingInput", {
  description:
    "Targeting criteria of an audience estimate: at least one primary criterion that " +
    "includes (EQ).",
  fields: (t) => ({
    criteria: t.field({
      type: [TargetingCriterionInput],
      required: true,
      description: "The criteria; people must match them all.",
    }),
    operatorType: t.field({
      type: TargetingOperatorEnum,
      description: "Operator of criteria that name none (default EQ).",
    }),
  }),
});

type AudienceSize = NonNullable<AudienceEstimate["audience_size"]>;

const AudienceEstimateRef = builder.objectRef<AudienceSize>("AudienceEstimate").implement({
  description: "How many people the targeting reaches, as a range.",
  fields: (t) => ({
    min: t.int({
      description: "The fewest people it may reach (a count).",
      resolve: (size) => size.min,
    }),
    max: t.int({
      description: "The most people it may reach (a count).",
      resolve: (size) => size.max,
    }),
  }),
});

// Violations name the GraphQL argument (`targeting.criteria[0].targetingValue`), not the wire.
const targetingFields = inputPath({
  targeting_criteria: "targeting.criteria",
  operator_type: "operatorType",
});

/** A call each time the field resolves; none when rest-client refuses the criteria first. */
const ESTIMATE = eachRule("audience_estimate.estimate", { optional: true });

builder.objectFields(AccountRef, (t) => ({
  audienceEstimate: t.field({
    ...fetchedBy(ESTIMATE),
    type: AudienceEstimateRef,
    nullable: true,
    description:
      "How many people these criteria reach in this account. Criteria that break the rules " +
      "give null with a BAD_USER_INPUT error naming the argument path; null also when no " +
      "estimate is available.",
    args: {
      targeting: t.arg({
        type: AudienceTargetingInput,
        required: true,
        description: "The targeting to estimate.",
      }),
    },
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
