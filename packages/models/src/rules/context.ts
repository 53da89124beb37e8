import type { z } from "zod";
import { booleanWord } from "../fields/booleans.js";

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

let current: RuleContext = defaultRuleContext;

/**
 * The context of the parse running now (`withRuleContext`), else the default. Each endpoint's
 * schema is built once over this context: building one per request for a request's clock cost
 * ads-api ~7% of a list's CPU. Rules read it lazily, during the parse.
 */
export const ambientRuleContext: RuleContext = {
  now: () => current.now(),
  mediaKind: (mediaKey) => current.mediaKind(mediaKey),
};

/**
 * Runs a synchronous parse with `context` as the ambient one. Safe because zod's `safeParse`
 * runs to completion before any other JavaScript: no other request can see this context.
 */
export function withRuleContext<T>(context: RuleContext, run: () => T): T {
  const previous = current;
  current = context;
  try {
    return run();
  } finally {
    current = previous;
  }
}

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

/** True for `true` and for the query-string word `"true"` in any letter case. */
export function isTrue(value: unknown): boolean {
  return booleanWord(value) === true;
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
