import { InputFieldBuilder } from "@pothos/core";
import type { ArgumentRef, EnumRef, InputFieldRef, InputType } from "@pothos/core";
import { z } from "zod";
import { builder } from "../builder.js";
import type { Types } from "../builder.js";
import { CARD_URI_INPUT, DIGIT_ID_INPUT, ID_INPUT } from "../input/input-rules.js";
import { enumOfValues } from "../schema/common/enums.js";
import { describeIds, entityOfParam, globalIdExtensions } from "./entity-ids.js";
import type { Entity } from "./entity-ids.js";
import { describeInput, fieldName, formOf, isOptional, unwrap } from "./input-forms.js";
import type { Form, ObjectSchema } from "./input-forms.js";

// The GraphQL input fields of catalog parameters (mutation-args.ts plans a mutation's), and the
// input objects of object-valued parameters: card components, audience segments, batch items.

/** The input object of an object-valued parameter: its GraphQL name and descriptions. */
export interface InputObjectSpec {
  readonly name: string;
  readonly description?: string;
  /** Field descriptions by wire name. */
  readonly describe?: Readonly<Record<string, string>>;
  /** Input objects of its own object-valued fields, by wire name (itself is found alone). */
  readonly inputs?: Readonly<Record<string, InputObjectSpec>>;
}

/** One field of an input object or of a mutation's arguments, and the parameter it asks. */
export interface Field {
  readonly wire: string;
  readonly name: string;
  readonly form: Form;
  readonly required: boolean;
  readonly description: string | undefined;
  /** The input object an object form is asked in. */
  readonly object: InputObject | undefined;
  /** The entity a global id names: decoded into the wire id (and the account it is in). */
  readonly entity: Entity | undefined;
  /** The path's own entity (`id`): its global id names the account of the whole input. */
  readonly names?: "account";
  /** An enum of its own (a batch's operation type) instead of the one of its values. */
  readonly enumRef?: EnumRef<Types, string>;
}

export interface InputObject {
  readonly ref: InputType<Types>;
  readonly fields: () => readonly Field[];
  /** spec §4.5 batch items `{operation_type, params}` are asked flat: `type` and the params. */
  readonly operation: Field | undefined;
}

export function field(wire: string, name: string, form: Form, required = false): Field {
  return {
    wire,
    name,
    form,
    required,
    description: undefined,
    object: undefined,
    // A collapsed object is named by its one key (`edit_options: {previous_post_id}`).
    entity: isIdForm(form) ? entityOfParam(form.kind === "collapsed" ? form.key : wire) : undefined,
  };
}

/** Whether a form holds ids (a media key is an id too, but of no Node). */
function isIdForm(form: Form): boolean {
  if (form.kind === "list" || form.kind === "collapsed") return isIdForm(form.of);
  return form.kind === "scalar" && (form.rule === "id" || form.rule === "digitId");
}

/** Input objects by name: one per spec, however many parameters ask it. */
const OBJECTS = new Map<string, InputObject>();

/**
 * The input object of an object form (inside lists too); none for other forms. A form of the
 * very schema being described (`child_segments` of a segment) is that object itself.
 */
export function objectOf(
  form: Form,
  spec: InputObjectSpec | undefined,
  where: string,
  self?: { readonly variants: readonly ObjectSchema[]; readonly object: InputObject },
): InputObject | undefined {
  if (form.kind === "list") return objectOf(form.of, spec, where, self);
  if (form.kind !== "object") return undefined;
  if (spec === undefined && self !== undefined && form.variants[0] === self.variants[0]) {
    return self.object;
  }
  if (spec === undefined) throw new Error(`${where}: an object; give its input object`);
  const known = OBJECTS.get(spec.name);
  if (known !== undefined) return known;
  const object = inputObject(spec, form.variants);
  OBJECTS.set(spec.name, object);
  return object;
}

function inputObject(spec: InputObjectSpec, variants: readonly ObjectSchema[]): InputObject {
  const [item] = variants;
  const given = item?.shape.params;
  const params = given === undefined ? undefined : unwrap(given);
  const type = item?.shape.operation_type;
  const batch = variants.length === 1 && params instanceof z.ZodObject && type !== undefined;
  let fields: readonly Field[] | undefined;
  const ref = builder.inputRef<Record<string, unknown>>(spec.name);
  const object: InputObject = {
    ref,
    fields: () => {
      fields ??= variantFields(spec, batch ? [params] : variants, object);
      return fields;
    },
    operation: batch
      ? operationField(spec.name, type, spec.describe?.["operation_type"])
      : undefined,
  };
  // Implemented once the object exists: Pothos may ask for the fields at once.
  ref.implement({
    ...(spec.description !== undefined && { description: spec.description }),
    fields: (t) => inputFields(t, object.fields(), object.operation),
  });
  return object;
}

/** The fields of object variants: each key once, required when every variant requires it. */
function variantFields(
  spec: InputObjectSpec,
  variants: readonly ObjectSchema[],
  object: InputObject,
): Field[] {
  const keys = [...new Set(variants.flatMap((variant) => Object.keys(variant.shape)))];
  return keys.map((wire) => {
    const schemas = variants.flatMap((variant): z.core.$ZodType[] => {
      const schema = variant.shape[wire];
      return schema === undefined ? [] : [schema];
    });
    const form = mergedForm(schemas, wire);
    if (form === undefined) throw new Error(`${spec.name}: no input form for ${wire}`);
    const required =
      schemas.length === variants.length && schemas.every((schema) => !isOptional(schema));
    const base = field(wire, fieldName(wire), form);
    return {
      ...base,
      required,
      description:
        spec.describe?.[wire] ??
        (base.entity ? undefined : describeInput(wire, form, schemas[0], required, false)),
      object: objectOf(form, spec.inputs?.[wire], `${spec.name}.${wire}`, { variants, object }),
    };
  });
}

/** A key's form across variants: literals are an enum of their values, objects variants. */
function mergedForm(schemas: readonly z.core.$ZodType[], wire: string): Form | undefined {
  const inner = schemas.map(unwrap);
  const literals = inner.flatMap((schema) => (schema instanceof z.ZodLiteral ? [schema] : []));
  if (literals.length === inner.length) {
    return { kind: "enum", values: literals.flatMap((literal) => [...literal.values].map(String)) };
  }
  const objects = inner.flatMap((schema) => (schema instanceof z.ZodObject ? [schema] : []));
  if (objects.length === inner.length && objects.length > 1) {
    return { kind: "object", variants: objects };
  }
  const [first] = schemas;
  return first && formOf(first, wire);
}

const OPERATION_DESCRIPTIONS: Readonly<Record<string, string>> = {
  CREATE: "Creates a new one from the operation's fields.",
  UPDATE: "Changes the given fields of the one the operation names.",
  DELETE: "Deletes the one the operation names.",
};

/** A batch item's `operation_type` as `type`, an enum named after the item: `CREATE` for `Create`. */
function operationField(name: string, schema: z.core.$ZodType, description?: string): Field {
  const form = formOf(schema, "operation_type");
  if (form?.kind !== "enum") throw new Error(`${name}: operation_type is not an enum`);
  const values = Object.fromEntries(
    form.values.map((value) => [
      value.toUpperCase(),
      { value, description: OPERATION_DESCRIPTIONS[value.toUpperCase()] },
    ]),
  );
  return {
    ...field("operation_type", "type", form, true),
    description: description ?? "What this operation does to its object.",
    enumRef: builder.enumType(`${name}Type`, {
      description: "What one operation does; the operations run in order, all or nothing.",
      values,
    }),
  };
}

const INPUT_RULES = { id: ID_INPUT, digitId: DIGIT_ID_INPUT, cardUri: CARD_URI_INPUT } as const;

type AnyBuilder = InputFieldBuilder<Types, "Arg"> | InputFieldBuilder<Types, "InputObject">;
/** What an input field holds: a value of any GraphQL input type, or null or nothing. */
type Value = string | number | boolean | object | null | undefined;

/** A builder of arguments, for fields asked as a mutation's arguments rather than an input. */
export const argBuilder = () => new InputFieldBuilder<Types, "Arg">(builder, "Arg");

/** The GraphQL fields (or arguments) asking these parameters. */
export function inputFields(
  t: InputFieldBuilder<Types, "InputObject">,
  fields: readonly Field[],
  operation?: Field,
): Record<string, InputFieldRef<Types, Value>>;
export function inputFields(
  t: InputFieldBuilder<Types, "Arg">,
  fields: readonly Field[],
): Record<string, ArgumentRef<Types, Value>>;
export function inputFields(t: AnyBuilder, fields: readonly Field[], operation?: Field) {
  const all = operation === undefined ? fields : [operation, ...fields];
  return Object.fromEntries(all.map((f) => [f.name, inputField(t, f)]));
}

function inputField(t: AnyBuilder, f: Field) {
  const options = {
    required: f.required,
    ...(f.description !== undefined && { description: f.description }),
  };
  if (f.entity !== undefined) {
    const extensions = globalIdExtensions(f.entity);
    const many = f.form.kind === "list";
    const described = { ...options, description: f.description ?? describeIds(f.entity, many) };
    return many
      ? t.field({ ...described, type: ["ID"], extensions })
      : t.field({ ...described, type: "ID", extensions });
  }
  const rule = ruleOf(f.form);
  return t.field({ ...options, ...(rule !== null && INPUT_RULES[rule]), type: typeOf(t, f) });
}

function ruleOf(form: Form): keyof typeof INPUT_RULES | null {
  if (form.kind === "list" || form.kind === "collapsed") return ruleOf(form.of);
  return form.kind === "scalar" && form.rule !== "cursor" ? form.rule : null;
}

function typeOf(t: AnyBuilder, f: Field): InputType<Types> | [InputType<Types>] {
  let form = f.form.kind === "collapsed" ? f.form.of : f.form;
  if (form.kind !== "list") return itemType(form, f);
  // `[X]`, or `t.listRef(t.listRef(X))` for lists of lists (card slides).
  let depth = 0;
  while (form.kind === "list") {
    depth += 1;
    form = form.of;
  }
  const item = itemType(form, f);
  if (depth === 1) return [item];
  let type: InputType<Types> = item;
  for (let level = 0; level < depth; level += 1) type = t.listRef(type);
  return type;
}

function itemType(form: Form, f: Field): InputType<Types> {
  switch (form.kind) {
    case "scalar":
      return form.type;
    case "enum":
      return f.enumRef ?? enumOfValues(form.values);
    case "object":
      if (f.object === undefined) throw new Error(`${f.name}: an object without its input`);
      return f.object.ref;
    case "collapsed":
      return itemType(form.of, f);
    case "list":
      throw new Error(`${f.name}: a list inside a list's items`);
  }
}
