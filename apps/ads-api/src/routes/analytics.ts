import { getEndpoint } from "@adsgraph/models";
import { requireKnownIds } from "../analytics/entity-ids.js";
import { presentJob } from "../analytics/jobs/job-present.js";
import {
  cancelJob,
  createJob,
  jobSlots,
  listJobs,
  slotHeaders,
} from "../analytics/jobs/job-store.js";
import { getStats, listActiveEntities } from "../analytics/stats-service.js";
import { echoOf } from "../http/request-params.js";
import { collection, listOf, raw, single } from "../services/results.js";
import type { AppContext } from "../context.js";
import type { HostRole } from "@adsgraph/models";
import { accountOf, userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";

/** How a job is shown to a caller on `role`: its result url on that host. */
const jobView = (ctx: AppContext, role: HostRole) => ({
  origin: ctx.hosts[role],
  box: ctx.box,
  now: ctx.clock(),
});

/**
 * Issue 36, beyond the spec: analytics (vendor v12). stats.get answers the simulation's
 * metrics synchronously; jobs compute the same over up to 90 days in the background
 * (analytics/jobs/); the job result file is served by routes/stats-results.ts (no OAuth: the
 * url is the capability).
 */
export const analyticsHandlers: AdsHandlers = {
  "stats.get": async (call) => {
    const { account_id: _account, ...query } = call.params;
    const echo = echoOf(getEndpoint("stats.get"), call.params);
    return raw(await getStats(call.ctx, accountOf(call), query, echo));
  },
  "stats.active_entities.list": async (call) => {
    const { account_id: _account, ...query } = call.params;
    const account = accountOf(call);
    const filters = [
      ["funding_instrument_ids", "FUNDING_INSTRUMENT", query.funding_instrument_ids],
      ["campaign_ids", "CAMPAIGN", query.campaign_ids],
      ["line_item_ids", "LINE_ITEM", query.line_item_ids],
    ] as const;
    for (const [parameter, entity, ids] of filters) {
      if (ids !== undefined)
        await requireKnownIds(call.ctx.prisma, account, entity, ids, parameter);
    }
    return collection(await listActiveEntities(call.ctx, account, query), "active_entity");
  },
  "stats.jobs.create": async (call) => {
    const { account_id: accountId, ...params } = call.params;
    const account = accountOf(call);
    await requireKnownIds(call.ctx.prisma, account, params.entity, params.entity_ids);
    const { job, slots } = await createJob(call.ctx, {
      accountId,
      userId: userOf(call).user.id,
      params,
    });
    call.ctx.statsJobs.wake();
    return {
      ...single(presentJob(job, jobView(call.ctx, call.role)), "job"),
      headers: slotHeaders(slots),
    };
  },
  "stats.jobs.list": async (call) => {
    const accountId = accountOf(call).id;
    const [outcome, slots] = await Promise.all([
      listJobs(call.ctx, accountId, call.params),
      jobSlots(call.ctx, accountId),
    ]);
    const view = jobView(call.ctx, call.role);
    return {
      ...listOf(outcome, (job) => presentJob(job, view), "job"),
      headers: slotHeaders(slots),
    };
  },
  "stats.jobs.delete": async (call) => {
    const job = await cancelJob(call.ctx, accountOf(call).id, call.params.job_id);
    return single(presentJob(job, jobView(call.ctx, call.role)), "job");
  },
};
