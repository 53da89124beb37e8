import { toWire, validateParams } from "@adsgraph/models";
import type { AnyEndpoint, ValidateOptions } from "@adsgraph/models";
import { redactForLog, serializeForm } from "@adsgraph/oauth";
import type { ParamPair } from "@adsgraph/oauth";
import type { SignableRequest } from "./auth.js";
import { REST_CLIENT_ERROR_CODES, RestClientError, RestValidationError } from "./errors.js";
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
 * `CallOptions.url`: an absolute http(s) URL, for a GET that sends no credentials only (a job's
 * result file on a file host): credentials never follow a URL the caller did not configure.
 */
function overrideUrl(endpoint: AnyEndpoint, override: string | URL): URL {
  const refuse = (rule: string) =>
    new RestClientError(
      REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT,
      `${endpoint.id} was not sent: options.url ${rule}`,
      endpoint.id,
    );
  if (endpoint.auth !== "none" || endpoint.method !== "GET") {
    throw refuse("is only taken by GET endpoints that send no credentials (auth none)");
  }
  const text = String(override);
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw refuse("must be an absolute http or https URL");
  }
  return url;
}

/**
 * Lays validated parameters out where the catalog says: path (encoded), query, form, JSON
 * fields, a whole JSON body or the OAuth Authorization header.
 */
export function layOut(
  endpoint: AnyEndpoint,
  validated: Record<string, unknown>,
  hosts: Hosts,
  override?: string | URL,
): PreparedRequest {
  const wire = toWire(endpoint, validated);

  const url =
    override === undefined
      ? requestUrl(hosts, { host: wire.host, path: wire.path, query: wire.query })
      : overrideUrl(endpoint, override);

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
