import { z } from "zod";
import { text } from "../fields/text.js";

/**
 * spec §4.6 audience_estimate: "targeting criteria" are not shown (§4.2), so the types are the
 * vendor's targeting types that describe who sees an ad. An unknown type is a 400 naming it,
 * rather than a criterion silently counted as nothing.
 */
export const TARGETING_TYPES = [
  // primary: each one alone describes an audience
  "LOCATION",
  "PLATFORM",
  "FOLLOWERS_OF_USER",
  "SIMILAR_TO_FOLLOWERS_OF_USER",
  "INTEREST",
  "BROAD_KEYWORD",
  "PHRASE_KEYWORD",
  "EXACT_KEYWORD",
  "UNORDERED_KEYWORD",
  "CONVERSATION",
  "EVENT",
  "CUSTOM_AUDIENCE",
  "TV_SHOW",
  // secondary: they only narrow an audience described by a primary criterion
  "AGE",
  "GENDER",
  "LANGUAGE",
  "DEVICE",
  "PLATFORM_VERSION",
  "NETWORK_OPERATOR",
  "NETWORK_ACTIVATION_DURATION",
  "WIFI_ONLY",
] as const;
export type TargetingType = (typeof TARGETING_TYPES)[number];

/**
 * spec §4.6: "at least one primary criterion" — which ones are primary is not shown. Primary
 * here: the types that name a population by where it is, what it uses, whom it follows or what
 * it talks about. Demographics, languages and device details are secondary: they narrow.
 */
export const PRIMARY_TARGETING_TYPES: readonly TargetingType[] = TARGETING_TYPES.slice(
  0,
  TARGETING_TYPES.indexOf("AGE"),
);

export const OPERATOR_TYPES = ["EQ", "NE"] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];
export const operatorTypeSchema = z.enum(OPERATOR_TYPES);

/**
 * One criterion of the JSON body. Its own `operator_type` (the vendor's form) wins over the
 * request's; NE excludes the matching users.
 */
export const targetingCriterionSchema = z.strictObject({
  targeting_type: z.enum(TARGETING_TYPES),
  // no length of its own (spec §4.6 shows none): the input scan caps every string
  targeting_value: text({ min: 1 }),
  operator_type: operatorTypeSchema.optional(),
});
export type TargetingCriterion = z.output<typeof targetingCriterionSchema>;

/** The operator a criterion applies: its own, else the request's, else EQ (spec §4.6 default). */
export function effectiveOperator(
  criterion: { readonly operator_type?: OperatorType | undefined },
  requestOperator: OperatorType | undefined,
): OperatorType {
  return criterion.operator_type ?? requestOperator ?? "EQ";
}
