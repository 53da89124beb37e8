import type { FieldRef, ObjectFieldBuilder } from "@pothos/core";
import type { Types } from "../builder.js";
import type { ObservedEnum } from "../schema/common/enums.js";

type Fields = Record<string, FieldRef<Types, unknown, "Object">>;

interface ObservedFieldOptions<Parent, Value> {
  readonly enum: ObservedEnum;
  /** What the value means; say when it is null. */
  readonly description: string;
  readonly resolve: (parent: Parent) => Value;
}

const rawDescription = (name: string, nullable: boolean) =>
  `The ${name} value exactly as the ads service sent it: what to show when ${name} is ` +
  `UNRECOGNIZED.${nullable ? ` Null when ${name} is null.` : ""}`;

/**
 * An observed enum field and its `<name>Raw` sibling (docs/graphql.md "Enums"): the enum reads
 * an unknown wire value as UNRECOGNIZED, the sibling keeps the wire string. Spread into a type's
 * fields: `...observedFields(t, "effectiveStatus", { enum, description, resolve })`.
 */
export function observedFields<Parent>(
  t: ObjectFieldBuilder<Types, Parent>,
  name: string,
  options: ObservedFieldOptions<Parent, string | null | undefined>,
): Fields {
  const { enum: observed, description, resolve } = options;
  return {
    [name]: t.field({
      type: observed.ref,
      nullable: true,
      description,
      resolve: (parent) => {
        const wire = resolve(parent);
        return wire == null ? null : observed.of(wire);
      },
    }),
    [`${name}Raw`]: t.string({
      nullable: true,
      description: rawDescription(name, true),
      resolve: (parent) => resolve(parent) ?? null,
    }),
  };
}

/** `observedFields` of a value the ads service always sends: both fields non-null. */
export function requiredObservedFields<Parent>(
  t: ObjectFieldBuilder<Types, Parent>,
  name: string,
  options: ObservedFieldOptions<Parent, string>,
): Fields {
  const { enum: observed, description, resolve } = options;
  return {
    [name]: t.field({
      type: observed.ref,
      description,
      resolve: (parent) => observed.of(resolve(parent)),
    }),
    [`${name}Raw`]: t.string({
      description: rawDescription(name, false),
      resolve: (parent) => resolve(parent),
    }),
  };
}

/** `observedFields` of a list of values: `[Enum!]!` and `[String!]!`, in the service's order. */
export function observedListFields<Parent>(
  t: ObjectFieldBuilder<Types, Parent>,
  name: string,
  options: ObservedFieldOptions<Parent, readonly string[] | null | undefined>,
): Fields {
  const { enum: observed, description, resolve } = options;
  return {
    [name]: t.field({
      type: [observed.ref],
      description,
      resolve: (parent) => (resolve(parent) ?? []).map(observed.of),
    }),
    [`${name}Raw`]: t.stringList({
      description: `The ${name} values exactly as the ads service sent them, in the same order: what to show for an UNRECOGNIZED item.`,
      resolve: (parent) => [...(resolve(parent) ?? [])],
    }),
  };
}
