import { idList } from "../fields/lists.js";
import { LIMITS } from "../limits.js";
import { batchOperations } from "../params/batch-operations.js";
import {
  lineItemBatchFields,
  lineItemCreateFields,
  lineItemCreateRules,
  lineItemUpdateFields,
  lineItemUpdateRules,
} from "../params/line-item-fields.js";
import { lineItemSchema } from "../resources/line-item.js";
import { adsId } from "../scalars.js";
import { SORTABLE, accountPath, listParams, nameQuery, withDeleted } from "./common-params.js";
import { endpoint, group } from "./endpoint.js";
import { batch, list, single } from "./responses.js";

/**
 * Why these endpoints exist although spec §4.2 says line items are "not shown": every §4.6
 * attachment names a line_item_id and its rules depend on the line item (issue 15). Paths
 * and fields follow the vendor's v11 API as recorded in fixtures vendor-sdk/line_items_*.json.
 */
const BEYOND_SPEC =
  "issue 15: §4.6 attachments need line items; fields from fixtures vendor-sdk/line_items_*.json (vendor API v11)";

const lineItemPath = { ...accountPath, line_item_id: adsId };

const lineItemCreate = endpoint({
  id: "line_items.create",
  method: "POST",
  path: "/accounts/:account_id/line_items",
  capability: "campaigns:write",
  summary: "Create a line item under a campaign; its currency is the campaign's.",
  params: { ...accountPath, ...lineItemCreateFields },
  rules: lineItemCreateRules,
  response: single(lineItemSchema),
  beyondSpec: BEYOND_SPEC,
});

const lineItemUpdate = endpoint({
  id: "line_items.update",
  method: "PUT",
  path: "/accounts/:account_id/line_items/:line_item_id",
  capability: "campaigns:write",
  summary: "Update a line item (not its campaign, objective, product type or placements).",
  params: { ...lineItemPath, ...lineItemUpdateFields },
  updates: lineItemSchema,
  rules: lineItemUpdateRules,
  response: single(lineItemSchema),
  beyondSpec: BEYOND_SPEC,
});

/**
 * The vendor's v12 reference has a line-item batch (`POST batch/accounts/:account_id/line_items`,
 * up to 40 operations of the campaigns batch's `{operation_type, params}` shape); the facade's
 * workflow and SDK users send one.
 */
const BATCH_BEYOND_SPEC =
  "issue 33: vendor v12 reference, batch line items (up to 40 operations, the campaigns batch's {operation_type, params} shape)";

/** Create items as line_items.create, Update items as line_items.update. */
const lineItemBatchOperations = batchOperations({
  idParam: "line_item_id",
  fields: lineItemBatchFields,
  create: { endpoint: lineItemCreate, rules: lineItemCreateRules },
  update: { endpoint: lineItemUpdate, rules: lineItemUpdateRules },
  max: LIMITS.lineItemBatch,
  maxMessage: `must hold at most ${LIMITS.lineItemBatch} operations (vendor v12 reference: up to 40)`,
});

/** Line items: beyond the spec (see BEYOND_SPEC). */
export const lineItemEndpoints = group(
  endpoint({
    id: "line_items.list",
    method: "GET",
    path: "/accounts/:account_id/line_items",
    capability: "campaigns:read",
    lookups: [{ param: "line_item_ids", key: "id" }],
    summary: "Line items of the account; a line item's funding instrument is its campaign's.",
    params: {
      ...accountPath,
      line_item_ids: idList().optional(),
      campaign_ids: idList().optional(),
      funding_instrument_ids: idList().optional(),
      ...nameQuery,
      ...listParams(SORTABLE.lineItems),
    },
    response: list(lineItemSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "line_items.get",
    method: "GET",
    path: "/accounts/:account_id/line_items/:line_item_id",
    capability: "campaigns:read",
    summary: "One line item.",
    params: { ...lineItemPath, ...withDeleted },
    response: single(lineItemSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  lineItemCreate,
  lineItemUpdate,
  endpoint({
    id: "line_items.delete",
    method: "DELETE",
    path: "/accounts/:account_id/line_items/:line_item_id",
    capability: "campaigns:write",
    summary: "Delete a line item (soft; a repeat is 404, as for campaigns).",
    params: lineItemPath,
    response: single(lineItemSchema),
    beyondSpec: BEYOND_SPEC,
  }),
  endpoint({
    id: "line_items.batch",
    method: "POST",
    path: "/batch/accounts/:account_id/line_items",
    capability: "campaigns:write",
    batch: { operations: LIMITS.lineItemBatch },
    summary: "Create, update and delete line items in one ordered request (all or nothing).",
    params: { ...accountPath, operations: lineItemBatchOperations },
    locations: { operations: "body" },
    response: batch(lineItemSchema),
    beyondSpec: BATCH_BEYOND_SPEC,
  }),
);
