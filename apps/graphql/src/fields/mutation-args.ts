import { getEndpoint } from "@adsgraph/models";
import type { Catalog, EndpointId } from "@adsgraph/models";
import type { ParamsOf } from "@adsgraph/rest-client";
import type { InputFieldBuilder, InputFieldMap } from "@pothos/core";
import { z } from "zod";
import type { Types } from "../builder.js";
import type { FieldNamer } from "../errors/field-violations.js";
import { entityOfType } from "./entity-ids.js";
import { argBuilder, field, inputFields, objectOf } from "./input-fields.js";
import type { Field, InputObjectSpec } from "./input-fields.js";
import { describeInput, fieldName, formOf, isOptional } from "./input-forms.js";
import { inputPathOf, wireValues } from "./input-wire.js";

export type { InputObjectSpec } from "./input-fields.js";

/** The catalog's wire names of an endpoint's parameters. */
export type WireName<Id extends EndpointId> = Extract<keyof Catalog[Id]["params"]["shape"], string>;

export interface MutationArgsOptions<W extends string, O extends W = W> {
  /** Parameters the input does not offer (the resolver sets them, or nobody does). */
  readonly omit?: readonly O[];
  /** Optional parameters the input requires all the same (a rule of the catalog needs them). */
  readonly require?: readonly W[];
  /** Field descriptions by wire name; a field without one says its name, unit and limits. */
  readonly describe?: Readonly<Partial<Record<W, string>>>;
  /** The rare field not named by the rule (`custom_audience_permission_id` → `permissionId`). */
  readonly rename?: Readonly<Partial<Record<W, string>>>;
  /**
   * Path parameters asked as a Node's global id, which names the account too: `id` for the
   * object the path ends at, else camelCase (`customAudienceId`).
   */
  readonly globalIds?: Readonly<Partial<Record<W, { readonly name: string }>>>;
  /** Input objects of object-valued parameters (`components`, batch `operations`). */
  readonly inputs?: Readonly<Partial<Record<W, InputObjectSpec>>>;
}

/** The endpoint's wire parameters but those the input does not offer. */
export type InputParams<Id extends EndpointId, O extends string> = [O] extends [never]
  ? ParamsOf<Id>
  : Omit<ParamsOf<Id>, O>;

/** A mutation's fields and how their values become the endpoint's wire parameters. */
export interface MutationArgs<Id extends EndpointId, O extends string = never> {
  /** Fields of its input object: `builder.inputType(name, { fields: args.fields })`. */
  readonly fields: (t: InputFieldBuilder<Types, "InputObject">) => InputFieldMap;
  /** The same fields as arguments of the mutation field (`deleteCampaign(id:)`). */
  readonly args: () => InputFieldMap;
  /** The input's values as wire parameters (null and absent both leave a parameter out). */
  readonly params: (values: Readonly<Record<string, unknown>>) => InputParams<Id, O>;
  /** The input field a wire parameter path comes from (`operations[2].params.name`). */
  readonly fieldOf: FieldNamer;
}

/** The endpoint's parameters as the shape of its schema (every entry's params is an object). */
function shapeOf(id: EndpointId): Readonly<Record<string, z.ZodType>> {
  const params: unknown = getEndpoint(id).params;
  if (!(params instanceof z.ZodObject)) throw new Error(`${id}: parameters are not an object`);
  return params.shape;
}

/**
 * A mutation's input, all from the catalog entry of `id` as list arguments are (list-args.ts):
 * each parameter a field named by `fieldName` (camelCase; an amount by what it is:
 * `daily_budget_amount_local_micro` → `dailyBudget`), in the form its schema takes, required
 * when the catalog requires it. Values go back under the catalog's names, and a violation's
 * wire path is named by the same fields. Options omit, require, describe and name what the
 * catalog does not say; wire names are never retyped.
 *
 *     const update = mutationArgs("campaigns.update", { globalIds: { campaign_id: CampaignRef } });
 *     builder.inputType("UpdateCampaignInput", { fields: update.fields });
 *     upstream.call("campaigns.update", update.params(input));
 */
export function mutationArgs<Id extends EndpointId, const O extends WireName<Id> = never>(
  id: Id,
  options: MutationArgsOptions<WireName<Id>, O> = {},
): MutationArgs<Id, O> {
  const { path, locations, method, readOnly } = getEndpoint(id);
  // A PUT changes only what it is given: leaving a field out keeps its value.
  const update = method === "PUT";
  const opts: MutationArgsOptions<string> = options;
  const required = new Set<string>(opts.require);
  const globalIds = opts.globalIds ?? {};
  const byGlobalId = Object.keys(globalIds).length > 0;
  const fields = Object.entries(shapeOf(id)).flatMap(([wire, schema]): Field[] => {
    const node = globalIds[wire];
    // A global id names the account: no accountId beside it.
    if (opts.omit?.includes(wire) || (wire === "account_id" && byGlobalId)) return [];
    // A field the update cannot change is tolerated on the wire for clients sending back what
    // they read; the facade sends only changes.
    if (readOnly.includes(wire)) return [];
    if (node !== undefined) {
      if (locations[wire] !== "path") throw new Error(`${id}: ${wire} is not in the path`);
      const name = path.endsWith(`/:${wire}`) ? "id" : fieldName(wire);
      const form = { kind: "scalar", type: "String", rule: null } as const;
      return [
        {
          ...field(wire, name, form, true),
          entity: entityOfType(node.name),
          names: "account",
          description: opts.describe?.[wire],
        },
      ];
    }
    const form = formOf(schema, wire);
    if (form === undefined) throw new Error(`${id}: no input form for ${wire}; omit it`);
    const base = field(wire, opts.rename?.[wire] ?? fieldName(wire), form);
    const isRequired = !isOptional(schema) || required.has(wire);
    return [
      {
        ...base,
        required: isRequired,
        // An id field without one says which object's id it takes (inputFields).
        description:
          opts.describe?.[wire] ??
          (base.entity ? undefined : describeInput(wire, form, schema, isRequired, update)),
        object: objectOf(form, opts.inputs?.[wire], `${id}: ${wire}`),
      },
    ];
  });
  return {
    fields: (t) => inputFields(t, fields),
    args: () => inputFields(argBuilder(), fields),
    params: (values) => paramsOf(id, options.omit, fields, values),
    fieldOf: (parameter) => inputPathOf(fields, parameter),
  };
}

/**
 * The wire parameters of `id` but the omitted ones. Their names come from the catalog at run
 * time, which the compiler cannot follow: this signature is where they take the endpoint's
 * type, and rest-client checks every value against the same schema before anything is sent.
 */
function paramsOf<Id extends EndpointId, O extends string>(
  id: Id,
  omitted: readonly O[] | undefined,
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
): InputParams<Id, O>;
function paramsOf(
  _id: EndpointId,
  _omitted: readonly string[] | undefined,
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  return wireValues(fields, values);
}
