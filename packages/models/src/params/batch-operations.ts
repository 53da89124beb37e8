import { z } from "zod";
import type { AnyEndpoint } from "../catalog/endpoint.js";
import { BATCH_OPERATION_TYPES } from "../envelopes.js";
import { WHEN_OBJECT, ruleIssue } from "../fields/issue.js";
import { ambientRuleContext, isPresent, isRecord } from "../rules/context.js";
import type { Rule } from "../rules/context.js";
import { adsId } from "../scalars.js";
import { VIOLATION_CODES } from "../violations.js";

/** What one operation type of a batch takes: the single call it stands for, and its rules. */
export interface BatchOperationKind {
  /** The single call (`campaigns.create`, `campaigns.update`): which names its items accept. */
  readonly endpoint: AnyEndpoint;
  /** Rules of that call over the item's params (paths relative to the params). */
  readonly rules?: readonly Rule[];
}

export interface BatchOperationsSpec<I extends string, F extends z.ZodRawShape> {
  /** The parameter naming the resource on Update and Delete items (`campaign_id`). */
  readonly idParam: I;
  /** Every field an item's params may hold, each optional, validated whatever the type. */
  readonly fields: F;
  readonly create: BatchOperationKind;
  readonly update: BatchOperationKind;
  /** Most operations in one request, and the message saying where that number comes from. */
  readonly max: number;
  readonly maxMessage: string;
}

/** An endpoint's parameter names; undefined when names are open. */
function closedNames(endpoint: AnyEndpoint): ReadonlySet<string> | undefined {
  const params = endpoint.params;
  if (!(params instanceof z.ZodObject) || !(params.def.catchall instanceof z.ZodNever)) {
    return undefined;
  }
  return new Set(Object.keys(params.shape));
}

/** The parameters an endpoint requires, but the account of its path. */
function requiredNames(endpoint: AnyEndpoint): readonly string[] {
  const params = endpoint.params;
  if (!(params instanceof z.ZodObject)) return [];
  const shape = params.shape as Readonly<Record<string, z.ZodType>>;
  return Object.entries(shape)
    .filter(([name, schema]) => name !== "account_id" && !schema.safeParse(undefined).success)
    .map(([name]) => name);
}

/** A refinement context whose issues land under `params` of the item checked. */
function underParams(ctx: z.RefinementCtx): z.RefinementCtx {
  return {
    ...ctx,
    addIssue: (issue) => {
      if (typeof issue === "string")
        ctx.addIssue({ code: "custom", message: issue, path: ["params"] });
      else ctx.addIssue({ ...issue, path: ["params", ...(issue.path ?? [])] });
    },
  };
}

/**
 * spec §4.5 batch (and the vendor's line-item batch): a JSON array of `{operation_type,
 * params}`, answered in input order. Each item's params are those of the single call it
 * stands for: a Create item what the create endpoint takes (open when it is open), an Update
 * item what the update endpoint takes, read-only fields included (update-rule.ts), a Delete
 * item the resource's id (anything else it holds is the object as read, and ignored).
 */
export function batchOperations<const I extends string, F extends z.ZodRawShape>(
  spec: BatchOperationsSpec<I, F>,
) {
  // The account is the batch's path: a Create item names none, an Update item may send back
  // the one it read (ads-api compares it, as every read-only field).
  const createNames = closedNames(spec.create.endpoint);
  const created = createNames && new Set([...createNames].filter((name) => name !== "account_id"));
  const updated = closedNames(spec.update.endpoint) ?? new Set<string>();
  const required = requiredNames(spec.create.endpoint);
  const id = { [spec.idParam]: adsId.optional() } as Record<I, z.ZodOptional<typeof adsId>>;

  const itemRules: Rule = (item, ctx) => {
    const params = isRecord(item.params) ? item.params : {};
    const type = item.operation_type;
    const inParams = underParams(ctx);
    if ((type === "Update" || type === "Delete") && !isPresent(params[spec.idParam])) {
      ruleIssue(
        ctx,
        VIOLATION_CODES.MISSING_PARAMETER,
        ["params", spec.idParam],
        `params.${spec.idParam} is required on ${type} operations`,
      );
    }
    const known = type === "Create" ? created : type === "Update" ? updated : undefined;
    if (known !== undefined) {
      for (const name of Object.keys(params)) {
        if (known.has(name)) continue;
        ruleIssue(
          ctx,
          VIOLATION_CODES.UNKNOWN_PARAMETER,
          ["params", name],
          `${name} is not a parameter of ${String(type)} operations`,
        );
      }
    }
    const kind = type === "Create" ? spec.create : type === "Update" ? spec.update : undefined;
    if (type === "Create") {
      for (const name of required) {
        if (params[name] === undefined) {
          ruleIssue(
            ctx,
            VIOLATION_CODES.MISSING_PARAMETER,
            ["params", name],
            `${name} is required`,
          );
        }
      }
    }
    for (const rule of kind?.rules ?? []) rule(params, inParams, ambientRuleContext);
  };

  return z
    .array(
      z
        .strictObject({
          operation_type: z.enum(BATCH_OPERATION_TYPES),
          params: z.looseObject({ ...id, ...spec.fields }),
        })
        .superRefine((item, ctx) => {
          itemRules(item, ctx, ambientRuleContext);
        }, WHEN_OBJECT),
    )
    .min(1, "must hold at least one operation")
    .max(spec.max, spec.maxMessage);
}
