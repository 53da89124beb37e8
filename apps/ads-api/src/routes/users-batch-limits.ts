import type { AnyEndpoint } from "@adsgraph/models";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { RateLimitError } from "../errors.js";
import { rateHeaders } from "../rate-limits/rate-limiter.js";

/** How large a users batch's body may be, and what its 413 says besides the byte count. */
export interface UsersBatchBody {
  readonly limit: number;
  readonly rule: string;
}

/**
 * The body of a users batch (spec §8's row "Audience users and do-not-reach users batch",
 * which gives the byte limit and the per-account rate together: the batches whose catalog
 * limits count bytes), or undefined for any other endpoint. The catalog measures the
 * operations as compact JSON, so a client that formats its JSON gets room for the whitespace;
 * past the limit the body is not read (413 naming it).
 */
export function usersBatchBodyOf(endpoint: AnyEndpoint): UsersBatchBody | undefined {
  const bytes = endpoint.batch?.bytes;
  if (bytes === undefined) return undefined;
  return {
    limit: bytes + 65_536,
    rule: `spec §8: a users batch holds at most ${bytes} bytes of JSON operations`,
  };
}

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
