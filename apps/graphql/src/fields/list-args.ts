import { adsId, cardUri, digitId, getEndpoint } from "@adsgraph/models";
import type { Catalog, EndpointId } from "@adsgraph/models";
import type { WireParams } from "@adsgraph/rest-client";
import type { ArgBuilder, ArgumentRef } from "@pothos/core";
import { z } from "zod";
import type { Types } from "../builder.js";
import { CARD_URI_INPUT, ID_INPUT } from "../input/input-rules.js";
import { nounsOf, pageArgs } from "./connections.js";
import {
  describeIds,
  entityOfParam,
  globalIdExtensions,
  isDecodedId,
  wireIdOf,
} from "./entity-ids.js";
import type { Entity } from "./entity-ids.js";
import type { PageArgs } from "./connections.js";
import { enumOfValues } from "../schema/common/enums.js";
import { sortInput } from "./sort.js";

/** A list's parameters that are not filters: paging, sorting, counting (and the path's ids). */
const NOT_FILTERS = ["count", "cursor", "sort_by", "with_total_count"] as const;

type ShapeOf<Id extends EndpointId> = Catalog[Id]["params"]["shape"];

/** The catalog's wire names of a list's filters, e.g. `campaign_ids`, `q`, `with_draft`. */
export type FilterName<Id extends EndpointId> = Exclude<
  Extract<keyof ShapeOf<Id>, string>,
  "account_id" | (typeof NOT_FILTERS)[number]
>;

/** How a filter's catalog schema is asked for in GraphQL. */
type ArgForm =
  | { readonly type: "Boolean" | "String" | "Int" }
  | { readonly type: "list"; readonly rule: "id" | "cardUri" | null }
  | { readonly type: "enums"; readonly values: readonly string[] }
  | { readonly type: "enum"; readonly values: readonly string[] };

function unwrap(schema: z.ZodType): z.ZodType {
  if (!(
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  )) {
    return schema;
  }
  // The catalog's schemas are zod's classic ones, wrappers and what they wrap alike.
  const inner = schema.unwrap();
  return inner instanceof z.ZodType ? unwrap(inner) : schema;
}

/**
 * The form of a filter, from what its catalog schema yields: text, a flag (a pipe from
 * `true`/`false` words or booleans), an integer, or a comma list of ids or of closed values.
 * Undefined for a form GraphQL arguments do not carry here (omit the filter, or add the form).
 */
function argForm(schema: z.ZodType): ArgForm | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodString) return { type: "String" };
  if (inner instanceof z.ZodEnum) return { type: "enum", values: inner.options.map(String) };
  if (!(inner instanceof z.ZodPipe)) return undefined;
  const yields: unknown = inner.out;
  if (yields instanceof z.ZodNumber) return { type: "Int" };
  if (yields instanceof z.ZodTransform) {
    const from: unknown = inner.in;
    const isFlag =
      from instanceof z.ZodUnion &&
      from.options.some((option: unknown) => option instanceof z.ZodBoolean);
    return isFlag ? { type: "Boolean" } : undefined;
  }
  if (!(yields instanceof z.ZodArray)) return undefined;
  const item: unknown = yields.element;
  if (item instanceof z.ZodEnum) return { type: "enums", values: item.options.map(String) };
  if (item === cardUri) return { type: "list", rule: "cardUri" };
  if (item === adsId || item === digitId) return { type: "list", rule: "id" };
  return item instanceof z.ZodString ? { type: "list", rule: null } : undefined;
}

const INPUT_RULES = { id: ID_INPUT, cardUri: CARD_URI_INPUT } as const;

/**
 * What a filter without a description of its own says, from its name and form: `with_deleted`
 * → "Include deleted campaigns too (default false).", `card_types` → "Only cards whose card
 * type is one of these."
 */
function defaultDescription(wire: string, form: ArgForm, many: string): string {
  const words = wire.replace(/_/g, " ");
  if (form.type === "Boolean") {
    if (wire.startsWith("with_")) return `Include ${words.slice(5)} ${many} too (default false).`;
    if (wire.startsWith("include_")) return `Include ${words.slice(8)} too (default false).`;
    return `Only ${many} with ${words} set to this value; all of them when not given.`;
  }
  if (form.type === "enums") {
    const what = words.replace(/s$/, "");
    return `Only ${many} whose ${what} is one of these; all of them when not given.`;
  }
  if (form.type === "enum")
    return `Only ${many} whose ${words} is this; all of them when not given.`;
  if (form.type === "list") return `Only ${many} with these ${words}; all of them when not given.`;
  return `Only ${many} matching this ${words}; all of them when not given.`;
}

function filterArg(
  arg: ArgBuilder<Types>,
  form: ArgForm,
  description: string | undefined,
  entity: Entity | undefined,
) {
  if (entity !== undefined) {
    return arg({
      type: ["ID"],
      extensions: globalIdExtensions(entity),
      description: description ?? `Only these: ${describeIds(entity, true)}`,
    });
  }
  const described = description === undefined ? {} : { description };
  switch (form.type) {
    case "Boolean":
      return arg.boolean(described);
    case "String":
      return arg.string(described);
    case "Int":
      return arg.int(described);
    case "list":
      return arg.stringList({ ...(form.rule && INPUT_RULES[form.rule]), ...described });
    case "enums":
      return arg({ type: [enumOfValues(form.values)], ...described });
    case "enum":
      return arg({ type: enumOfValues(form.values), ...described });
  }
}

const camelCase = (wire: string) =>
  wire.replace(/_([a-z])/g, (_match, c: string) => c.toUpperCase());

/** The shape of a list endpoint's parameters (every catalog entry's params is an object). */
function shapeOf(id: EndpointId): Readonly<Record<string, z.ZodType>> {
  const params: unknown = getEndpoint(id).params;
  if (!(params instanceof z.ZodObject)) throw new Error(`${id}: parameters are not an object`);
  return params.shape;
}

/** Whether a list answers `with_total_count` (spec §4.7: the generic cards list does not). */
export const countsTotal = (id: EndpointId): boolean => "with_total_count" in shapeOf(id);

export interface ListArgsOptions<Id extends EndpointId> {
  /** The filter named `ids` in GraphQL: the list's own id list (`campaign_ids`, `card_id`...). */
  readonly ids?: string;
  /**
   * Argument descriptions by wire name; an argument without one says what its name and form
   * tell (which ids it takes, "Include deleted ... too").
   */
  readonly describe?: Readonly<Partial<Record<FilterName<Id>, string>>>;
  /** Filters GraphQL does not offer. */
  readonly omit?: readonly FilterName<Id>[];
  /** The `<sort>Sort` input's name; lists that sort by the same attributes share one. */
  readonly sort: string;
}

/** Values of a list field's arguments as the resolver receives them. */
export type ListArgValues = PageArgs & {
  readonly sort?: { readonly field: string; readonly direction?: string | null } | null;
} & Readonly<Record<string, unknown>>;

/** A list field's arguments and how their values become the endpoint's wire parameters. */
export interface ListArgs {
  readonly args: ReturnType<typeof pageArgs> & Record<string, ArgumentRef<Types, unknown>>;
  /** The list's `count` limit (the catalog's `paging.max`). */
  readonly maxCount: number;
  /** Filters and `sort_by` by wire name, leaving out what was not given. */
  /**
   * Filters and `sort_by` by wire name, leaving out what was not given; ids of entities an
   * account holds must be of `accountId` (the list's account).
   */
  readonly wireFilters: (values: ListArgValues, accountId?: string) => WireParams;
}

/**
 * The GraphQL arguments of a list endpoint, all from its catalog entry: `first`/`after` within
 * its `count` limit, each filter as camelCase of its wire name (its own id list as `ids`), and
 * `sort` over the attributes it sorts by. Wire names are never retyped: the values go back
 * under the names the catalog gave.
 */
export function listArgs<Id extends EndpointId>(
  arg: ArgBuilder<Types>,
  id: Id,
  options: ListArgsOptions<Id>,
): ListArgs {
  const shape = shapeOf(id);
  const endpoint = getEndpoint(id);
  const omitted = new Set<string>([...NOT_FILTERS, ...(options.omit ?? [])]);
  const describe: Readonly<Partial<Record<string, string>>> = options.describe ?? {};
  const { many } = nounsOf(options.sort);
  const filters = Object.entries(shape).flatMap(([wire, schema]) => {
    if (omitted.has(wire) || endpoint.locations[wire] === "path") return [];
    const form = argForm(schema);
    if (form === undefined) {
      throw new Error(`${id}: no GraphQL argument form for ${wire}; omit it or add its form`);
    }
    const name = wire === options.ids ? "ids" : camelCase(wire);
    // An id list naming a Node type takes global ids (`campaignIds: [ID!]`).
    const entity = form.type === "list" && form.rule === "id" ? entityOfParam(wire) : undefined;
    const description =
      describe[wire] ?? (entity ? undefined : defaultDescription(wire, form, many));
    return [{ wire, name, entity, ref: filterArg(arg, form, description, entity) }];
  });
  if (options.ids !== undefined && !filters.some((filter) => filter.wire === options.ids)) {
    throw new Error(`${id}: takes no ${options.ids}`);
  }
  if (endpoint.paging === null) throw new Error(`${id}: not a paged list (no count)`);
  const maxCount = endpoint.paging.max;
  const sort = endpoint.sortable.length > 0 ? sortInput(options.sort, id) : undefined;
  return {
    args: {
      ...pageArgs(arg, maxCount),
      ...Object.fromEntries(filters.map((filter) => [filter.name, filter.ref])),
      ...(sort && {
        sort: arg({
          type: sort,
          description: `How to order the ${many}; when not given, the ads service's own order.`,
        }),
      }),
    },
    maxCount,
    wireFilters: (values, accountId) => {
      const wire: Record<string, unknown> = {};
      for (const filter of filters) {
        const value = values[filter.name];
        if (value === null || value === undefined) continue;
        const { entity } = filter;
        wire[filter.wire] =
          entity !== undefined && Array.isArray(value)
            ? value.map((item: unknown, i) =>
                isDecodedId(item)
                  ? wireIdOf(entity, item, `${filter.name}[${i}]`, accountId).id
                  : item,
              )
            : value;
      }
      // spec §4.2: `<attribute>-asc|desc`.
      if (values.sort) wire.sort_by = `${values.sort.field}-${values.sort.direction ?? "asc"}`;
      return wire;
    },
  };
}
