import { currentEventType, formatPath } from "@adsgraph/models";
import type { ErrorEntry } from "../errors.js";
import { activityActionSchema } from "./activity-actions.js";
import type { ActivityAction } from "./activity-actions.js";

/**
 * Actions one POST /_admin/activity/events takes as a JSON array, stored in one transaction:
 * enough for a benchmark to drive 1,000 events per second in one request, and small enough
 * that one request's matching stays short.
 */
export const ACTIVITY_ACTIONS_MAX = 1000;

/**
 * The action with a deprecated PascalCase event name (spec §6: deprecated, not removed) read as
 * its dot form, the only form stored and delivered; anything else unchanged, for the schema
 * to judge.
 */
function withCurrentEventType(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const eventType = (input as Record<string, unknown>).event_type;
  const current = currentEventType(eventType);
  return current === undefined || current === eventType ? input : { ...input, event_type: current };
}

export type ParsedActions =
  | { readonly ok: true; readonly actions: ActivityAction[] }
  | { readonly ok: false; readonly errors: ErrorEntry[] };

function parseOne(input: unknown, path: readonly (string | number)[]): ParsedActions {
  const parsed = activityActionSchema.safeParse(withCurrentEventType(input));
  if (parsed.success) return { ok: true, actions: [parsed.data] };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const parameter = formatPath([...path, ...issue.path]);
      return {
        code: "INVALID_PARAMETER",
        message: `${parameter === "" ? "the action" : parameter}: ${issue.message}`,
        parameter: parameter === "" ? undefined : parameter,
      };
    }),
  };
}

/**
 * One simulated action (an object) or up to ACTIVITY_ACTIONS_MAX of them (an array), each
 * checked by services/activity-actions.ts. Any bad item refuses the whole body; its errors
 * name the item's index and field (`[3].text`). A deprecated PascalCase event name stands for
 * its dot form.
 */
export function parseActivityActions(body: unknown): ParsedActions {
  if (!Array.isArray(body)) return parseOne(body, []);
  if (body.length === 0 || body.length > ACTIVITY_ACTIONS_MAX) {
    return {
      ok: false,
      errors: [
        {
          code: "INVALID_PARAMETER",
          message: `the body must hold 1 to ${ACTIVITY_ACTIONS_MAX} actions (got ${body.length})`,
        },
      ],
    };
  }
  const actions: ActivityAction[] = [];
  const errors: ErrorEntry[] = [];
  body.forEach((item: unknown, index) => {
    const one = parseOne(item, [index]);
    if (one.ok) actions.push(...one.actions);
    else errors.push(...one.errors);
  });
  return errors.length === 0 ? { ok: true, actions } : { ok: false, errors };
}
