import type { Catalog, EndpointId } from "./catalog/catalog.js";
import { getEndpoint } from "./catalog/catalog.js";
import type { AnyEndpoint, EndpointParsedParams } from "./catalog/endpoint.js";
import { ValidationError } from "./errors.js";
import { scanInput } from "./input-scan.js";
import { issueToViolations } from "./issue-to-violation.js";
import { LIMITS } from "./limits.js";
import type { MediaKindResolver, RuleContext } from "./rules/context.js";
import { defaultRuleContext, withRuleContext } from "./rules/context.js";
import type { Violation } from "./violations.js";

export interface ValidateOptions {
  /** The moment rules relative to now use (§4.8 keyword window, do-not-reach expiry). */
  readonly now?: Date;
  /** Kinds of media-library keys for §8 media per post. */
  readonly mediaKind?: MediaKindResolver;
}

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly violations: readonly Violation[] };

/** The options as a rule context, or undefined when the default one applies. */
function contextOf(options: ValidateOptions): RuleContext | undefined {
  if (options.now === undefined && options.mediaKind === undefined) return undefined;
  const { now } = options;
  return {
    now: now === undefined ? defaultRuleContext.now : () => new Date(now.getTime()),
    mediaKind: options.mediaKind ?? defaultRuleContext.mediaKind,
  };
}

/**
 * Checks a request's parameters (wire names, as the caller or the HTTP layer has them) and
 * reports every violation at once (up to `LIMITS.input.violations`). On success `value` holds
 * the normalised parameters: id lists as arrays, booleans and integers as such, timestamps as
 * wire strings. A value over a hard size cap, a name or string the database cannot hold, or
 * `__proto__` as a name is refused by a first linear scan (`input-scan.ts`), alone.
 */
export function validateParams<Id extends EndpointId>(
  id: Id,
  params: unknown,
  options?: ValidateOptions,
): ValidationResult<EndpointParsedParams<Catalog[Id]>>;
export function validateParams<E extends AnyEndpoint>(
  endpoint: E,
  params: unknown,
  options?: ValidateOptions,
): ValidationResult<EndpointParsedParams<E>>;
export function validateParams(
  endpointOrId: AnyEndpoint | string,
  params: unknown,
  options: ValidateOptions = {},
): ValidationResult<unknown> {
  const endpoint = typeof endpointOrId === "string" ? getEndpoint(endpointOrId) : endpointOrId;
  // Sizes, structure and unstorable text first: a hostile value costs one linear pass.
  const refused = scanInput(endpoint, params);
  if (refused.length > 0) return { ok: false, violations: refused };
  const context = contextOf(options);
  const parse = () => endpoint.params.safeParse(params, { reportInput: true });
  const result = context === undefined ? parse() : withRuleContext(context, parse);
  if (result.success) return { ok: true, value: result.data };
  const topLevel = new Set(Object.keys(endpoint.locations));
  const personal = new Set(endpoint.personalData);
  return {
    ok: false,
    violations: result.error.issues
      .flatMap((issue) => issueToViolations(issue, topLevel, personal))
      .slice(0, LIMITS.input.violations),
  };
}

/** Like validateParams, but returns the value or throws a ValidationError with all violations. */
export function parseParams<Id extends EndpointId>(
  id: Id,
  params: unknown,
  options?: ValidateOptions,
): EndpointParsedParams<Catalog[Id]>;
export function parseParams<E extends AnyEndpoint>(
  endpoint: E,
  params: unknown,
  options?: ValidateOptions,
): EndpointParsedParams<E>;
export function parseParams(
  endpointOrId: AnyEndpoint | string,
  params: unknown,
  options: ValidateOptions = {},
): unknown {
  const endpoint = typeof endpointOrId === "string" ? getEndpoint(endpointOrId) : endpointOrId;
  const result = validateParams(endpoint, params, options);
  if (!result.ok) throw new ValidationError(endpoint.id, result.violations);
  return result.value;
}
