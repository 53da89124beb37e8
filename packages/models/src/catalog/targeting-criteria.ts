import { idList } from "../fields/lists.js";
import { text } from "../fields/text.js";
import { operatorTypeSchema } from "../params/targeting-criteria.js";
import { TARGETING_TYPES } from "../params/targeting-criteria.js";
import { targetingCriterionResourceSchema } from "../resources/audiences.js";
import { adsId } from "../scalars.js";
import { z } from "zod";
import { SORTABLE, accountPath, listParams, withDeleted } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { list, single } from "./responses.js";

/**
 * Why these endpoints exist although spec §4.2 says targeting criteria are "not shown": §4.8's
 * `custom_audiences/:id/targeted` lists the line items that target an audience, and its sharing
 * rules say what a revoked account may still target (issue 17). Paths and fields follow the
 * vendor's v11 targeting_criteria API; no batch.
 */
const BEYOND_SPEC =
  "issue 17: §4.8 targeted lists and sharing rules need line items targeting audiences; the vendor API v11 targeting_criteria endpoints";

const criterionPath = { ...accountPath, targeting_criterion_id: adsId };

/** Targeting criteria of line items: beyond the spec (see BEYOND_SPEC). */
export const targetingCriterionEndpoints = group(
  endpoint({
    id: "targeting_criteria.list",
    method: "GET",
    path: "/accounts/:account_id/targeting_criteria",
    capability: "campaigns:read",
    summary: "Targeting criteria of line items.",
    params: {
      ...accountPath,
      line_item_ids: idList().optional(),
      targeting_criterion_ids: idList().optional(),
      ...listParams(SORTABLE.targetingCriteria),
    },
    response: list(targetingCriterionResourceSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "targeting_criteria.get",
    method: "GET",
    path: "/accounts/:account_id/targeting_criteria/:targeting_criterion_id",
    capability: "campaigns:read",
    summary: "One targeting criterion.",
    params: { ...criterionPath, ...withDeleted },
    response: single(targetingCriterionResourceSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "targeting_criteria.create",
    method: "POST",
    path: "/accounts/:account_id/targeting_criteria",
    capability: "campaigns:write",
    summary:
      "Target a line item (a CUSTOM_AUDIENCE criterion names an audience the account may target).",
    params: {
      ...accountPath,
      line_item_id: adsId,
      targeting_type: z.enum(TARGETING_TYPES),
      // no length of its own (the vendor shows none): the input scan caps every string
      targeting_value: text({ min: 1 }),
      operator_type: operatorTypeSchema.optional(),
    },
    response: single(targetingCriterionResourceSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "targeting_criteria.delete",
    method: "DELETE",
    path: "/accounts/:account_id/targeting_criteria/:targeting_criterion_id",
    capability: "campaigns:write",
    summary: "Remove a targeting criterion.",
    params: criterionPath,
    response: single(targetingCriterionResourceSchema),
    beyondSpec: BEYOND_SPEC,
  }),
);
