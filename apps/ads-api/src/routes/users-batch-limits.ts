import { LIMITS } from "@adsgraph/models";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { RateLimitError } from "../errors.js";
import { rateHeaders } from "../rate-limits/rate-limiter.js";

/** The endpoints of spec §8's row "Audience users and do-not-reach users batch". */
export const USERS_BATCH_ENDPOINTS: ReadonlySet<string> = new Set([
  "custom_audiences.users.batch",
  "do_not_reach_lists.users.batch",
]);

export const isUsersBatch = (endpointId: string): boolean => USERS_BATCH_ENDPOINTS.has(endpointId);

/**
 * Bytes a users batch's body may hold: the catalog measures the operations as compact JSON
 * (at most LIMITS.usersBatch.bytes), so a client that formats its JSON gets room for the
 * whitespace; past this the body is not read (413 naming the limit).
 */
export const USERS_BATCH_BODY_LIMIT = LIMITS.usersBatch.bytes + 65_536;

/** What a 413 of a users batch says besides the byte count. */
export const USERS_BATCH_BODY_RULE = `spec §8: a users batch holds at most ${LIMITS.usersBatch.bytes} bytes of JSON operations`;

/**
 * spec §8: each users-batch endpoint takes `limits.usersBatchRate` requests per ad account per
 * `limits.usersBatchWindowMs` (1,500 a minute). Counted once the caller's access to the account
 * is known, so only the account's own users spend its budget, and per account, so one
 * account's uploads never exhaust another's (even through a token that manages both). The
 * state is sent as `x-account-rate-limit-*` on every answer that reaches it.
 */
export async function applyUsersBatchLimit(
  ctx: AppContext,
  reply: FastifyReply,
  accountId: string,
  endpointId: string,
): Promise<void> {
  const state = await ctx.usersBatchLimiter.take(
    `account:${accountId}:${endpointId}`,
    ctx.limits.usersBatchRate,
  );
  const headers = rateHeaders("x-account-rate-limit", state);
  void reply.headers(headers);
  if (!state.allowed) {
    const seconds = Math.round(ctx.limits.usersBatchWindowMs / 1000);
    throw new RateLimitError(
      `rate limit exceeded for ${endpointId} on account ${accountId}: ${ctx.limits.usersBatchRate} requests per ${seconds} seconds`,
      headers,
    );
  }
}
