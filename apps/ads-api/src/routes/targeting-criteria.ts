import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  createTargetingCriterion,
  deleteTargetingCriterion,
  getTargetingCriterion,
  listTargetingCriteria,
  presentTargetingCriterion,
} from "../services/targeting-criteria.js";

const DATA_TYPE = "targeting_criterion";

/** Targeting criteria of line items: beyond the spec (catalog/targeting-criteria.ts). */
export const targetingCriterionHandlers: AdsHandlers = {
  // Only the account's own rows answer it: cached per account data version like tracking tags.
  "targeting_criteria.list": async (call) =>
    cacheable(
      listOf(
        await listTargetingCriteria(call.ctx, accountOf(call).id, call.params),
        presentTargetingCriterion,
        DATA_TYPE,
      ),
    ),
  "targeting_criteria.get": async (call) => {
    const { targeting_criterion_id: id, with_deleted: withDeleted } = call.params;
    const row = await getTargetingCriterion(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentTargetingCriterion(row), DATA_TYPE);
  },
  "targeting_criteria.create": async (call) => {
    const { account_id: _account, ...input } = call.params;
    const row = await createTargetingCriterion(call.ctx, accountOf(call).id, input);
    return single(presentTargetingCriterion(row), DATA_TYPE);
  },
  "targeting_criteria.delete": async (call) => {
    const id = call.params.targeting_criterion_id;
    const row = await deleteTargetingCriterion(call.ctx, accountOf(call).id, id);
    return single(presentTargetingCriterion(row), DATA_TYPE);
  },
};
