import type { EndpointId } from "@adsgraph/models";

/** Paging arguments: a list's size does not depend on them. */
const PAGING = new Set(["first", "after", "last", "before"]);

/**
 * Names one list as its filters select it (the field's arguments but paging), for the totals
 * this user has seen: `<list>|<account>|<arguments as JSON, names sorted>`.
 */
export function listKey(
  list: EndpointId,
  accountId: string | null,
  args: Readonly<Record<string, unknown>>,
): string {
  const filters: Record<string, unknown> = {};
  for (const name of Object.keys(args).sort()) {
    const value = args[name];
    if (!PAGING.has(name) && value !== undefined && value !== null) filters[name] = value;
  }
  return `${list}|${accountId ?? ""}|${JSON.stringify(filters)}`;
}
