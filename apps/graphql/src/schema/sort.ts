import { builder } from "../builder.js";
import { SortDirectionEnum } from "./enums.js";

/**
 * A `<Name>Sort` input (`{ field, direction }`) for a list's `sort_by` (spec §4.2:
 * `<attribute>-asc|desc`); the fields are the resource's attributes the list sorts by.
 */
export function sortInput(name: string, attributes: readonly string[]) {
  const field = builder.enumType(`${name}SortField`, {
    values: Object.fromEntries(
      attributes.map((attribute) => [attribute.toUpperCase(), { value: attribute }]),
    ),
  });
  return builder.inputType(`${name}Sort`, {
    fields: (t) => ({
      field: t.field({ type: field, required: true }),
      direction: t.field({ type: SortDirectionEnum, required: false, defaultValue: "asc" }),
    }),
  });
}
