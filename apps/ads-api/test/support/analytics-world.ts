import type { AppContext } from "../../src/context.js";
import { newDigitId } from "../../src/db/ids.js";
import { createAccountFor, createActor } from "./actors.js";
import type { Actor } from "./actors.js";
import { idOf } from "./bodies.js";
import type { Query } from "./signed-fetch.js";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A timestamp on whole seconds, as clients send them. */
export const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The service clock of an analytics test: pinned (hours close only when the test says so),
 * starting 10 minutes into the next whole hour (`start`), after every row made at real time.
 */
export function pinnedClock(): { start: number; now: () => Date; set: (ms: number) => void } {
  const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
  let at = start + 10 * 60_000;
  return { start, now: () => new Date(at), set: (ms) => (at = ms) };
}

/** An account that delivers: an ACTIVE campaign and line item (via the API) with one promoted post. */
export interface DeliveringAccount {
  readonly admin: Actor;
  readonly accountId: string;
  readonly fundingInstrumentId: string;
  readonly campaignId: string;
  readonly lineItemId: string;
  readonly base: string;
}

export async function deliveringAccount(ctx: AppContext): Promise<DeliveringAccount> {
  const admin = await createActor(ctx);
  const { accountId, fundingInstrumentId } = await createAccountFor(ctx, admin.userId);
  const base = `/12/accounts/${accountId}`;
  const campaignId = idOf(
    await admin.client.post(`${base}/campaigns`, {
      query: {
        name: "Delivering",
        funding_instrument_id: fundingInstrumentId,
        daily_budget_amount_local_micro: 500_000_000,
        entity_status: "ACTIVE",
      },
    }),
  );
  const lineItemId = idOf(
    await admin.client.post(`${base}/line_items`, {
      query: {
        campaign_id: campaignId,
        name: "Engagements",
        objective: "ENGAGEMENTS",
        product_type: "PROMOTED_POSTS",
        placements: "ALL_ON_TWITTER",
        bid_amount_local_micro: 2_000_000,
        entity_status: "ACTIVE",
      },
    }),
  );
  const now = ctx.clock();
  await ctx.prisma.promotedPost.create({
    data: {
      id: `${lineItemId}pp`,
      accountId,
      lineItemId,
      postId: newDigitId(now.getTime()),
      createdAt: now,
      updatedAt: now,
    },
  });
  return { admin, accountId, fundingInstrumentId, campaignId, lineItemId, base };
}

/** stats.get's parameters for one line item over [start, end). */
export function statsQuery(
  ids: string | readonly string[],
  start: number,
  end: number,
  more: Query = {},
): Query {
  return {
    entity: "LINE_ITEM",
    entity_ids: typeof ids === "string" ? ids : ids.join(","),
    start_time: iso(start),
    end_time: iso(end),
    granularity: "HOUR",
    metric_groups: "ENGAGEMENT,BILLING",
    placement: "ALL_ON_TWITTER",
    ...more,
  };
}
