import { getEndpoint } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import type { Sortable, SortableField } from "../paging/keyset-paging.js";

/**
 * What a list sorts by: the attributes its catalog entry declares (`endpoint.sortable`, the
 * same list rest-client validates `sort_by` against and the GraphQL sort enums offer), each
 * with the column ads-api stores it in. `columns` says only where attributes are stored; a
 * column the catalog does not name is not offered, and an attribute without one stops start-up.
 */
export function sortColumns(
  listId: EndpointId,
  columns: Readonly<Record<string, SortableField>>,
): Sortable {
  const sortable: Record<string, SortableField> = {};
  const missing: string[] = [];
  for (const attribute of getEndpoint(listId).sortable) {
    const column = Object.hasOwn(columns, attribute) ? columns[attribute] : undefined;
    if (column === undefined) missing.push(attribute);
    else sortable[attribute] = column;
  }
  if (missing.length > 0) {
    throw new Error(`${listId} sorts by ${missing.join(", ")}: say which column holds each`);
  }
  return sortable;
}
