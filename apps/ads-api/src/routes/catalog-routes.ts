import { endpoints } from "@adsgraph/models";
import type { EndpointId, HostRole } from "@adsgraph/models";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerAdsEndpoint, registerSandboxOnly } from "../http/ads-route.js";
import type { AdsHandlers } from "../http/ads-route.js";
import { accountHandlers } from "./accounts.js";
import { campaignHandlers } from "./campaigns.js";
import { cardHandlers } from "./cards.js";
import { mediaHandlers } from "./media.js";
import { referenceDataHandlers } from "./reference-data.js";

/** Every advertising endpoint this service implements, by catalog id. */
export const ADS_HANDLERS: AdsHandlers = {
  ...accountHandlers,
  ...referenceDataHandlers,
  ...campaignHandlers,
  ...cardHandlers,
  ...mediaHandlers,
};

/**
 * Registers the catalog's advertising endpoints (versions 12 and 5) on a host: the production
 * host serves `ads` endpoints and refuses `ads-sandbox` ones with a clear error; the sandbox
 * host serves both, on sandbox accounts only. Endpoints without a handler answer 501 to an
 * authenticated caller the roles allow. Method, version and path come from the catalog, so
 * nothing is written twice.
 */
export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext, role: HostRole): void {
  for (const endpoint of endpoints) {
    if (endpoint.host === "base") {
      // Credential endpoints have routes of their own; other base-host ones answer 501.
      if (role === "base" && !endpoint.id.startsWith("oauth")) {
        registerAdsEndpoint(app, ctx, role, endpoint, undefined);
      }
      continue;
    }
    if (role === "base") continue;
    const handler = ADS_HANDLERS[endpoint.id as EndpointId];
    if (endpoint.host === "ads-sandbox" && role === "ads") {
      registerSandboxOnly(app, ctx, role, endpoint);
    } else {
      registerAdsEndpoint(app, ctx, role, endpoint, handler);
    }
  }
}
