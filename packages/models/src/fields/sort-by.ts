import { z } from "zod";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";

const attributesBySchema = new WeakMap<z.ZodType, readonly string[]>();

/**
 * spec §4.2 `sort_by`: `<attribute>-asc` or `<attribute>-desc`, the attribute one of the
 * list's sortable attributes (a closed list per endpoint, so no name such as `__proto__` ever
 * reaches a server's lookup).
 */
export function sortBy(attributes: readonly [string, ...string[]]): z.ZodString {
  const allowed: ReadonlySet<string> = new Set(attributes);
  const rule = `must be <attribute>-asc or <attribute>-desc with attribute one of ${attributes.join(", ")}`;
  const schema = z.string({ error: "must be a string" }).superRefine((value, ctx) => {
    const dash = value.lastIndexOf("-");
    const direction = value.slice(dash + 1);
    const known = dash > 0 && allowed.has(value.slice(0, dash));
    if (!known || (direction !== "asc" && direction !== "desc")) {
      fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, rule);
    }
  });
  attributesBySchema.set(schema, attributes);
  return schema;
}

/** The sortable attributes of a `sort_by` field (through `.optional()`), or none. */
export function sortableOf(schema: unknown): readonly string[] {
  const inner: unknown = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  return inner instanceof z.ZodType ? (attributesBySchema.get(inner) ?? []) : [];
}
