import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { RateLimitError } from "../errors.js";
import { rateHeaders } from "./rate-limiter.js";

/**
 * spec §4.1: credential endpoints are rate limited (numbers not shown). Counted per client
 * address and endpoint, before any credential is checked, so guessing is throttled too.
 */
export async function applyOAuthLimit(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
): Promise<void> {
  const state = await ctx.addressLimiter.take(`${name}:${request.ip}`, ctx.limits.oauthRate);
  const headers = rateHeaders("x-rate-limit", state);
  void reply.headers(headers);
  if (!state.allowed) throw new RateLimitError(`rate limit exceeded for ${name}`, headers);
}
