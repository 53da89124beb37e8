import { getEndpoint, type EndpointId } from "@adsgraph/models";
import { builder } from "../builder.js";
import { SortDirectionEnum } from "../schema/common/enums.js";
import { nounsOf } from "./connections.js";
import { fieldName } from "./input-forms.js";

/** What ordering by an attribute means, where its field name alone does not say it. */
const ORDER_BY: Readonly<Record<string, string>> = {
  id: "By `rawId`, the object's id in the ads service.",
  created_at: "By `createdAt`: when each was created.",
  updated_at: "By `updatedAt`: when each was last changed.",
  start_time: "By `startTime`: when each starts serving.",
  end_time: "By `endTime`: when each stops serving.",
  name: "By `name`, alphabetically.",
};

/** A sort field value's description: the field of the node it orders by. */
const orderBy = (attribute: string) => ORDER_BY[attribute] ?? `By \`${fieldName(attribute)}\`.`;

function createSortInput(name: string, listId: EndpointId) {
  const { many } = nounsOf(name);
  const field = builder.enumType(`${name}SortField`, {
    description: `What to order ${many} by.`,
    values: Object.fromEntries(
      getEndpoint(listId).sortable.map((attribute) => [
        attribute.toUpperCase(),
        { value: attribute, description: orderBy(attribute) },
      ]),
    ),
  });
  return builder.inputType(`${name}Sort`, {
    description: `The order of a list of ${many}: by which field, and which way.`,
    fields: (t) => ({
      field: t.field({ type: field, required: true, description: "The field to order by." }),
      direction: t.field({
        type: SortDirectionEnum,
        required: false,
        defaultValue: "asc",
        description: "Ascending (the default) or descending.",
      }),
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
