import { LIMITS } from "@adsgraph/models";
import type { KeywordInsight } from "@adsgraph/models";
import { builder } from "../../builder.js";

const KeywordGranularityEnum = builder.enumType("KeywordInsightGranularity", {
  description: "spec §4.8: one post volume per day or per hour of the window.",
  values: ["DAY", "HOUR"] as const,
});

const KeywordInsightsInput = builder.inputType("KeywordInsightsInput", {
  description:
    `spec §4.8 keyword insights: at most ${LIMITS.keywordInsights.keywords} keywords and ` +
    `negative keywords together, over at most ${LIMITS.keywordInsights.windowDays} days, in ` +
    "one country. Checked against these rules before anything is asked.",
  fields: (t) => ({
    granularity: t.field({ type: KeywordGranularityEnum, required: true }),
    keywords: t.stringList({
      required: true,
      description: "Keywords or short phrases, OR-combined.",
    }),
    negativeKeywords: t.stringList({ description: "Posts with these are not counted." }),
    startTime: t.field({ type: "DateTime", required: true }),
    endTime: t.field({ type: "DateTime", description: "Default now." }),
    location: t.string({
      description: "A country (ISO 3166-1 alpha-2 code, e.g. GB); default US.",
    }),
  }),
});

const KeywordInsightsRef = builder.objectRef<KeywordInsight>("KeywordInsights").implement({
  description: "spec §2.10 keyword insight result.",
  fields: (t) => ({
    postVolumes: t.intList({
      description:
        "Posts with the keywords per granularity step of the window, in order (the input " +
        "keywords only).",
      resolve: (insight) => insight.post_volume,
    }),
    relatedKeywords: t.stringList({
      description: `Up to ${LIMITS.keywordInsights.relatedKeywords} keywords seen with them.`,
      resolve: (insight) => insight.related_keywords,
    }),
  }),
});

builder.queryFields((t) => ({
  keywordInsights: t.field({
    type: KeywordInsightsRef,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "Post volumes and related keywords for a few keywords (spec §4.8 " +
      "`GET /12/insights/keywords/search`).",
    args: { input: t.arg({ type: KeywordInsightsInput, required: true }) },
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
