/**
 * A property read by a name known only at run time (a field of an answer the catalog does not
 * type), as `unknown` for the caller to narrow: what `(value as Record<string, unknown>)[name]`
 * read, without the cast.
 */
export function propertyOf(value: object, name: string): unknown {
  return Reflect.get(value, name);
}

/** Whether `value` is an object whose `name` property is `expected` (an isTypeOf's test). */
export function hasProperty(value: unknown, name: string, expected: unknown): boolean {
  return typeof value === "object" && value !== null && propertyOf(value, name) === expected;
}

/** A text property as the answer gives it, or null when it is absent or not text. */
export function textOf(value: object, name: string): string | null {
  const found = propertyOf(value, name);
  return typeof found === "string" ? found : null;
}
