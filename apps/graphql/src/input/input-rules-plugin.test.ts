import {
  isInputObjectType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLInputField,
} from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../schema/index.js";
import { ruleOf } from "./input-rules.js";

/** Names of inputs that carry ids: `id`, `ids`, `accountId`, `mediaKeys`, `cardUris`, ... */
const ID_NAME = /^(?:ids?|.*(?:Id|Ids|Key|Keys|Uris))$/;
/**
 * Named like ids but not ads ids: card content the catalog checks (an app's store package
 * name), and people's identifiers of an audience, checked and hashed by audience-users.ts.
 */
const NOT_IDS = new Set([
  "CardDestinationInput.googleplayAppId",
  "AudienceUserInput.deviceId",
  "AudienceUserInput.userId",
  "AudienceUserInput.partnerUserId",
  // Not ids of anything: the caller's own echo value, and tax registration numbers.
  "CreateSandboxAccountInput.clientMutationId",
  "UpdateTaxSettingsInput.taxId",
  "UpdateTaxSettingsInput.taxExemptionId",
]);

function unchecked(place: string, input: GraphQLArgument | GraphQLInputField): string[] {
  if (!ID_NAME.test(input.name) || NOT_IDS.has(`${place}.${input.name}`)) return [];
  const extensions = input.extensions as Record<string, unknown>;
  const rule = ruleOf(extensions);
  const checked =
    extensions.isRelayGlobalID === true ||
    rule === "id" ||
    rule === "digitId" ||
    (rule === "cardUri" && input.name === "cardUris");
  return checked ? [] : [`${place}.${input.name}`];
}

describe("the input rules plugin", () => {
  it("checks every argument and input field that carries an id", () => {
    const missing: string[] = [];
    let seen = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith("__")) continue;
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          for (const arg of field.args) {
            if (ID_NAME.test(arg.name)) seen += 1;
            missing.push(...unchecked(`${type.name}.${field.name}`, arg));
          }
        }
      }
      if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (ID_NAME.test(field.name)) seen += 1;
          missing.push(...unchecked(type.name, field));
        }
      }
    }
    expect(missing).toEqual([]);
    expect(seen).toBeGreaterThan(30); // the walk reached the schema's ids
  });
});
