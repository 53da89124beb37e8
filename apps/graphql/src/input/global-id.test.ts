import { LIMITS } from "@adsgraph/models";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { GLOBAL_ID_MAX_LENGTH, idPartProblem, parseGlobalId } from "./global-id.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("parseGlobalId", () => {
  it("reads the ids the schema hands out (Pothos's encoding), of the longest parts allowed", () => {
    expect(parseGlobalId(encodeGlobalID("Campaign", "dmo1ab/c1"))).toEqual({
      typename: "Campaign",
      id: "dmo1ab/c1",
    });
    const max = "a".repeat(LIMITS.adsIdLength);
    const longest = encodeGlobalID(max, `${max}/${max}`);
    expect(longest.length).toBeLessThanOrEqual(GLOBAL_ID_MAX_LENGTH);
    expect(parseGlobalId(longest)).toEqual({ typename: max, id: `${max}/${max}` });
  });

  it("refuses a value over the size rule before decoding it", () => {
    const huge = `${"A".repeat(1_000_000)}!`; // not base64 either: the size rule answers first
    expect(parseGlobalId(huge)).toEqual({
      problem: {
        code: "TOO_LONG",
        message: `must be at most ${GLOBAL_ID_MAX_LENGTH} characters (got 1000001)`,
      },
    });
  });

  it.each([
    ["empty", ""],
    ["not base64", "!!!"],
    ["base64url", b64("Campaign:x/~~~").replaceAll("+", "-")],
    ["bad padding", "QQ="],
    ["not UTF-8", Buffer.from([0x43, 0x3a, 0xff, 0xfe]).toString("base64")],
    ["a NUL inside", b64("Campaign:dmo1ab/\u0000c1")],
    ["a line break inside", b64("Campaign:dmo1ab\n/c1")],
    ["no colon", b64("Campaign")],
    ["no id", b64("Campaign:")],
    ["no type", b64(":dmo1ab")],
    ["a type name that is no name", b64("Cam paign:dmo1ab")],
  ])("refuses %s", (_case, value) => {
    expect(parseGlobalId(value).problem).toMatchObject({
      code: "INVALID_PARAMETER",
      message: expect.stringMatching(/^must be the `id` of an object of this API \(/) as unknown,
    });
  });
});

describe("idPartProblem", () => {
  it("takes posts' own ids and drafts' and scheduled posts' ids in an account as digits", () => {
    expect(idPartProblem("Post", "1234567890123456789")).toBeUndefined();
    expect(idPartProblem("Draft", "dmo1ab/1234567890123456789")).toBeUndefined();
    expect(idPartProblem("ScheduledPost", "dmo1ab/42")).toBeUndefined();
    expect(idPartProblem("Campaign", "dmo1ab/c1")).toBeUndefined(); // not a digit-id type
    for (const [type, id] of [
      ["Post", "dmo1ab/1"],
      ["Post", "12x"],
      ["Post", "1".repeat(LIMITS.digitIdLength + 1)],
      ["Draft", "dmo1ab/c1"],
      ["ScheduledPost", "dmo1ab/"],
    ] as const) {
      expect(idPartProblem(type, id)?.code, `${type}:${id}`).toBe("INVALID_PARAMETER");
    }
  });
});
