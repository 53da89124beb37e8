import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, RouteShorthandOptions } from "fastify";
import type { SharedState } from "../shared/shared-state.js";
import { windowCounterStore } from "../shared/window-counter-store.js";

/** How many sign-ins one client address may start per window. */
export interface SignInLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

/** Addresses remembered at once (an LRU): memory stays bounded whoever calls. */
const REMEMBERED_ADDRESSES = 10_000;

/**
 * Starting a sign-in (`GET /auth/login`, `POST /auth/pin/start`) needs no session, writes a
 * login attempt and spends one of the facade's upstream request-token calls, which the service
 * limits for the facade as a whole. Without a per-address limit one anonymous client could
 * fill the attempts table and spend that quota, locking every other user out of sign-in.
 * Registers the limiter; routes opt in with `signInLimited(limit)` (one budget for both). With
 * Redis the replicas count together (issue 34), so a client gets the limit, not one per replica.
 */
export async function registerSignInLimit(
  app: FastifyInstance,
  shared?: SharedState,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: windowCounterStore({
      remembered: REMEMBERED_ADDRESSES,
      redis: shared?.redis,
      name: "sign-in",
      fellBack: (part, error) => {
        shared?.fellBack(part, error);
      },
    }),
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: {
        code: "RATE_LIMITED",
        message: `Too many sign-ins started from this address; retry in ${context.after}.`,
      },
    }),
  });
}

/** IPv6 groups that name a network: one client usually holds a whole /64. */
const NETWORK_GROUPS = 4;

/**
 * Whom the limit counts: an IPv4 address, or the /64 network of an IPv6 one (a client that
 * holds a /64 could otherwise start sign-ins from a new address each time). `request.ip` is
 * the proxy's view only when `TRUST_PROXY` says which proxies to believe.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(":") || ip.includes(".")) return ip; // IPv4, or IPv4-mapped IPv6
  const [head = "", tail] = ip.toLowerCase().split("::", 2);
  const front = head === "" ? [] : head.split(":");
  const back = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  return `${[...front, ...zeros, ...back].slice(0, NETWORK_GROUPS).join(":")}::/64`;
}

/** Route options putting a route under the shared sign-in budget. */
export function signInLimited(limit: SignInLimit): RouteShorthandOptions {
  return {
    config: {
      rateLimit: { max: limit.max, timeWindow: limit.windowSeconds * 1000, groupId: "sign-in" },
    },
  };
}
