import type { z } from "zod";
import type { ViolationCode } from "../violations.js";

/** Metadata on our own zod issues; `full` marks a message that already names its parameter. */
export interface IssueParams {
  readonly code: ViolationCode;
  readonly full?: boolean;
  /** For `full` messages: the path the rule reported, relative to the value it checked. */
  readonly relative?: readonly PropertyKey[];
}

/**
 * Reports a field-level problem. `predicate` completes "<parameter> ...", e.g.
 * "must be at most 255 characters (got 300)"; the parameter path is added when the issue
 * becomes a Violation.
 */
export function fieldIssue(ctx: z.RefinementCtx, code: ViolationCode, predicate: string): void {
  const params: IssueParams = { code };
  ctx.addIssue({ code: "custom", message: predicate, params });
}

/** Like `fieldIssue`, for a value below the checked one (`[2, "email", 0]`). */
export function fieldIssueAt(
  ctx: z.RefinementCtx,
  code: ViolationCode,
  path: readonly PropertyKey[],
  predicate: string,
): void {
  const params: IssueParams = { code };
  ctx.addIssue({ code: "custom", message: predicate, path: [...path], params });
}

/** Reports a rule about several fields: the message is complete, the path points at one field. */
export function ruleIssue(
  ctx: z.RefinementCtx,
  code: ViolationCode,
  path: readonly PropertyKey[],
  message: string,
): void {
  const params: IssueParams = { code, full: true, relative: path };
  ctx.addIssue({ code: "custom", message, path: [...path], params });
}

/**
 * Refinements that must also run when other fields already failed (every violation at
 * once), as long as the value is still an object / an array: a failed field keeps its raw
 * input, so rules read values defensively.
 */
export const WHEN_OBJECT = {
  when: (payload: { readonly value: unknown }): boolean =>
    typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
} as const;

export const WHEN_ARRAY = {
  when: (payload: { readonly value: unknown }): boolean => Array.isArray(payload.value),
} as const;
