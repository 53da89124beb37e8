import { createHash } from "node:crypto";

/** JSON as stored in a snapshot body. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** JSON text with object keys sorted at every level: equal content, equal text. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the canonical JSON: a new snapshot version is written only when this changes. */
export function contentHash(body: JsonValue): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

/** Top-level fields whose value differs between two versions of a body, sorted. */
export function changedFields(before: JsonObject | null, after: JsonObject): string[] {
  if (before === null) return Object.keys(after).sort();
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => canonicalJson(before[key] ?? null) !== canonicalJson(after[key] ?? null))
    .sort();
}
