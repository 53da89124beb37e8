import { LIMITS } from "@adsgraph/models";
import { accountOf, userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import { runBatch } from "../services/batch-runner.js";
import { withCampaignWriter } from "../services/campaign-writes.js";
import type { LineItemCreate } from "../services/line-item-writes.js";
import {
  createLineItemIn,
  deleteLineItemIn,
  updateLineItemIn,
} from "../services/line-item-writes.js";
import { getLineItem, listLineItems, presentLineItem } from "../services/line-items.js";

/** Line items (beyond the spec: catalog/line-items.ts says why), written like campaigns. */
export const lineItemHandlers: AdsHandlers = {
  "line_items.list": async (call) =>
    cacheable(
      listOf(
        await listLineItems(call.ctx, accountOf(call).id, call.params),
        presentLineItem,
        "line_item",
      ),
    ),
  "line_items.get": async (call) => {
    const { line_item_id: id, with_deleted: withDeleted } = call.params;
    const row = await getLineItem(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentLineItem(row), "line_item");
  },
  "line_items.create": async (call) => {
    const { account_id: _account, ...fields } = call.params;
    const row = await withCampaignWriter(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      (writer) => createLineItemIn(writer, fields),
    );
    return single(presentLineItem(row), "line_item");
  },
  "line_items.update": async (call) => {
    const { line_item_id: id, account_id: _account, ...fields } = call.params;
    const row = await withCampaignWriter(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      (writer) => updateLineItemIn(writer, id, fields),
    );
    return single(presentLineItem(row), "line_item");
  },
  "line_items.delete": async (call) => {
    const row = await withCampaignWriter(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      (writer) => deleteLineItemIn(writer, call.params.line_item_id),
    );
    return single(presentLineItem(row), "line_item");
  },
  "line_items.batch": (call) =>
    runBatch(call.ctx, accountOf(call), userOf(call).user.id, call.params.operations, {
      idParam: "line_item_id",
      dataType: "line_item",
      max: () => LIMITS.lineItemBatch,
      // The catalog checked that a Create item holds what line_items.create requires.
      create: (writer, params) => createLineItemIn(writer, params as LineItemCreate),
      update: updateLineItemIn,
      remove: deleteLineItemIn,
      present: presentLineItem,
    }),
};
