import { expect } from "vitest";
import type { EndpointId, ValidateOptions, Violation, ViolationCode } from "../src/index.js";
import { validateParams } from "../src/index.js";

/** All violations of a request (empty when valid). */
export function violationsOf(
  id: EndpointId,
  params: unknown,
  options?: ValidateOptions,
): readonly Violation[] {
  const result = validateParams(id, params, options);
  return result.ok ? [] : result.violations;
}

/** Asserts the request is valid and returns the normalised parameters. */
export function expectValid(
  id: EndpointId,
  params: unknown,
  options?: ValidateOptions,
): Readonly<Record<string, unknown>> {
  const result = validateParams(id, params, options);
  expect(result.ok ? [] : result.violations).toEqual([]);
  return result.ok ? result.value : {};
}

/**
 * Asserts that the request breaks a rule on `parameter` with `code`, and that the message
 * names the parameter (its last segment at least).
 */
export function expectViolation(
  id: EndpointId,
  params: unknown,
  parameter: string,
  code: ViolationCode,
  options?: ValidateOptions,
): Violation {
  const violations = violationsOf(id, params, options);
  const found = violations.find(
    (violation) => violation.parameter === parameter && violation.code === code,
  );
  expect(
    found,
    `expected ${code} on ${parameter}, got ${JSON.stringify(violations)}`,
  ).toBeDefined();
  const leaf =
    parameter
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? parameter;
  expect(found?.message).toContain(leaf);
  return found ?? { code, parameter, message: "" };
}
