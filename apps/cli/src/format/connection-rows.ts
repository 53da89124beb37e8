/** A Relay connection found in an answer: where it was, and its nodes. */
export interface FoundConnection {
  readonly path: readonly string[];
  readonly nodes: readonly unknown[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The first connection (an object with an `edges` list) in `data`, nearest the root first
 * (breadth-first), so `viewer.accounts` wins over the `campaigns` inside each account.
 */
export function findConnection(data: unknown): FoundConnection | undefined {
  const queue: { value: unknown; path: string[] }[] = [{ value: data, path: [] }];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const { value, path } = item;
    if (!isObject(value)) continue;
    if (Array.isArray(value.edges)) {
      return {
        path,
        nodes: value.edges.map((edge: unknown) => (isObject(edge) ? edge.node : undefined)),
      };
    }
    for (const [key, child] of Object.entries(value))
      queue.push({ value: child, path: [...path, key] });
  }
  return undefined;
}

/** A cell: scalars as text, null as empty, lists of scalars joined, anything else as JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  if (Array.isArray(value) && value.every((v) => !isObject(v) && !Array.isArray(v))) {
    return value.map(cell).join(", ");
  }
  return JSON.stringify(value);
}

/** `{ a: 1, b: { c: 2 } }` as `[["a", 1], ["b.c", 2]]`: nested objects become dotted columns. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isObject(value) && Object.keys(value).length > 0 && !Array.isArray(value.edges)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix === "" ? key : `${prefix}.${key}`, into);
    }
  } else {
    into.set(prefix === "" ? "value" : prefix, value);
  }
}

/**
 * The nodes as table columns and rows: one column per field path, in the order the fields first
 * appear (the selection's order), a node lacking a field leaving its cell empty.
 */
export function nodeRows(nodes: readonly unknown[]): { columns: string[]; rows: string[][] } {
  const flat = nodes.map((node) => {
    const fields = new Map<string, unknown>();
    flatten(node, "", fields);
    return fields;
  });
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const fields of flat) {
    for (const key of fields.keys()) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  return { columns, rows: flat.map((fields) => columns.map((column) => cell(fields.get(column)))) };
}
