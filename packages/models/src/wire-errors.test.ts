import { describe, expect, it } from "vitest";
import { WIRE_ERROR_CODES, WIRE_ERROR_MESSAGES, WIRE_ERROR_STATUS } from "./wire-errors.js";

describe("wire error codes", () => {
  it("answers spec §7's credential codes with the spec's statuses", () => {
    expect(WIRE_ERROR_CODES.INVALID_OR_EXPIRED_TOKEN).toBe(89);
    expect(WIRE_ERROR_STATUS[89]).toBe(401);
    expect(WIRE_ERROR_CODES.BEARER_TOO_OFTEN).toBe(99);
    expect(WIRE_ERROR_STATUS[99]).toBe(403);
    expect(WIRE_ERROR_STATUS.INCOMPATIBLE_LINE_ITEM).toBe(400);
  });

  it("gives every code a status, and no two names one code", () => {
    const codes = Object.values(WIRE_ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(WIRE_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    for (const code of Object.keys(WIRE_ERROR_MESSAGES)) {
      expect(codes.map(String)).toContain(code);
    }
  });
});
