import type { HeaderMap } from "@apollo/server";
import { getDirectiveValues, type GraphQLSchema, type OperationDefinitionNode } from "graphql";

/** Request headers of the cost options (issue 35; docs in the `@cost` directive's description). */
export const COST_HEADERS = {
  /** `true`: answer the plan only (`extensions.cost`, mode "explain"), send nothing upstream. */
  explain: "x-adsgraph-explain",
  /** Whole seconds (0-900): wait up to this long for a spent window's reset instead of a refusal. */
  wait: "x-adsgraph-cost-wait",
} as const;

/** The longest wait a request may ask for: one upstream window (15 minutes). */
export const MAX_COST_WAIT_SECONDS = 900;

export interface CostOptions {
  readonly explain: boolean;
  readonly waitSeconds: number;
}

export type CostOptionsResult =
  | { readonly ok: true; readonly options: CostOptions }
  | { readonly ok: false; readonly problem: string };

function headerWait(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^\d{1,6}$/.test(trimmed))
    return `${COST_HEADERS.wait} must be a whole number of seconds (0-${MAX_COST_WAIT_SECONDS})`;
  return Number(trimmed);
}

function headerExplain(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().toLowerCase();
  if (trimmed === "true") return true;
  if (trimmed === "false") return false;
  return `${COST_HEADERS.explain} must be true or false`;
}

/**
 * The cost options of a request: the operation's `@cost` directive wins over the headers
 * (it is part of the document the caller wrote); waits are capped at 15 minutes.
 */
export function costOptionsOf(
  headers: HeaderMap | undefined,
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): CostOptionsResult {
  const wait = headerWait(headers?.get(COST_HEADERS.wait));
  const explain = headerExplain(headers?.get(COST_HEADERS.explain));
  if (typeof wait === "string") return { ok: false, problem: wait };
  if (typeof explain === "string") return { ok: false, problem: explain };
  const directive = schema.getDirective("cost");
  const values = directive && getDirectiveValues(directive, operation, variables);
  const waitSeconds = (values?.waitSeconds as number | null | undefined) ?? wait ?? 0;
  if (waitSeconds < 0)
    return { ok: false, problem: "@cost(waitSeconds:) must be 0 or more seconds" };
  return {
    ok: true,
    options: {
      explain: (values?.explain as boolean | null | undefined) ?? explain ?? false,
      waitSeconds: Math.min(waitSeconds, MAX_COST_WAIT_SECONDS),
    },
  };
}
