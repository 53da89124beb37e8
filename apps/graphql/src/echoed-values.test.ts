import { describe, expect, it } from "vitest";
import { withoutEchoedValues } from "./echoed-values.js";

describe("withoutEchoedValues", () => {
  const inner = "String cannot represent a non string value: 447700900123";
  const variable = `Variable "$users" got invalid value 447700900123 at "users[0].phoneNumber[0]"; ${inner}`;

  it("keeps the variable, path and rule of a variable's refusal, never the value", () => {
    const expected =
      'Variable "$users" got an invalid value at "users[0].phoneNumber[0]": String cannot represent a non string value.';
    expect(withoutEchoedValues(variable, inner)).toBe(expected);
    expect(withoutEchoedValues(variable)).toBe(expected);
    expect(
      withoutEchoedValues(
        'Variable "$x" got invalid value { a: "Leak@Example.com; at \\"x\\"" }; Expected type "In" to be an object.',
        'Expected type "In" to be an object.',
      ),
    ).toBe('Variable "$x" got an invalid value: Expected type "In" to be an object.');
  });

  it("drops the value of a literal's or enum's refusal", () => {
    expect(withoutEchoedValues("String cannot represent a non string value: 447700900124")).toBe(
      "String cannot represent a non string value.",
    );
    expect(withoutEchoedValues('Expected value of type "String!", found 4477.')).toBe(
      'Expected value of type "String!".',
    );
    expect(withoutEchoedValues('Value "someone@x" does not exist in "EntityStatus" enum.')).toBe(
      'The value does not exist in "EntityStatus" enum.',
    );
    const name = 'Value "PIXEL" does not exist in "TrackingTagType" enum. Did you mean "X"?';
    expect(withoutEchoedValues(name)).toBe(name);
  });

  it("leaves other messages alone", () => {
    const message = 'Cannot query field "nope" on type "Query".';
    expect(withoutEchoedValues(message)).toBe(message);
    expect(withoutEchoedValues('Variable "$id" of required type "ID!" was not provided.')).toBe(
      'Variable "$id" of required type "ID!" was not provided.',
    );
  });
});
