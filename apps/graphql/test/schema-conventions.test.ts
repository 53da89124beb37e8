import { ESLint } from "eslint";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schemaLint } from "../eslint.config.js";
import { enforced } from "../schema-convention-gaps.js";
import type { SchemaConventionCheck } from "../schema-convention-gaps.js";
import { schema } from "../src/schema/index.js";
import {
  descriptionCoverage,
  descriptionsForTheBackend,
  entityArgumentsNotIds,
  enumeratedStringFields,
  mutationsWithoutSingleInput,
} from "./support/schema-conventions.js";

/**
 * A check fails on any violation once it is enforced; while schema-convention-gaps.ts lists it,
 * its violations are printed (the gaps left) and the check passes.
 */
function expectConforming(check: SchemaConventionCheck, violations: string[]) {
  if (enforced(check)) {
    expect(violations).toEqual([]);
  } else {
    console.info(
      `[${check}] ${violations.length} gaps (listed in schema-convention-gaps.ts):\n  ${violations.join("\n  ")}`,
    );
  }
}

describe("the schema's conventions", () => {
  it("prints the description coverage", () => {
    const coverage = descriptionCoverage(schema);
    console.info(`Description coverage:\n  ${coverage.join("\n  ")}`);
    expect(coverage.length).toBeGreaterThan(0);
  });

  it("gives every mutation exactly one argument, input", () => {
    expectConforming("mutation-single-input", mutationsWithoutSingleInput(schema));
  });

  it("types every argument and input field naming an entity as an ID", () => {
    expectConforming("entity-arguments-are-ids", entityArgumentsNotIds(schema));
  });

  it("has no String field whose values are enumerated", () => {
    expectConforming("enumerated-fields-are-enums", enumeratedStringFields(schema));
  });

  it("describes for the reader: no spec sections, wire names or batching", () => {
    expectConforming("descriptions-for-readers", descriptionsForTheBackend(schema));
  });
});

/** One violation of every convention: the checks must find each. */
const VIOLATING = /* GraphQL */ `
  type Query {
    "A campaign by its id."
    campaign(campaignId: String!): Campaign
  }
  type Mutation {
    deleteCampaign(accountId: ID!, id: ID!): Boolean
  }
  input pauseInput {
    campaignIds: [String!]!
  }
  "An ad campaign (spec §4.2), read in batches of 200."
  type Campaign {
    id: ID!
    entityStatus: String
    cardType: String!
    Name: String
  }
  enum Kind {
    one
  }
`;

describe("the convention checks", () => {
  const violating = buildSchema(VIOLATING);

  it("find a mutation without one input", () => {
    expect(mutationsWithoutSingleInput(violating)).toEqual([
      "Mutation.deleteCampaign(accountId: id:)",
    ]);
  });

  it("find entity arguments and input fields that are not IDs", () => {
    expect(entityArgumentsNotIds(violating)).toEqual([
      "Query.campaign(campaignId:): String",
      "pauseInput.campaignIds: String",
    ]);
  });

  it("find enumerated String fields", () => {
    expect(enumeratedStringFields(violating)).toEqual([
      "Campaign.entityStatus",
      "Campaign.cardType",
    ]);
  });

  it("find descriptions that speak of the backend", () => {
    expect(descriptionsForTheBackend(violating)).toEqual([
      'Campaign: a spec section ("§")',
      'Campaign: request batching ("batches")',
    ]);
  });

  it("find undescribed parts and names off the convention, as errors once enforced", async () => {
    const eslint = new ESLint({
      cwd: import.meta.dirname,
      overrideConfigFile: true,
      overrideConfig: [schemaLint(() => "error", VIOLATING)],
    });
    const [result] = await eslint.lintText(VIOLATING, { filePath: "violating.graphql" });
    const found = (result?.messages ?? []).map((message) => message.ruleId);
    expect(found).toContain("@graphql-eslint/require-description");
    expect(found).toContain("@graphql-eslint/naming-convention");
    expect(result?.messages.filter((message) => message.severity !== 2)).toEqual([]);
  });
});
