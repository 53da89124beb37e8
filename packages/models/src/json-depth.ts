/**
 * Whether a value nests arrays and objects more than `max` levels deep (`[]` is one level, a
 * string none). Walked with a stack of its own, depth first, so that it stops within `max + 1`
 * levels of the deepest branch and never overflows: JSON.stringify, structuredClone, graphql-js'
 * input coercion and any recursive walk of client data overflow Node's call stack on a few
 * thousand levels, which a 10 KB body holds (issue 34). Run it before any such walk.
 */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const pending: [item: unknown, depth: number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
