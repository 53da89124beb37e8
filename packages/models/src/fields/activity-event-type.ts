import { z } from "zod";
import { ACTIVITY_EVENT_TYPES, deprecatedEventTypeProblem } from "../resources/activity.js";

/**
 * spec §6 event type parameter: one of the dot-separated names. A deprecated PascalCase name
 * is refused with a message saying so and naming its replacement (spec §9, 18 March 2026);
 * any other value gets the usual "must be one of".
 */
export function activityEventType() {
  return z.enum(ACTIVITY_EVENT_TYPES, {
    error: (issue) => deprecatedEventTypeProblem(issue.input),
  });
}
