import { describe, expect, it } from "vitest";
import { z } from "zod";
import { batchEnvelope, errorBodySchema, listEnvelope } from "./envelopes.js";

describe("envelopes (spec §2.1, §7)", () => {
  const item = z.looseObject({ id: z.string() });

  it("a list needs next_cursor; total_count is optional", () => {
    expect(
      listEnvelope(item).safeParse({
        request: { params: {} },
        data: [],
        next_cursor: "c2",
        total_count: 5,
      }).success,
    ).toBe(true);
    expect(listEnvelope(item).safeParse({ request: { params: {} }, data: [] }).success).toBe(false);
  });

  it("a batch has ordered data and request arrays and per-index operation errors", () => {
    const body = {
      request: [
        { params: { name: "a" }, operation_type: "Create" },
        { params: { campaign_id: "c" }, operation_type: "Delete" },
      ],
      data: [{ id: "1" }, { id: "c" }],
      operation_errors: [
        [],
        [{ code: "NOT_FOUND", message: "no such campaign", parameter: "campaign_id" }],
      ],
    };
    expect(batchEnvelope(item).parse(body)).toEqual(body);
  });

  it("error bodies carry numeric or word codes", () => {
    const body = {
      errors: [
        { code: 89, message: "Invalid or expired token." },
        { code: "INCOMPATIBLE_LINE_ITEM", message: "x", parameter: "line_item_id" },
      ],
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ errors: [{ message: "no code" }] }).success).toBe(false);
  });
});
