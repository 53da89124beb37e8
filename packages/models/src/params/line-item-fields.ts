import { enumList, idList } from "../fields/lists.js";
import { money } from "../fields/numbers.js";
import { text } from "../fields/text.js";
import { domainName } from "../fields/urls.js";
import { LIMITS } from "../limits.js";
import { entityStatusSchema } from "../resources/campaign.js";
import {
  LINE_ITEM_PLACEMENTS,
  bidStrategySchema,
  lineItemObjectiveSchema,
  lineItemProductTypeSchema,
  payBySchema,
} from "../resources/line-item.js";
import type { Rule } from "../rules/context.js";
import {
  bidAmountForStrategy,
  bidStrategyNeedsAmount,
  categoriesOnlyForPreroll,
  noRepeatedItems,
  prerollNeedsCategories,
} from "../rules/line-item.js";
import { adsId } from "../scalars.js";

/** Fields a line item's update may change (its campaign, objective and product type stay). */
export const lineItemUpdateFields = {
  name: text({ min: 1, max: LIMITS.lineItemName }).optional(),
  entity_status: entityStatusSchema.optional(),
  bid_strategy: bidStrategySchema.optional(),
  bid_amount_local_micro: money().optional(),
  pay_by: payBySchema.optional(),
  total_budget_amount_local_micro: money().optional(),
  // spec §4.4: advertiser business category ids, one or two; empty as a line item without
  // them reads back (ads-api refuses emptying a PREROLL_VIEWS line item's).
  categories: idList({ max: LIMITS.lineItemCategories.max, allowEmpty: true }).optional(),
  advertiser_domain: domainName().optional(),
  primary_web_event_tag: adsId.optional(),
};

/**
 * Create: the update fields, plus what fixes the line item's kind. Required (a choice of this
 * service; ads-api README): campaign_id, name, objective, product_type, placements.
 */
export const lineItemCreateFields = {
  ...lineItemUpdateFields,
  categories: idList({ max: LIMITS.lineItemCategories.max }).optional(),
  campaign_id: adsId,
  name: lineItemUpdateFields.name.unwrap(),
  objective: lineItemObjectiveSchema,
  product_type: lineItemProductTypeSchema,
  // Which combinations a product type allows is the placements reference data (§4.4), which
  // ads-api holds and checks.
  placements: enumList(LINE_ITEM_PLACEMENTS),
};

export const lineItemUpdateRules: readonly Rule[] = [bidAmountForStrategy, noRepeatedItems];

export const lineItemCreateRules: readonly Rule[] = [
  categoriesOnlyForPreroll,
  prerollNeedsCategories,
  bidAmountForStrategy,
  bidStrategyNeedsAmount,
  noRepeatedItems,
];

/** What a line-item batch item's params may hold, whatever its type (each optional). */
export const lineItemBatchFields = {
  ...lineItemUpdateFields,
  campaign_id: lineItemCreateFields.campaign_id.optional(),
  objective: lineItemCreateFields.objective.optional(),
  product_type: lineItemCreateFields.product_type.optional(),
  placements: lineItemCreateFields.placements.optional(),
};
