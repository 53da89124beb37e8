import type { z } from "zod";

/** spec §8 media per post: how a media key's kind is known. */
export type MediaKind = "image" | "gif" | "video";

/** Answers the kind of a media-library key, or undefined when unknown. */
export type MediaKindResolver = (mediaKey: string) => MediaKind | undefined;

/**
 * What rules may need beyond the parameters: a clock for rules relative to now (§4.8
 * keyword window end default, do-not-reach expiry) and a media-kind lookup (§8 media per post).
 */
export interface RuleContext {
  readonly now: () => Date;
  readonly mediaKind: MediaKindResolver;
}

export const defaultRuleContext: RuleContext = {
  now: () => new Date(),
  mediaKind: () => undefined,
};

/**
 * A rule across several parameters of one request. It also runs when some fields already
 * failed, so it reads `params` defensively (a failed field holds its raw input).
 */
export type Rule = (
  params: Readonly<Record<string, unknown>>,
  ctx: z.RefinementCtx,
  context: RuleContext,
) => void;

/** True for a present value: not undefined, null or the empty string. */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** True for `true` and for the query-string word `"true"`. */
export function isTrue(value: unknown): boolean {
  return value === true || value === "true";
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
