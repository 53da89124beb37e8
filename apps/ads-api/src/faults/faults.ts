import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, ERROR_CODES, RateLimitError } from "../errors.js";
import { routeFlags } from "../http/error-handler.js";
import { seededRandom } from "../seeded-random.js";
import { decideFault } from "./fault-settings.js";
import type { Fault, FaultSettings } from "./fault-settings.js";
import { rateHeaders } from "../rate-limits/rate-limiter.js";

/** A TCP reset where the platform has one (Node ≥ 18.3), else a plain close. */
function resetSocket(request: FastifyRequest): void {
  const socket = request.raw.socket;
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
  else socket.destroy();
}

/** The answer's headers and half its body, then the connection closes (FIN) mid-body. */
function truncated(request: FastifyRequest, reply: FastifyReply, body: Buffer): Readable {
  void reply.header("content-length", String(body.length));
  const socket = request.raw.socket;
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(body.subarray(0, Math.floor(body.length / 2)));
      // After the pipe has written the half: end() flushes it, then closes.
      setImmediate(() => socket.end());
    },
  });
}

const INJECTED = "fault injected by ADS_API_FAULTS";

export interface FaultOptions {
  /** `x-rate-limit-limit` of an injected 429 (the configured per-token limit). */
  readonly rateLimit: number;
}

/**
 * Injects faults on the catalog endpoints of a host app (never /health or /_admin). Each
 * request draws its latency and fault from one seeded stream per host app, in arrival order.
 * Before the handler: latency, 5xx, 429 and the first kind of reset; after it (the answer is
 * ready, a write applied): the other resets and the truncated bodies.
 */
export function registerFaults(
  app: FastifyInstance,
  settings: FaultSettings | undefined,
  options: FaultOptions,
): void {
  if (settings === undefined) return;
  const random = seededRandom(settings.seed);
  const afterHandler = new WeakMap<FastifyRequest, Fault>();

  app.addHook("onRequest", async (request, reply) => {
    if (routeFlags(request).endpointId === undefined) return;
    const { latencyMs, fault } = decideFault(settings, random);
    if (latencyMs > 0) await sleep(latencyMs);
    switch (fault.kind) {
      case "server-error":
        throw new ApiError(
          fault.status,
          [{ code: ERROR_CODES.INTERNAL_ERROR, message: `${INJECTED}: ${fault.status}` }],
          fault.status === 503 ? { "retry-after": String(settings.retryAfterSeconds) } : {},
        );
      case "rate-limit": {
        const reset = Math.ceil(Date.now() / 1000) + settings.retryAfterSeconds;
        throw new RateLimitError(
          `${INJECTED}: rate limited`,
          rateHeaders("x-rate-limit", {
            limit: options.rateLimit,
            remaining: 0,
            resetSeconds: reset,
            allowed: false,
          }),
        );
      }
      case "reset":
        if (!fault.after) {
          reply.hijack();
          resetSocket(request);
          return;
        }
        afterHandler.set(request, fault);
        return;
      case "truncate":
        afterHandler.set(request, fault);
        return;
      case "none":
        return;
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const fault = afterHandler.get(request);
    if (fault === undefined) return payload;
    const body =
      typeof payload === "string"
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : null;
    if (fault.kind === "truncate" && body !== null && body.length > 1) {
      return truncated(request, reply, body);
    }
    // A reset, or nothing to cut in half (no body, a stream): Node drops what is written next.
    resetSocket(request);
    return payload;
  });
}
