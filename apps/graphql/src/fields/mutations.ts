import type { ArgBuilder, InputFieldBuilder, InputFieldMap, ObjectRef } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.js";
import type { Types } from "../builder.js";
import { rethrowAsFacadeError } from "../errors/to-facade-error.js";
import type {
  BetaFeatureRequiredError,
  DoNotReachListExistsError,
  DuplicateNameError,
  EditWindowPassedError,
  IncompatibleLineItemError,
  MediaRuleError,
  NotAudienceOwnerError,
  ReplyNotAllowedError,
  SharingNotAllowedError,
} from "../errors/facade-errors.js";
import type { FieldNamer } from "../errors/field-violations.js";
import { MUTATION_ERRORS } from "../schema/common/errors.js";
import { nounsOf } from "./connections.js";
import { INPUT_ARG } from "../input/mutation-input-plugin.js";
import { fieldName } from "./input-forms.js";

/**
 * Errors-plugin options of a mutation: its result is a union of its payload and the typed
 * failures (`<Name>Result = <Name>Payload | ValidationError | NotFoundError | ...`).
 */
export function mutationErrors(
  name: string,
  /** Failures of this mutation alone (e.g. IncompatibleLineItemError). */
  extra: readonly (
    | typeof IncompatibleLineItemError
    | typeof MediaRuleError
    | typeof EditWindowPassedError
    | typeof ReplyNotAllowedError
    | typeof DuplicateNameError
    | typeof NotAudienceOwnerError
    | typeof SharingNotAllowedError
    | typeof BetaFeatureRequiredError
    | typeof DoNotReachListExistsError
  )[] = [],
) {
  const field = name.charAt(0).toLowerCase() + name.slice(1);
  return {
    types: [...MUTATION_ERRORS, ...extra],
    directResult: true as const,
    union: {
      name: `${name}Result`,
      description:
        `What \`${field}\` answers: \`${name}Payload\` when it succeeded, otherwise the ` +
        "error saying why nothing changed (every error has a `code` and a `message`).",
    },
  };
}

/** A `<Name>Payload` object with one field holding the mutation's object. */
export function payload<T>(
  name: string,
  field: string,
  type: ObjectRef<Types, T>,
  description: string,
): ObjectRef<Types, Record<string, T>> {
  return builder.objectRef<Record<string, T>>(`${name}Payload`).implement({
    description,
    fields: (t) => ({
      [field]: t.expose(field, {
        type,
        description: `The ${nounsOf(type.name).one}, as it is now that the mutation took effect.`,
      }),
    }),
  });
}

/**
 * The one argument of a mutation, `input: <Name>Input!`, over these fields (a mutationArgs'
 * `fields`): every mutation takes its values this way, deletes and argument-less ones too.
 *
 *     args: inputArg(t.arg, "DeleteCampaign", remove.fields, "Which campaign to delete."),
 */
export function inputArg(
  arg: ArgBuilder<Types>,
  name: string,
  fields: (t: InputFieldBuilder<Types, "InputObject">) => InputFieldMap,
  description: string,
) {
  const type = builder.inputType(`${name}Input`, { description, fields });
  return { input: arg({ type, required: true, description: INPUT_ARG }) };
}

/** What a delete answers: the object as the service answered it, and the id it had. */
export interface Deleted<T> {
  readonly deleted: T;
  readonly deletedId: string;
}

/**
 * A delete's `<Name>Payload`: the deleted object under `field` (as the service answered it,
 * `deleted: true`) and `deletedId`, so a client cache can drop it without reading again.
 */
export function deletePayload<T>(
  name: string,
  field: string,
  type: ObjectRef<Types, T>,
  description: string,
): ObjectRef<Types, Deleted<T>> {
  return builder.objectRef<Deleted<T>>(`${name}Payload`).implement({
    description: "What a delete answers: the object as it was deleted, and its id.",
    fields: (t) => ({
      [field]: t.expose("deleted", { type, description }),
      deletedId: t.id({
        description:
          "The `id` the deleted object had: remove it from cached lists and forget it. It " +
          "names nothing any more.",
        resolve: (answer) => answer.deletedId,
      }),
    }),
  });
}

/**
 * A delete's answer: `entity` as the service answered it, and the global id of the `type`
 * object it was (`key`: the id its `id` field encodes, `<account id>/<id>` inside an account).
 */
export function deleted<T>(type: { readonly name: string }, key: string, entity: T): Deleted<T> {
  return { deleted: entity, deletedId: encodeGlobalID(type.name, key) };
}

/**
 * Adds to a create's payload the object the new one was created in (its `account`, ...):
 * `payload` is the payload type, `createdOf` finds the new object in an answer.
 */
export type ParentOf<E> = <T extends E>(
  payload: ObjectRef<Types, Record<string, T>>,
  createdOf: (answer: Readonly<Record<string, T>>) => T,
) => void;

/**
 * A create's `<Name>Payload`: the new object under `field`, and the object it was created in
 * (`parent`), so one mutation can re-select the parent's list that now holds it.
 */
export function createPayload<T extends E, E>(
  name: string,
  field: string,
  type: ObjectRef<Types, T>,
  description: string,
  parent: ParentOf<E>,
): ObjectRef<Types, Record<string, T>> {
  const ref = builder.objectRef<Record<string, T>>(`${name}Payload`).implement({
    description: "What a create answers: the new object and the object it belongs to.",
    fields: (t) => ({ [field]: t.expose(field, { type, description }) }),
  });
  parent(ref, (answer) => {
    const created = answer[field];
    if (created === undefined) throw new Error(`a create's answer without its ${field}`);
    return created;
  });
  return ref;
}

/**
 * Names a wire parameter path in GraphQL input terms, for inputs not planned by mutationArgs:
 * each segment by `fieldName` unless `renames` says otherwise; `params.` segments of batch
 * operations disappear (`operations[2].params.name` → `operations[2].name`).
 */
export function inputPath(renames: Readonly<Record<string, string>> = {}): FieldNamer {
  return (parameter) =>
    parameter
      .split(".")
      .filter((segment) => segment !== "params")
      .map((segment) => {
        // `name[2]`: the name, then its indexes (indexOf: no regex over an upstream text).
        const bracket = segment.indexOf("[");
        const name = bracket === -1 ? segment : segment.slice(0, bracket);
        const indexes = bracket === -1 ? "" : segment.slice(bracket);
        return (renames[name] ?? fieldName(name)) + indexes;
      })
      .join(".");
}

/** Runs a mutation's body; anything it throws leaves as a typed failure of its union. */
export async function attempt<T>(run: () => Promise<T>, fieldOf?: FieldNamer): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return rethrowAsFacadeError(error, fieldOf);
  }
}

/** An upstream answer as the shape resolvers receive: with the account it was written in. */
export function ownedBy<T extends object>(data: T, accountId: string): T & { account_id: string } {
  return { ...data, account_id: accountId };
}
