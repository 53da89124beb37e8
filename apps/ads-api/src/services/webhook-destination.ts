import { VIOLATION_CODES } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { destinationProblem } from "../delivery/outbound-guard.js";
import { BadRequestError } from "../errors.js";

/**
 * issue 34, at registration: a webhook URL whose host is, or resolves to any, address inside a
 * network is refused (400 naming `url`) before any request is sent to it. The catalog refused
 * the literal addresses already; this resolves names, and applies the development setting
 * (ADS_API_WEBHOOK_ALLOW_HOSTS) to loopback hosts. Delivery checks again on connect.
 */
export async function assertPublicDestination(ctx: AppContext, url: string): Promise<void> {
  const problem = await destinationProblem(ctx.outbound.policy, url);
  if (problem !== undefined) {
    throw BadRequestError.of(VIOLATION_CODES.INVALID_PARAMETER, `url ${problem}`, "url");
  }
}
