import type { AdsHandlers } from "./ads-route.js";
import { keywordInsight } from "../services/keyword-insights.js";
import { single } from "../services/results.js";

/**
 * spec §4.8 keyword insights: user context, belonging to no account, so any signed-in user may
 * ask (docs/rest-service.md "Roles"); answered in the single-resource envelope.
 */
export const keywordInsightHandlers: AdsHandlers = {
  "insights.keywords.search": async (call) =>
    Promise.resolve(single(keywordInsight(call.params, call.ctx.clock()))),
};
