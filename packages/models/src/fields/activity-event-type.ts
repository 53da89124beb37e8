import { z } from "zod";
import {
  ACTIVITY_EVENT_TYPES,
  DEPRECATED_ACTIVITY_EVENT_TYPES,
  currentEventType,
} from "../resources/activity.js";
import type { ActivityEventType } from "../resources/activity.js";

/**
 * spec §6 event type parameter: one of the dot-separated names, or a deprecated PascalCase
 * alias (spec §9, 18 March 2026: deprecated, not removed), read as its dot form so only that
 * form is stored and answered. Any other value gets the usual "must be one of".
 */
export function activityEventType() {
  return z
    .enum([...ACTIVITY_EVENT_TYPES, ...DEPRECATED_ACTIVITY_EVENT_TYPES])
    .transform((value) => currentEventType(value) as ActivityEventType);
}
