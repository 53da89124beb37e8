import type { ObjectRef } from "@pothos/core";
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
  return {
    types: [...MUTATION_ERRORS, ...extra],
    directResult: true as const,
    union: { name: `${name}Result` },
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
      [field]: t.expose(field, { type }),
    }),
  });
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
