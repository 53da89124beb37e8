import { z } from "zod";

/**
 * The boolean a wire value says, or undefined when it says none. Query strings carry the words
 * `true`/`false` in any letter case (`True` is how Python writes them, and the vendor's SDK
 * sends that); `yes`, `1` and the like are not booleans.
 */
export function booleanWord(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string" || value.length > "false".length) return undefined;
  const word = value.toLowerCase();
  return word === "true" ? true : word === "false" ? false : undefined;
}

/**
 * A boolean parameter: a real boolean or the word `true`/`false` in any letter case. A union
 * with a boolean, so that readers of the schema (the facade's input forms) see a boolean.
 */
export function flag() {
  // Typed as the two lower-case words a typed client sends; any letter case passes.
  const word = z.string().refine((value) => booleanWord(value) !== undefined, {
    error: "must be true or false",
  }) as unknown as z.ZodType<"true" | "false", "true" | "false">;
  return z
    .union([z.boolean(), word], { error: "must be true or false" })
    .transform((value) => booleanWord(value) === true);
}
