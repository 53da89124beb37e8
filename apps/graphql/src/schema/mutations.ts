import type { ObjectRef } from "@pothos/core";
import { builder } from "../builder.js";
import type { Types } from "../builder.js";
import { NotFoundError, rethrowAsFacadeError } from "../errors.js";
import type { FieldNamer } from "../errors.js";
import { parseEntityKey } from "../loaders/keys.js";
import { MUTATION_ERRORS } from "./errors.js";

/**
 * Errors-plugin options of a mutation: its result is a union of its payload and the typed
 * failures (`<Name>Result = <Name>Payload | ValidationError | NotFoundError | ...`).
 */
export function mutationErrors(name: string) {
  return {
    types: MUTATION_ERRORS,
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
      [field]: t.field({ type, resolve: (result) => result[field] as never }),
    }),
  });
}

const camel = (word: string) => word.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * Names a wire parameter path in GraphQL input terms: each segment camelCased unless
 * `renames` says otherwise (`daily_budget_amount_local_micro` → `dailyBudget`); `params.`
 * segments of batch operations disappear (`operations[2].params.name` → `operations[2].name`).
 */
export function inputPath(renames: Readonly<Record<string, string>> = {}): FieldNamer {
  return (parameter) =>
    parameter
      .split(".")
      .filter((segment) => segment !== "params")
      .map((segment) => {
        const match = /^([^[]*)(.*)$/.exec(segment);
        const name = match?.[1] ?? segment;
        return (renames[name] ?? camel(name)) + (match?.[2] ?? "");
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

/** The account and id inside a decoded global id of an account-scoped object. */
export function ownedId(globalId: { id: string; typename: string }): {
  accountId: string;
  id: string;
} {
  const parsed = parseEntityKey(globalId.id);
  if (parsed === null)
    throw new NotFoundError(`No ${globalId.typename} has the id ${globalId.id}.`);
  return parsed;
}

/** A wire parameter only when the input gave it (null and absent both mean "leave as is"). */
export function optional<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}
