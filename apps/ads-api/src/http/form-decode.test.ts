import { describe, expect, it } from "vitest";
import { BadRequestError } from "../errors.js";
import { decodeFormPairs } from "./form-decode.js";

function refusal(text: string): { parameter?: string | undefined; message: string } {
  try {
    decodeFormPairs(text);
  } catch (error) {
    if (error instanceof BadRequestError) return error.errors[0] ?? { message: "" };
    throw error;
  }
  throw new Error(`${text} was accepted`);
}

describe("decodeFormPairs", () => {
  it("decodes as URLSearchParams does for well-formed text", () => {
    const text = "a=1&b=two+words&c=%E2%9C%93&d&=e&f=x%3Dy&&g=%F0%9F%98%80";
    expect(decodeFormPairs(text)).toEqual([...new URLSearchParams(text)]);
  });

  it("refuses bad percent-encoding and non-UTF-8, naming the parameter", () => {
    expect(refusal("q=%zz")).toMatchObject({ parameter: "q" });
    expect(refusal("ok=1&q=%FF")).toMatchObject({ parameter: "q" });
    expect(refusal("q=%C0%AF")).toMatchObject({ parameter: "q" }); // overlong "/"
    expect(refusal("q=%ED%A0%80")).toMatchObject({ parameter: "q" }); // a surrogate
    expect(refusal("q=%")).toMatchObject({ parameter: "q" });
    expect(refusal("bad%FFname=1").message).toMatch(/parameter name/);
  });

  it("reads a long adversarial query in one pass", () => {
    // 200,000 characters of near-misses: a backtracking decoder would take minutes.
    const text = `${"%2".repeat(100_000)}=1`;
    expect(() => decodeFormPairs(text)).toThrow(BadRequestError);
    expect(decodeFormPairs(`q=${"%41".repeat(70_000)}`)[0]?.[1]).toHaveLength(70_000);
  });
});
