import { getEndpoint } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../schema/index.js";

/** Each list field of the graph, the catalog list it reads and that list's own id list. */
const LIST_FIELDS: readonly [type: string, field: string, list: EndpointId, ids: string][] = [
  ["Viewer", "accounts", "accounts.list", "account_ids"],
  ["Account", "campaigns", "campaigns.list", "campaign_ids"],
  ["Account", "fundingInstruments", "funding_instruments.list", "funding_instrument_ids"],
  ["Account", "media", "account_media.list", "account_media_ids"],
  ["Account", "cards", "cards.list", "card_id"],
  ["Account", "pollCards", "cards.poll.list", "card_ids"],
  ["Account", "videoConversationCards", "cards.video_conversation.list", "card_ids"],
  ["Account", "imageConversationCards", "cards.image_conversation.list", "card_ids"],
];

const NOT_FILTERS = new Set(["account_id", "count", "cursor", "sort_by", "with_total_count"]);
const camelCase = (wire: string) => wire.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function fieldOf(typeName: string, fieldName: string) {
  const type = schema.getType(typeName);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`no object type ${typeName}`);
  const field = type.getFields()[fieldName];
  if (field === undefined) throw new Error(`no field ${typeName}.${fieldName}`);
  return field;
}

describe("list fields from the catalog", () => {
  it.each(LIST_FIELDS)(
    "%s.%s takes every filter of %s, by its wire name",
    (type, name, id, ids) => {
      const endpoint = getEndpoint(id);
      const filters = Object.keys(endpoint.locations).filter((wire) => !NOT_FILTERS.has(wire));
      const args = fieldOf(type, name)
        .args.map((arg) => arg.name)
        .filter((arg) => !["first", "after", "sort"].includes(arg));
      // The list's own id list is `ids`; every other filter is its wire name in camelCase.
      const named = filters.map((wire) => (wire === ids ? "ids" : camelCase(wire)));
      expect(args.sort()).toEqual(named.sort());
    },
  );

  it.each(LIST_FIELDS)(
    "%s.%s sorts by what %s sorts by, and pages within its count",
    (type, name, id) => {
      const endpoint = getEndpoint(id);
      const field = fieldOf(type, name);
      const sort = schema.getType(String(field.args.find((arg) => arg.name === "sort")?.type));
      if (!(sort instanceof GraphQLInputObjectType)) throw new Error("no sort input");
      const attributes = schema.getType(String(sort.getFields().field?.type).replace(/!$/, ""));
      if (!(attributes instanceof GraphQLEnumType)) throw new Error("no sort field enum");
      expect(
        attributes
          .getValues()
          .map((value) => value.value as string)
          .sort(),
      ).toEqual([...endpoint.sortable].sort());
      const max = id === "cards.list" ? 200 : 1000; // spec §4.7: the cards list pages by ≤200
      const first = field.args.find((arg) => arg.name === "first");
      expect(first?.description).toBe(`How many items to return, 1 to ${max} (default 50).`);
    },
  );
});
