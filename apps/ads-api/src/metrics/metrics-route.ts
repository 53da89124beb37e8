import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Registry } from "prom-client";
import type { MetricsSettings } from "../config.js";
import { AuthenticationError, ERROR_CODES, ForbiddenError } from "../errors.js";
import type { ApiError } from "../errors.js";
import { scrape } from "./process-metrics.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Compared as digests: equal lengths, so the time taken tells nothing of the token. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * Who may read `/metrics`: with a token set, whoever sends it as a Bearer (401 otherwise);
 * without one, any client when `public`, else loopback clients only (403), as the admin
 * endpoints. Production defaults to not public (ADS_API_METRICS_PUBLIC).
 */
export function metricsRefusal(
  settings: MetricsSettings,
  request: Pick<FastifyRequest, "headers" | "socket">,
): ApiError | undefined {
  if (settings.token !== undefined) {
    const header = request.headers.authorization ?? "";
    const sent = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    return sameToken(sent, settings.token)
      ? undefined
      : new AuthenticationError(
          ERROR_CODES.COULD_NOT_AUTHENTICATE,
          "metrics need Authorization: Bearer <ADS_API_METRICS_TOKEN>",
        );
  }
  if (settings.public || LOOPBACK.has(request.socket.remoteAddress ?? "")) return undefined;
  return new ForbiddenError(
    ERROR_CODES.UNAUTHORIZED_ACCESS,
    "metrics answer loopback clients only (set ADS_API_METRICS_TOKEN to scrape from elsewhere)",
  );
}

/**
 * `GET /metrics` in Prometheus' text format (the base host only). An admin route: neither
 * logged in the request log nor counted in the metrics it serves.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  registry: Registry,
  settings: MetricsSettings,
): void {
  app.get(
    "/metrics",
    { config: { admin: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const refusal = metricsRefusal(settings, request);
      if (refusal !== undefined) throw refusal;
      return reply.type(registry.contentType).send(await scrape(registry));
    },
  );
}
