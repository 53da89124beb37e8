import { isObjectType } from "graphql";
import { expect, it } from "vitest";
import { schema } from "../schema/index.js";
import { fetchRuleOf } from "./fetch-rule.js";
import { readsUpstream } from "./upstream-readers.js";

/** Object fields that read upstream by no fetch rule: the planner lists them as unplanned. */
function unruledReaders(): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (fetchRuleOf(field) === undefined && readsUpstream(field))
        found.push(`${type.name}.${field.name}`);
    }
  }
  return found.sort();
}

it("shows which fields read upstream without a fetch rule (the planner's gap)", () => {
  const gap = unruledReaders();
  // Visible in the test output: the work left to make these plannable.
  console.info(`${gap.length} fields read upstream without a fetch rule:\n${gap.join("\n")}`);
  // The planned ones stay planned.
  for (const planned of [
    "Query.account",
    "Viewer.accounts",
    "Account.campaigns",
    "Account.cards",
    "Account.industryType",
    "Account.authenticatedUserAccess",
    "Campaign.fundingInstrument",
    "Campaign.account",
    "LineItem.campaign",
    "FundingInstrument.campaigns",
    "Campaign.lineItems",
    "LineItem.mediaCreatives",
    "LineItem.targetingCriteria",
    "IabCategory.parent",
  ])
    expect(gap).not.toContain(planned);
  // A resolver reading through the loaders is found.
  expect(gap).toContain("Account.taxSettings");
});
