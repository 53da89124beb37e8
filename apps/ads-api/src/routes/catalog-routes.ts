import { endpoints } from "@adsgraph/models";
import type { EndpointId, HostRole } from "@adsgraph/models";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerAdsEndpoint, registerSandboxOnly } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { activityHandlers } from "./activity.js";
import { webhookHandlers } from "./webhooks.js";
import { accountHandlers } from "./accounts.js";
import { audienceEstimateHandlers } from "./audience-estimate.js";
import { audienceUserHandlers } from "./audience-users.js";
import { audiencePermissionHandlers } from "./audience-permissions.js";
import { AUTHORIZE_PAGE_ROUTES } from "./authorize.js";
import type { CatalogCredentialRoute } from "./credential-route.js";
import { OAUTH_ROUTES } from "./oauth.js";
import { campaignHandlers } from "./campaigns.js";
import { cardHandlers } from "./cards.js";
import { curatedCategoryHandlers } from "./curated-categories.js";
import { doNotReachListHandlers } from "./do-not-reach-lists.js";
import { draftAndLibraryHandlers } from "./drafts-and-library.js";
import { keywordInsightHandlers } from "./keyword-insights.js";
import { customAudienceHandlers } from "./custom-audiences.js";
import { lineItemHandlers } from "./line-items.js";
import { mediaHandlers } from "./media.js";
import { mediaCreativeHandlers } from "./media-creatives.js";
import { postDataHandlers } from "./post-data.js";
import { postHandlers } from "./posts.js";
import { promotedAccountHandlers } from "./promoted-accounts.js";
import { promotedPostHandlers } from "./promoted-posts.js";
import { referenceDataHandlers } from "./reference-data.js";
import { targetingCriterionHandlers } from "./targeting-criteria.js";
import { trackingTagHandlers } from "./tracking-tags.js";
import { analyticsHandlers } from "./analytics.js";
import { registerStatsResult } from "./stats-results.js";

/** Every advertising endpoint this service implements, by catalog id. */
export const ADS_HANDLERS: AdsHandlers = {
  ...accountHandlers,
  ...referenceDataHandlers,
  ...campaignHandlers,
  ...lineItemHandlers,
  ...cardHandlers,
  ...mediaHandlers,
  ...audienceEstimateHandlers,
  ...trackingTagHandlers,
  ...promotedAccountHandlers,
  ...promotedPostHandlers,
  ...mediaCreativeHandlers,
  ...curatedCategoryHandlers,
  ...postHandlers,
  // issue 33: media library, drafts and scheduled posts beyond the spec
  ...draftAndLibraryHandlers,
  // issue 17: custom audience users, do-not-reach lists, keyword insights
  ...audienceUserHandlers,
  ...doNotReachListHandlers,
  ...keywordInsightHandlers,
  ...customAudienceHandlers,
  ...audiencePermissionHandlers,
  ...targetingCriterionHandlers,
  // issue 36: analytics beyond the spec (the result file is an open route, below)
  ...analyticsHandlers,
};

/** Every `{base_url}` endpoint this service implements besides the credential ones (§4.9). */
export const BASE_HANDLERS: AdsHandlers = {
  ...postDataHandlers,
  ...activityHandlers,
  ...webhookHandlers,
};

/** Every catalog endpoint with a handler, on whichever host it lives. */
export const CATALOG_HANDLERS: AdsHandlers = { ...ADS_HANDLERS, ...BASE_HANDLERS };

/**
 * Credential endpoints (spec §4.1) by catalog id: their own authentication (routes/oauth.ts,
 * the browser pages in authorize.ts), method, path and parameters from the catalog.
 */
const CREDENTIAL_ROUTES: ReadonlyMap<string, CatalogCredentialRoute> = new Map(
  [...OAUTH_ROUTES, ...AUTHORIZE_PAGE_ROUTES].map((route) => [route.id, route]),
);
const isCredentialEndpoint = (id: string): boolean => CREDENTIAL_ROUTES.has(id);

/**
 * Endpoints without OAuth on the advertising hosts (catalog auth `none`): issue 36's job
 * result file, whose url is the capability (routes/stats-results.ts).
 */
const OPEN_ROUTES: ReadonlySet<string> = new Set(["stats.jobs.result"]);

/**
 * The catalog endpoints this service serves: the credential endpoints and every other
 * endpoint with a handler (advertising, post-data). The others are routed too, and answer 501
 * once the caller is authenticated, validated and allowed (tests and tools ask here rather
 * than probe).
 */
export function servedEndpointIds(): EndpointId[] {
  return endpoints
    .map((endpoint) => endpoint.id as EndpointId)
    .filter(
      (id) => isCredentialEndpoint(id) || OPEN_ROUTES.has(id) || CATALOG_HANDLERS[id] !== undefined,
    );
}

/**
 * Registers the catalog's endpoints on a host: on the base host the credential endpoints of
 * spec §4.1 and the version-2 ones (§4.9 post data); on the advertising hosts (versions 12
 * and 5) the production host serves `ads` endpoints and refuses `ads-sandbox` ones with a
 * clear error; the sandbox host serves both, on sandbox accounts only. Endpoints without a
 * handler answer 501 to an authenticated caller the roles allow. Method, version and path
 * come from the catalog, so nothing is written twice.
 */
export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext, role: HostRole): void {
  for (const endpoint of endpoints) {
    if (endpoint.host === "base") {
      // Credential endpoints authenticate their own way; the other base-host ones go through
      // the catalog pipeline (501 until they have a handler).
      if (role !== "base") continue;
      const credential = CREDENTIAL_ROUTES.get(endpoint.id);
      if (credential !== undefined) credential.register(app, ctx);
      else registerAdsEndpoint(app, ctx, role, endpoint, BASE_HANDLERS[endpoint.id as EndpointId]);
      continue;
    }
    if (role === "base") continue;
    if (OPEN_ROUTES.has(endpoint.id)) {
      registerStatsResult(app, ctx, endpoint);
      continue;
    }
    const handler = ADS_HANDLERS[endpoint.id as EndpointId];
    if (endpoint.host === "ads-sandbox" && role === "ads") {
      registerSandboxOnly(app, ctx, role, endpoint);
    } else {
      registerAdsEndpoint(app, ctx, role, endpoint, handler);
    }
  }
}
