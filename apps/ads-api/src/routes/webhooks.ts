import type { AdsHandlers } from "./ads-route.js";
import { raw } from "../services/results.js";
import { listDeliveries } from "../services/webhook-deliveries.js";
import {
  deleteWebhook,
  listWebhooks,
  registerWebhook,
  replayWebhook,
  revalidateWebhook,
} from "../services/webhooks.js";

/**
 * spec §6 webhooks and §9 replay on `{base_url}` (issue 18), modelled on X API v2, and the
 * delivery log (issue 34): webhooks
 * belong to the app (the bearer token's, or the consumer of an OAuth 1.0a request) and are
 * checked with the app's consumer secret (CRC).
 */
export const webhookHandlers: AdsHandlers = {
  "webhooks.create": async ({ ctx, auth, params }) =>
    raw({ data: await registerWebhook(ctx, auth.app, params.url) }, 200),
  "webhooks.list": async ({ ctx, auth }) => {
    const data = await listWebhooks(ctx, auth.app.id);
    return raw({ data, meta: { result_count: data.length } });
  },
  "webhooks.validate": async ({ ctx, auth, params }) =>
    raw({ data: await revalidateWebhook(ctx, auth.app, params.webhook_id) }),
  "webhooks.delete": async ({ ctx, auth, params }) => {
    await deleteWebhook(ctx, auth.app.id, params.webhook_id);
    return raw({ data: { deleted: true } });
  },
  "webhooks.deliveries.list": async ({ ctx, auth, params }) => {
    const { rows, nextCursor } = await listDeliveries(ctx, auth.app.id, {
      webhookId: params.webhook_id,
      state: params.state,
      count: params.count,
      cursor: params.cursor,
    });
    return raw({ data: rows, meta: { result_count: rows.length }, next_cursor: nextCursor });
  },
  "webhooks.replay": async ({ ctx, auth, params }) =>
    raw({
      data: await replayWebhook(ctx, auth.app.id, {
        webhookId: params.webhook_id,
        fromDate: params.from_date,
        toDate: params.to_date,
      }),
    }),
};
