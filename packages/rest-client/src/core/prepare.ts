import { toWire, validateParams } from "@adsgraph/models";
import type { AnyEndpoint, ValidateOptions } from "@adsgraph/models";
import { redactForLog, serializeForm } from "@adsgraph/oauth";
import type { ParamPair } from "@adsgraph/oauth";
import type { SignableRequest } from "./auth.js";
import { RestValidationError } from "./errors.js";
import type { CallSite } from "./errors.js";
import { requestUrl } from "./hosts.js";
import type { Hosts } from "./hosts.js";

/** A validated request, laid out for the wire and ready to sign and send. */
export interface PreparedRequest extends SignableRequest {
  readonly endpoint: AnyEndpoint;
  readonly site: CallSite;
  /** The `:account_id` of the call, the key of account rate limits. */
  readonly accountId: string | undefined;
  readonly body: string | undefined;
  readonly contentType: string | undefined;
  /** The URL with credential-looking parameters masked, for hooks. */
  readonly redactedUrl: string;
}

const FORM_TYPE = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const SHOWN_URL_LENGTH = 8192;

/**
 * Checks parameters against the catalog: the validated value, or RestValidationError with every
 * violation (before anything is sent).
 */
export function validateCall(
  endpoint: AnyEndpoint,
  params: unknown,
  validate: ValidateOptions | undefined,
): Record<string, unknown> {
  const result = validateParams(endpoint, params ?? {}, validate);
  if (!result.ok) throw new RestValidationError(endpoint.id, result.violations);
  return result.value as Record<string, unknown>;
}

/**
 * Lays validated parameters out where the catalog says: path (encoded), query, form, JSON
 * fields, a whole JSON body or the OAuth Authorization header.
 */
export function layOut(
  endpoint: AnyEndpoint,
  validated: Record<string, unknown>,
  hosts: Hosts,
): PreparedRequest {
  const wire = toWire(endpoint, validated);

  const url = requestUrl(hosts, { host: wire.host, path: wire.path, query: wire.query });

  let form: ParamPair[] | undefined;
  let body: string | undefined;
  let contentType: string | undefined;
  const formEntries = Object.entries(wire.form);
  if (formEntries.length > 0) {
    form = formEntries;
    body = serializeForm(formEntries);
    contentType = FORM_TYPE;
  } else if (wire.body !== undefined) {
    body = JSON.stringify(wire.body);
    contentType = JSON_TYPE;
  } else if (wire.json !== undefined) {
    body = JSON.stringify(wire.json);
    contentType = JSON_TYPE;
  }

  const accountId = validated.account_id;
  let redactedUrl: string | undefined;
  return {
    endpoint,
    site: { endpointId: endpoint.id, method: endpoint.method, path: url.pathname },
    accountId: typeof accountId === "string" ? accountId : undefined,
    method: endpoint.method,
    url,
    form,
    // The catalog's header-carried parameters (spec §4.1 oauth_callback, oauth_token,
    // oauth_verifier): signed into the Authorization header, never on the query string.
    oauthParams: wire.header,
    body,
    contentType,
    // Errors and hooks show the URL: masked, and cut well above a 200-id list URL (~5 KB).
    // Masked when first shown, not for every call: most calls never show it.
    get redactedUrl() {
      redactedUrl ??= redactForLog(url.toString(), SHOWN_URL_LENGTH);
      return redactedUrl;
    },
  };
}
