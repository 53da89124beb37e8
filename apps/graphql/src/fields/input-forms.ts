import { adsId, cardUri, digitId } from "@adsgraph/models";
import { z } from "zod";
import type { InputRule } from "../input/input-rules.js";

// How a catalog parameter is asked in a GraphQL input, read from its schema: the form of what
// a caller may send (`z.input`), never a second description of the endpoint.

/** The GraphQL scalars parameters are asked in. */
export type ScalarName = "String" | "Boolean" | "Int" | "Micros" | "DateTime";

/** A catalog object schema: its shape holds the wire names. */
export type ObjectSchema = z.ZodObject<z.core.$ZodShape>;

export type Form =
  | { readonly kind: "scalar"; readonly type: ScalarName; readonly rule: InputRule | null }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "list"; readonly of: Form }
  /** An input object of its own; a union of objects is one input holding every variant's fields. */
  | { readonly kind: "object"; readonly variants: readonly ObjectSchema[] }
  /**
   * An object with one key besides fixed ones (`label: {type: "ENUM", value}`, `media:
   * {media_ids}`) is asked as that key's value; the fixed keys are filled back in.
   */
  | {
      readonly kind: "collapsed";
      readonly key: string;
      readonly fixed: Readonly<Record<string, unknown>>;
      readonly of: Form;
    };

/** The GraphQL name of a wire parameter: camelCase, and an amount named by what it is. */
export function fieldName(wire: string): string {
  // spec §2.1: `_local_micro` amounts are Micros (the type carries the unit); a budget is an
  // amount: `daily_budget_amount_local_micro` → `dailyBudget`, `bid_amount_local_micro` →
  // `bidAmount`.
  const named = wire.endsWith(MICRO) ? wire.slice(0, -MICRO.length) : wire;
  const budget = named.endsWith("_budget_amount") ? named.slice(0, -"_amount".length) : named;
  return budget.replace(/_([a-z0-9])/g, (_match, c: string) => c.toUpperCase());
}

const MICRO = "_local_micro";

export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return unwrap(schema.unwrap());
  }
  return schema instanceof z.ZodLazy ? unwrap(schema.unwrap()) : schema;
}

/** Whether the caller may leave the parameter out. */
export function isOptional(schema: z.core.$ZodType): boolean {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault;
}

type ScalarForm = Extract<Form, { kind: "scalar" }>;

const scalar = (type: ScalarName, rule: InputRule | null = null): ScalarForm => ({
  kind: "scalar",
  type,
  rule,
});

// spec §2.6: media keys (`<digits>_<digits>`) are ids the facade checks as ids, though the
// catalog reads some as plain text.
const isMediaKey = (wire: string) => wire.endsWith("_key") || wire.endsWith("_keys");

const text = (wire: string): ScalarForm => scalar("String", isMediaKey(wire) ? "id" : null);
const number = (wire: string): Form => scalar(wire.endsWith(MICRO) ? "Micros" : "Int");

const holdsObject = (form: Form): boolean =>
  form.kind === "object" || (form.kind === "list" && holdsObject(form.of));

/**
 * The form of a parameter, or undefined for one GraphQL inputs do not carry. `wire` names the
 * parameter (an amount's name says it is Micros, a media key's that it is an id).
 */
export function formOf(schema: z.core.$ZodType, wire: string): Form | undefined {
  const inner = unwrap(schema);
  if (inner === adsId) return scalar("String", "id");
  if (inner === digitId) return scalar("String", "digitId");
  if (inner === cardUri) return scalar("String", "cardUri");
  if (inner instanceof z.ZodString) return text(wire);
  if (inner instanceof z.ZodNumber) return number(wire);
  if (inner instanceof z.ZodBoolean) return scalar("Boolean");
  if (inner instanceof z.ZodEnum) return { kind: "enum", values: inner.options.map(String) };
  if (inner instanceof z.ZodArray) {
    const of = formOf(inner.element, wire);
    return of && { kind: "list", of };
  }
  if (inner instanceof z.ZodObject) return objectForm(inner);
  if (inner instanceof z.ZodUnion) return unionForm(inner.options, wire);
  if (inner instanceof z.ZodPipe) {
    // What the pipe yields names ids and enums (`idList` → adsId items) unless it is opaque (a
    // transform) or rebuilt objects (media keys as `{key, kind}`): then what it takes.
    const yields = inner.out instanceof z.ZodTransform ? undefined : formOf(inner.out, wire);
    return yields !== undefined && !holdsObject(yields) ? yields : formOf(inner.in, wire);
  }
  return undefined;
}

function objectForm(schema: ObjectSchema): Form {
  const entries = Object.entries(schema.shape);
  const fixed = entries.filter(([, value]) => unwrap(value) instanceof z.ZodLiteral);
  const free = entries.filter(([, value]) => !(unwrap(value) instanceof z.ZodLiteral));
  const [only] = free;
  const of = free.length === 1 && only !== undefined ? formOf(only[1], only[0]) : undefined;
  if (only === undefined || of === undefined || holdsObject(of)) {
    return { kind: "object", variants: [schema] };
  }
  const values = fixed.map(([key, value]) => [key, literalOf(value)] as const);
  return { kind: "collapsed", key: only[0], fixed: Object.fromEntries(values), of };
}

function literalOf(schema: z.core.$ZodType): unknown {
  const inner = unwrap(schema);
  return inner instanceof z.ZodLiteral ? inner.value : undefined;
}

/**
 * Unions of what a caller may send: a flag (`true`, `"true"`), a timestamp (Date or text), an
 * integer (number or digits), a comma list (text or array), variants of an object, or texts
 * (`""` or a card URI: a rule only when every text keeps it).
 */
function unionForm(options: readonly z.core.$ZodType[], wire: string): Form | undefined {
  const inner = options.map(unwrap);
  if (inner.some((option) => option instanceof z.ZodBoolean)) return scalar("Boolean");
  if (inner.some((option) => option instanceof z.ZodDate)) return scalar("DateTime");
  if (inner.some((option) => option instanceof z.ZodNumber)) return number(wire);
  const objects = inner.filter((option) => option instanceof z.ZodObject);
  if (objects.length === inner.length) return { kind: "object", variants: objects };
  const list = inner.find((option) => option instanceof z.ZodArray);
  if (list !== undefined) return formOf(list, wire);
  const texts = inner
    .filter((option) => !(option instanceof z.ZodObject))
    .map((option) => {
      const form = option instanceof z.ZodLiteral ? scalar("String") : formOf(option, wire);
      return form?.kind === "scalar" && form.type === "String" ? form.rule : undefined;
    });
  const [first] = texts;
  if (first === undefined || texts.some((rule) => rule === undefined)) return undefined;
  return scalar("String", texts.every((rule) => rule === first) ? first : text(wire).rule);
}

/** What a scalar form holds, for a field without a description of its own. */
const UNITS: Readonly<Partial<Record<ScalarName, string>>> = {
  Micros: "an amount in micros of the account's currency (1000000 is one unit)",
  DateTime: "a time, ISO 8601 in UTC",
};

/** The length or range a catalog schema allows, in words ("at most 255 characters"). */
function limitsOf(schema: z.core.$ZodType): string | undefined {
  const bag: Readonly<Record<string, unknown>> = unwrap(schema)._zod.bag;
  const { minimum, maximum, maxLength } = bag;
  if (typeof maxLength === "number") return `at most ${maxLength} characters`;
  if (typeof minimum === "number" && typeof maximum === "number") {
    return `from ${minimum} to ${maximum}`;
  }
  return undefined;
}

/**
 * The description of an input field from its name, form and catalog schema, for one given
 * none: what it is ("The bid strategy"), its unit and limits, and what leaving it out does.
 */
export function describeInput(
  wire: string,
  form: Form,
  schema: z.core.$ZodType | undefined,
  required: boolean,
  update: boolean,
): string {
  const words = fieldName(wire)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  const inner = form.kind === "collapsed" ? form.of : form;
  const scalar = inner.kind === "scalar" ? inner : undefined;
  const unit = scalar && UNITS[scalar.type];
  const limits = schema && limitsOf(schema);
  const what = [unit, limits].filter((part) => part !== undefined).join(", ");
  const head = `The ${words}${what === "" ? "" : `: ${what}`}.`;
  if (required) return head;
  return `${head} ${update ? "Leave it out to keep the current value." : "Optional."}`;
}
