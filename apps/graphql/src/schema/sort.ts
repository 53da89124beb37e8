import { getEndpoint, type EndpointId } from "@adsgraph/models";
import { builder } from "../builder.js";
import { SortDirectionEnum } from "./enums.js";

/**
 * A `<Name>Sort` input (`{ field, direction }`) for a list's `sort_by` (spec §4.2:
 * `<attribute>-asc|desc`); the fields are the attributes the catalog lets that list sort by.
 */
export function sortInput(name: string, listId: EndpointId) {
  const field = builder.enumType(`${name}SortField`, {
    values: Object.fromEntries(
      getEndpoint(listId).sortable.map((attribute) => [
        attribute.toUpperCase(),
        { value: attribute },
      ]),
    ),
  });
  return builder.inputType(`${name}Sort`, {
    fields: (t) => ({
      field: t.field({ type: field, required: true }),
      direction: t.field({ type: SortDirectionEnum, required: false, defaultValue: "asc" }),
    }),
  });
}
