import { idList } from "../fields/lists.js";
import { money } from "../fields/numbers.js";
import { timestampParam } from "../fields/timestamps.js";
import { flag } from "../fields/booleans.js";
import { LIMITS } from "../limits.js";
import { batchOperations } from "../params/batch-operations.js";
import {
  campaignCreateRules,
  campaignFields,
  campaignUpdateFields,
  campaignUpdateRules,
} from "../params/campaign-fields.js";
import { campaignSchema } from "../resources/campaign.js";
import {
  fundingInstrumentSchema,
  fundingInstrumentTypeSchema,
} from "../resources/funding-instrument.js";
import { adsId, currencyCode } from "../scalars.js";
import { SORTABLE, accountPath, listParams, nameQuery, withDeleted } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { batch, list, single } from "./responses.js";
import { fundingEndAfterStart, fundingFieldsForType } from "../rules/funding-instrument.js";

const campaignPath = { ...accountPath, campaign_id: adsId };
const fundingInstrumentPath = { ...accountPath, funding_instrument_id: adsId };

const campaignCreate = endpoint({
  id: "campaigns.create",
  method: "POST",
  path: "/accounts/:account_id/campaigns",
  capability: "campaigns:write",
  summary: "Create a campaign; the spec shows some parameters and not which are required.",
  params: { ...accountPath, ...campaignFields },
  // spec §4.5: "remaining parameters ... not shown", so others are let through.
  openParams: true,
  rules: campaignCreateRules,
  response: single(campaignSchema),
});

const campaignUpdate = endpoint({
  id: "campaigns.update",
  method: "PUT",
  path: "/accounts/:account_id/campaigns/:campaign_id",
  capability: "campaigns:write",
  summary: "Update a campaign.",
  params: { ...campaignPath, ...campaignUpdateFields },
  updates: campaignSchema,
  rules: campaignUpdateRules,
  response: single(campaignSchema),
});

/** spec §4.5 batch: Create items as campaigns.create, Update items as campaigns.update. */
const campaignBatchOperations = batchOperations({
  idParam: "campaign_id",
  fields: campaignFields,
  create: { endpoint: campaignCreate, rules: campaignCreateRules },
  update: { endpoint: campaignUpdate, rules: campaignUpdateRules },
  max: LIMITS.campaignBatch,
  maxMessage: `must hold at most ${LIMITS.campaignBatch} operations (a choice of this service: the spec gives no campaign-batch cap)`,
});

/** spec §4.5 campaigns and funding instruments. */
export const campaignEndpoints = group(
  endpoint({
    id: "campaigns.list",
    method: "GET",
    path: "/accounts/:account_id/campaigns",
    capability: "campaigns:read",
    lookups: [{ param: "campaign_ids", key: "id" }],
    summary: "Campaigns of the account.",
    params: {
      ...accountPath,
      campaign_ids: idList().optional(),
      funding_instrument_ids: idList().optional(),
      ...nameQuery,
      with_draft: flag().optional(),
      ...listParams(SORTABLE.campaigns),
    },
    response: list(campaignSchema),
  }),
  endpoint({
    id: "campaigns.get",
    method: "GET",
    path: "/accounts/:account_id/campaigns/:campaign_id",
    capability: "campaigns:read",
    summary: "One campaign.",
    params: { ...campaignPath, ...withDeleted },
    response: single(campaignSchema),
  }),
  campaignCreate,
  endpoint({
    id: "campaigns.batch",
    method: "POST",
    path: "/batch/accounts/:account_id/campaigns",
    capability: "campaigns:write",
    batch: {},
    summary: "Create, update and delete campaigns in one ordered request.",
    params: { ...accountPath, operations: campaignBatchOperations },
    locations: { operations: "body" },
    response: batch(campaignSchema),
  }),
  campaignUpdate,
  endpoint({
    id: "campaigns.delete",
    method: "DELETE",
    path: "/accounts/:account_id/campaigns/:campaign_id",
    capability: "campaigns:write",
    summary: "Delete a campaign (irreversible; a repeat is 404).",
    params: campaignPath,
    response: single(campaignSchema),
  }),
  endpoint({
    id: "funding_instruments.list",
    method: "GET",
    path: "/accounts/:account_id/funding_instruments",
    capability: "campaigns:read",
    lookups: [{ param: "funding_instrument_ids", key: "id" }],
    summary:
      "Funding instruments; the spec shows paging only, the recorded SDK also filters by ids.",
    params: {
      ...accountPath,
      // vendor-sdk/funding_instruments_all.json: the real API takes this id list.
      funding_instrument_ids: idList().optional(),
      ...listParams(SORTABLE.fundingInstruments),
    },
    openParams: true,
    response: list(fundingInstrumentSchema),
  }),
  endpoint({
    id: "funding_instruments.get",
    method: "GET",
    path: "/accounts/:account_id/funding_instruments/:funding_instrument_id",
    capability: "campaigns:read",
    summary: "One funding instrument.",
    params: { ...fundingInstrumentPath, ...withDeleted },
    response: single(fundingInstrumentSchema),
  }),
  endpoint({
    id: "funding_instruments.create",
    method: "POST",
    host: "ads-sandbox",
    path: "/accounts/:account_id/funding_instruments",
    capability: "campaigns:write",
    summary: "Create a sandbox funding instrument at no cost.",
    params: {
      ...accountPath,
      currency: currencyCode,
      start_time: timestampParam(),
      type: fundingInstrumentTypeSchema,
      // spec §4.5: "end_time sometimes required", the amounts "only for some types": which
      // type requires, allows or refuses each is the rule's table (FUNDING_FIELDS_BY_TYPE).
      end_time: timestampParam().optional(),
      credit_limit_local_micro: money().optional(),
      funded_amount_local_micro: money().optional(),
    },
    rules: [fundingFieldsForType, fundingEndAfterStart],
    response: single(fundingInstrumentSchema),
  }),
  endpoint({
    id: "funding_instruments.delete",
    method: "DELETE",
    host: "ads-sandbox",
    path: "/accounts/:account_id/funding_instruments/:funding_instrument_id",
    capability: "campaigns:write",
    summary: "Delete a sandbox funding instrument.",
    params: fundingInstrumentPath,
    response: single(fundingInstrumentSchema),
  }),
);
