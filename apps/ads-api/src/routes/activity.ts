import type { AdsHandlers } from "./ads-route.js";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
} from "../services/activity-store.js";
import { runActivityStream } from "../services/activity-stream.js";
import { raw } from "../services/results.js";

/**
 * spec §6 activity endpoints on `{base_url}` (issue 18): subscriptions belong to the app (the
 * bearer token's, or the consumer of an OAuth 1.0a request), and so does the stream.
 */
export const activityHandlers: AdsHandlers = {
  "activity.subscriptions.create": async ({ ctx, auth, params }) => {
    // the catalog's rule: a direction comes with a user id
    const filter = params.filter ?? {};
    const data = await createSubscription(ctx, auth.app.id, {
      eventType: params.event_type,
      userId: filter.user_id,
      keyword: filter.keyword,
      direction: filter.direction,
    });
    return raw({ data }, 201);
  },
  "activity.subscriptions.list": async ({ ctx, auth }) =>
    raw({ data: await listSubscriptions(ctx.prisma, auth.app.id) }),
  "activity.subscriptions.delete": async ({ ctx, auth, params }) =>
    raw({ data: await deleteSubscription(ctx.prisma, auth.app.id, params.subscription_id) }),
  "activity.stream": ({ ctx, auth, params }) =>
    Promise.resolve({
      kind: "stream",
      run: (response) => runActivityStream(ctx, auth.app.id, params.since_id, response),
    }),
};
