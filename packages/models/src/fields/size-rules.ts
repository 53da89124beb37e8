import { z } from "zod";
import type { AnyEndpoint } from "../catalog/endpoint.js";

/**
 * How the input scan (`input-scan.ts`) bounds a top-level parameter before any other check,
 * so an absurd value costs one length test and nothing more.
 *
 * - `id`: machine values (ids, keys, cursors, credentials): at most `max` characters.
 * - `text`: words people type, limited in code points by the spec (a value of more than
 *   2 × max UTF-16 units cannot fit whatever it holds).
 * - `list`: comma lists / arrays of ids: at most `maxItems` items (null: the spec sets none),
 *   each bounded by `item`.
 * Only a value more than twice over its cap is stopped by the scan; one just over it goes on
 * to the field's own check, which reports it with every other violation.
 */
export type SizeRule =
  | { readonly kind: "id"; readonly max: number }
  | { readonly kind: "text"; readonly max: number }
  | {
      readonly kind: "list";
      readonly maxItems: number | null;
      readonly item: { readonly kind: "id"; readonly max: number };
    };

const rules = new WeakMap<z.ZodType, SizeRule>();

/** Records the size rule of a field schema and returns the schema. */
export function sized<T extends z.ZodType>(schema: T, rule: SizeRule): T {
  rules.set(schema, rule);
  return schema;
}

/** The size rule of a field, looking through `.optional()`, `.nullable()` and defaults. */
export function sizeRuleOf(schema: z.ZodType): SizeRule | undefined {
  let current: z.ZodType = schema;
  for (;;) {
    const rule = rules.get(current);
    if (rule !== undefined) return rule;
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault
    ) {
      current = current.unwrap() as z.ZodType;
    } else {
      return undefined;
    }
  }
}

/**
 * The most ids the id-list parameter `name` of `endpoint` takes in one request (spec §4.2: 200;
 * the §4.9 lookup: 100), read from the catalog's size rule; null when the spec sets no limit,
 * undefined when `name` is not an id list of the endpoint.
 */
export function idListMax(endpoint: AnyEndpoint, name: string): number | null | undefined {
  const { params } = endpoint;
  if (!(params instanceof z.ZodObject)) return undefined;
  const shape = params.shape as Readonly<Record<string, z.ZodType>>;
  const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
  const rule = field === undefined ? undefined : sizeRuleOf(field);
  return rule?.kind === "list" ? rule.maxItems : undefined;
}
