import type { Violation } from "./violations.js";

/** Codes of errors this package throws. */
export const MODELS_ERROR_CODES = {
  VALIDATION_FAILED: "VALIDATION_FAILED",
  UNKNOWN_ENDPOINT: "UNKNOWN_ENDPOINT",
  INTERNAL: "INTERNAL",
} as const;

export type ModelsErrorCode = (typeof MODELS_ERROR_CODES)[keyof typeof MODELS_ERROR_CODES];

/** Base class of every error thrown by `@adsgraph/models`. */
export class ModelsError extends Error {
  override readonly name: string = "ModelsError";
  readonly code: ModelsErrorCode;

  constructor(code: ModelsErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** Parameters of a request broke one or more rules; `violations` lists all of them. */
export class ValidationError extends ModelsError {
  override readonly name = "ValidationError";
  readonly endpointId: string;
  readonly violations: readonly Violation[];

  constructor(endpointId: string, violations: readonly Violation[]) {
    const first = violations[0];
    const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : "";
    super(
      MODELS_ERROR_CODES.VALIDATION_FAILED,
      `${endpointId}: ${first?.message ?? "invalid parameters"}${more}`,
    );
    this.endpointId = endpointId;
    this.violations = violations;
  }
}

/** An endpoint id that the catalog does not hold. */
export class UnknownEndpointError extends ModelsError {
  override readonly name = "UnknownEndpointError";

  constructor(id: string) {
    super(MODELS_ERROR_CODES.UNKNOWN_ENDPOINT, `no endpoint with id "${id}" in the catalog`);
  }
}

/** Turns any thrown value into a ModelsError, keeping the original as `cause`. */
export function toModelsError(error: unknown): ModelsError {
  if (error instanceof ModelsError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ModelsError(MODELS_ERROR_CODES.INTERNAL, message, { cause: error });
}
