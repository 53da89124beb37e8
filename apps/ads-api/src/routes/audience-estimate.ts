import type { AdsHandlers } from "./ads-route.js";
import { estimateAudience } from "../services/audience-estimate.js";
import { single } from "../services/results.js";

/** spec §4.6 audience estimate: a function of the criteria alone (no storage). */
export const audienceEstimateHandlers: AdsHandlers = {
  "audience_estimate.estimate": (call) =>
    Promise.resolve(
      single(
        estimateAudience(call.params.targeting_criteria, call.params.operator_type),
        "audience_estimate",
      ),
    ),
};
