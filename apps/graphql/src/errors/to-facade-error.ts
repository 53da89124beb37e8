import { FacadeError } from "./facade-errors.js";
import { sameName, type FieldNamer } from "./field-violations.js";
import { rowFor } from "./upstream-errors.js";

/**
 * The one mapping from anything a resolver throws to a facade failure: rest-client and models
 * errors become the failure a client can act on (UPSTREAM_ERROR_TABLE); unknown errors give
 * undefined (internal). `fieldOf` names input fields for mutations whose GraphQL names differ
 * from the wire's.
 */
export function toFacadeError(
  error: unknown,
  fieldOf: FieldNamer = sameName,
): FacadeError | undefined {
  if (error instanceof FacadeError) return error;
  if (!(error instanceof Error)) return undefined;
  return rowFor(error)?.build(error, fieldOf);
}

/** Rethrows `error` as a facade failure when it maps to one (mutations' typed error unions). */
export function rethrowAsFacadeError(error: unknown, fieldOf?: FieldNamer): never {
  throw toFacadeError(error, fieldOf) ?? error;
}
