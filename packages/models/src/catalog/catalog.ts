import { UnknownEndpointError } from "../errors.js";
import { accountEndpoints } from "./accounts.js";
import { analyticsEndpoints } from "./analytics.js";
import { audienceEndpoints } from "./audiences.js";
import { campaignEndpoints } from "./campaigns.js";
import { cardEndpoints } from "./cards.js";
import { creativeEndpoints } from "./creatives.js";
import { draftAndLibraryEndpoints } from "./drafts-and-library.js";
import type { AnyEndpoint } from "./endpoint.js";
import { lineItemAttachmentEndpoints } from "./line-item-attachments.js";
import { lineItemEndpoints } from "./line-items.js";
import { oauthEndpoints } from "./oauth.js";
import { postDataEndpoints } from "./post-data.js";
import { referenceDataEndpoints } from "./reference-data.js";
import { targetingCriterionEndpoints } from "./targeting-criteria.js";
import { webhookEndpoints } from "./webhooks.js";

/**
 * Every endpoint of spec §4 and §6, keyed by id, and the few beyond it (`beyondSpec` set). Ids are `<resource path words>.<action>`
 * with snake_case words from the path: list / get / create / update / delete / batch, or a
 * verb of the endpoint's own (`oauth.request_token`, `insights.keywords.search`).
 */
export const catalog = {
  ...oauthEndpoints,
  ...accountEndpoints,
  ...referenceDataEndpoints,
  ...campaignEndpoints,
  // Beyond the spec (each entry's `beyondSpec` says why): issue 15's line items.
  ...lineItemEndpoints,
  ...lineItemAttachmentEndpoints,
  ...cardEndpoints,
  ...creativeEndpoints,
  // Beyond the spec: issue 33's media library, drafts and scheduled posts lists, reads and creates.
  ...draftAndLibraryEndpoints,
  ...audienceEndpoints,
  // Beyond the spec: issue 17's targeting criteria (line items targeting custom audiences).
  ...targetingCriterionEndpoints,
  // Beyond the spec: issue 36's analytics (stats, jobs, active entities).
  ...analyticsEndpoints,
  ...postDataEndpoints,
  // spec §6 webhooks (registration beyond the spec, each entry says why) and §9 replay.
  ...webhookEndpoints,
} as const;

export type Catalog = typeof catalog;
export type EndpointId = keyof Catalog;

/** All entries, in spec order. */
export const endpoints: readonly AnyEndpoint[] = Object.values(catalog);

const byId: ReadonlyMap<string, AnyEndpoint> = new Map(endpoints.map((entry) => [entry.id, entry]));

/** True when `id` names a catalog entry. */
export function isEndpointId(id: string): id is EndpointId {
  return byId.has(id);
}

/** The entry of a known id, typed; throws UnknownEndpointError for others. */
export function getEndpoint<Id extends EndpointId>(id: Id): Catalog[Id];
export function getEndpoint(id: string): AnyEndpoint;
export function getEndpoint(id: string): AnyEndpoint {
  const entry = byId.get(id);
  if (entry === undefined) throw new UnknownEndpointError(id);
  return entry;
}

/** The entry of a method and path template, e.g. `("GET", "/accounts/:account_id")`. */
export function findEndpoint(
  method: string,
  host: AnyEndpoint["host"],
  version: AnyEndpoint["version"],
  path: string,
): AnyEndpoint | undefined {
  return endpoints.find(
    (entry) =>
      entry.method === method &&
      entry.host === host &&
      entry.version === version &&
      entry.path === path,
  );
}
