import { getEndpoint, type EndpointId } from "@adsgraph/models";
import { builder } from "../builder.js";
import { SortDirectionEnum } from "../schema/common/enums.js";

function createSortInput(name: string, listId: EndpointId) {
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

const inputs = new Map<string, { attributes: string; input: ReturnType<typeof createSortInput> }>();

/**
 * A `<Name>Sort` input (`{ field, direction }`) for a list's `sort_by` (spec §4.2:
 * `<attribute>-asc|desc`); the fields are the attributes the catalog lets that list sort by.
 * Lists that sort by the same attributes share one input (the card lists share `CardSort`).
 */
export function sortInput(name: string, listId: EndpointId) {
  const attributes = getEndpoint(listId).sortable.join(", ");
  const known = inputs.get(name);
  if (known !== undefined && known.attributes !== attributes) {
    throw new Error(`${name}Sort sorts by ${known.attributes}; ${listId} by ${attributes}`);
  }
  if (known !== undefined) return known.input;
  const input = createSortInput(name, listId);
  inputs.set(name, { attributes, input });
  return input;
}
