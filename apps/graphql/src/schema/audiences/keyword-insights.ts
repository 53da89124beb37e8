import { LIMITS } from "@adsgraph/models";
import type { KeywordInsight } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { eachRule, fetchedBy } from "../../cost/fetch-rule.js";

const KeywordGranularityEnum = builder.enumType("KeywordInsightGranularity", {
  description: "The step of a keyword-insights series: one post volume per day or per hour.",
  values: {
    DAY: { value: "DAY", description: "One post volume per day of the window." },
    HOUR: { value: "HOUR", description: "One post volume per hour of the window." },
  } as const,
});

const KeywordInsightsInput = builder.inputType("KeywordInsightsInput", {
  description:
    `What to look up: at most ${LIMITS.keywordInsights.keywords} keywords and negative ` +
    `keywords together, over at most ${LIMITS.keywordInsights.windowDays} days, in one ` +
    "country. Input breaking these rules is a BAD_USER_INPUT error naming the field.",
  fields: (t) => ({
    granularity: t.field({
      type: KeywordGranularityEnum,
      required: true,
      description: "One post volume per day or per hour of the window.",
    }),
    keywords: t.stringList({
      required: true,
      description: "Keywords or short phrases, OR-combined.",
    }),
    negativeKeywords: t.stringList({ description: "Posts with these are not counted." }),
    startTime: t.field({
      type: "DateTime",
      required: true,
      description: "Start of the window (ISO 8601, UTC).",
    }),
    endTime: t.field({
      type: "DateTime",
      description: "End of the window (ISO 8601, UTC); now when left out.",
    }),
    location: t.string({
      description:
        "A country: its ISO 3166-1 alpha-2 code (e.g. GB) or its country-level targeting " +
        "value (e.g. 96683cc9126741d1, the US), as a location criterion takes it; default US.",
    }),
  }),
});

const KeywordInsightsRef = builder.objectRef<KeywordInsight>("KeywordInsights").implement({
  description: "How often keywords were posted over a window, and keywords seen with them.",
  fields: (t) => ({
    postVolumes: t.intList({
      description:
        "How many posts used the keywords (a count), one per day or hour of the window, " +
        "oldest first; related keywords are not counted.",
      resolve: (insight) => insight.post_volume,
    }),
    relatedKeywords: t.stringList({
      description: `Up to ${LIMITS.keywordInsights.relatedKeywords} keywords seen with them.`,
      resolve: (insight) => insight.related_keywords,
    }),
  }),
});

/** A call each time the field resolves; none when rest-client refuses the input first. */
const KEYWORD_INSIGHTS = eachRule("insights.keywords.search", { optional: true });

builder.queryFields((t) => ({
  keywordInsights: t.field({
    ...fetchedBy(KEYWORD_INSIGHTS),
    type: KeywordInsightsRef,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "Post volumes and related keywords for a few keywords in one country; null with an " +
      "error when the look-up fails.",
    args: {
      input: t.arg({
        type: KeywordInsightsInput,
        required: true,
        description: "The keywords, window and country.",
      }),
    },
    resolve: async (_root, { input }, { upstream }) =>
      (
        await upstream.call("insights.keywords.search", {
          granularity: input.granularity,
          keywords: input.keywords,
          start_time: input.startTime,
          ...(input.endTime != null && { end_time: input.endTime }),
          ...(input.location != null && { location: input.location }),
          ...(input.negativeKeywords != null && { negative_keywords: input.negativeKeywords }),
        })
      ).data,
  }),
}));
