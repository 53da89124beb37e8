import { getEndpoint } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import type { Sortable, SortableField } from "../paging/keyset-paging.js";

/**
 * Text attributes people type, sorted as `q` matches them: without case (spec §4.2, issue 33).
 * Each is stored beside a generated `lower()` key with the C collation (`name_sort`, see
 * migration 20261129150000_case_insensitive_sort for why), and sorting uses that key: a list
 * that sorts by one of these maps it to a column whose name ends in `Sort`. Ties, names equal
 * but for case, fall to the id as every sort's do, so keyset cursors stay exact.
 *
 * A new list sorting by `name`: add `name_sort TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS
 * (lower("name")) STORED` to its table in a migration, `nameSort String
 * @default(dbgenerated("lower(name)")) @map("name_sort")` to its model, and map
 * `name: { field: "nameSort", type: "string" }`.
 */
const CASE_INSENSITIVE_ATTRIBUTES: ReadonlySet<string> = new Set(["name", "description"]);

/**
 * What a list sorts by: the attributes its catalog entry declares (`endpoint.sortable`, the
 * same list rest-client validates `sort_by` against and the GraphQL sort enums offer), each
 * with the column ads-api stores it in. `columns` says only where attributes are stored; a
 * column the catalog does not name is not offered, and an attribute without one stops start-up,
 * as does a text attribute sorted by its own column rather than its lower-case key.
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
    else if (CASE_INSENSITIVE_ATTRIBUTES.has(attribute) && !column.field.endsWith("Sort")) {
      throw new Error(
        `${listId} sorts by ${attribute} from ${column.field}: sort by its lower-case key ` +
          `(${attribute}Sort, a generated column) so that the order ignores case as q does`,
      );
    } else sortable[attribute] = column;
  }
  if (missing.length > 0) {
    throw new Error(`${listId} sorts by ${missing.join(", ")}: say which column holds each`);
  }
  return sortable;
}
