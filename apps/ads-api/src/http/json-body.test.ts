import { describe, expect, it } from "vitest";
import { UnreadableBody, parseJsonBody } from "./json-body.js";
import { BROKEN_UTF8 } from "./utf8.js";

describe("parseJsonBody", () => {
  it("parses JSON, keeping a __proto__ key as an own name, never a prototype", () => {
    const value = parseJsonBody('{"a":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["a", "__proto__"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("keeps malformed and empty JSON as an UnreadableBody for the route to answer", () => {
    for (const text of ["{oops", "", "  ", '{"a":'] as const) {
      const value = parseJsonBody(text);
      expect(value).toBeInstanceOf(UnreadableBody);
      expect((value as UnreadableBody).status).toBe(400);
    }
  });

  it("parses a 1 MB nesting without overflowing the stack (validation bounds the depth)", () => {
    const text = `${"[".repeat(500_000)}${"]".repeat(500_000)}`;
    expect(Array.isArray(parseJsonBody(text))).toBe(true);
  });

  it('marks broken UTF-8 for validation to refuse, and refuses a null body (not "no body")', () => {
    const broken = Buffer.from([
      ...Buffer.from('{"name":"'),
      0xed,
      0xa0,
      0x80,
      ...Buffer.from('"}'),
    ]);
    expect(parseJsonBody(broken)).toEqual({ name: BROKEN_UTF8 }); // refused by name in validation
    const outside = Buffer.from([...Buffer.from('{"a":1}'), 0xff]);
    expect((parseJsonBody(outside) as UnreadableBody).message).toMatch(/not valid JSON/);
    expect(parseJsonBody(Buffer.from('{"name":"Café 😀"}'))).toEqual({ name: "Café 😀" });
    expect((parseJsonBody("null") as UnreadableBody).message).toMatch(/JSON body is null/);
  });
});
