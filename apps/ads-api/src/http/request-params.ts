import type { AnyEndpoint } from "@adsgraph/models";
import type { FastifyRequest } from "fastify";
import { BadRequestError, ERROR_CODES } from "../errors.js";
import { formParams, isFormBody, pairsToRecord } from "./form-body.js";
import { decodeFormPairs } from "./form-decode.js";
import { UnreadableBody } from "./json-body.js";

/**
 * Query parameters of a request, strictly decoded (a 400 naming the parameter when its
 * percent-encoding is not UTF-8); a name sent twice keeps both values (validation refuses it).
 */
export function queryParams(request: FastifyRequest): Record<string, string | string[]> {
  const at = request.url.indexOf("?");
  return pairsToRecord(at === -1 ? [] : decodeFormPairs(request.url.slice(at + 1)));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `params` less OAuth protocol parameters (`oauth_*`): RFC 5849 §3.5 lets them ride on the query
 * string or in a form body beside (or instead of) the Authorization header, and the verifier has
 * read them there. No advertising endpoint takes an `oauth_` name of its own.
 */
function withoutProtocolParams(
  params: Record<string, string | string[]>,
): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of Object.entries(params)) {
    if (!name.startsWith("oauth_")) out[name] = value;
  }
  return out;
}

/**
 * The parameters of a request by wire name, from wherever the catalog puts them: the path, the
 * query string (and a form body, spec §4.2), JSON object fields, or the whole JSON body. With
 * `oauth1` (the request verified as OAuth 1.0a), the protocol parameters of the query and form
 * are left out.
 */
export function gatherParams(
  endpoint: AnyEndpoint,
  request: FastifyRequest,
  options: { readonly oauth1?: boolean } = {},
): Record<string, unknown> {
  const signed = (params: Record<string, string | string[]>) =>
    options.oauth1 === true ? withoutProtocolParams(params) : params;
  const locations = Object.values(endpoint.locations);
  const takesJson = endpoint.location === "json" || locations.includes("json");
  const bodyName = Object.entries(endpoint.locations).find(([, where]) => where === "body")?.[0];
  // No prototype: a `__proto__` sent as a name stays a name (Object.assign would set it).
  const out = Object.create(null) as Record<string, unknown>;
  Object.assign(out, signed(queryParams(request)));
  const body: unknown = request.body;
  if (body instanceof UnreadableBody) throw body.toError();
  if (isFormBody(body)) {
    Object.assign(out, signed(formParams(body)));
  } else if (body !== undefined && body !== null) {
    if (bodyName !== undefined) {
      out[bodyName] = body;
    } else if (takesJson && isPlainObject(body)) {
      Object.assign(out, body);
    } else {
      throw BadRequestError.of(
        ERROR_CODES.INVALID_BODY,
        takesJson
          ? "the JSON body must be an object of parameters"
          : "this endpoint takes its parameters on the query string or as a form body, not JSON",
      );
    }
  } else if (bodyName !== undefined) {
    throw BadRequestError.of(
      ERROR_CODES.MISSING_PARAMETER,
      "the JSON body (an array of operations) is required",
      bodyName,
    );
  }
  const pathParams = request.params as Record<string, string>;
  for (const [name, value] of Object.entries(pathParams)) out[name] = value;
  return out;
}

/** The echo of `request.params`: validated values, without a whole-body parameter. */
export function echoOf(
  endpoint: AnyEndpoint,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const echo: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    if (item !== undefined && endpoint.locations[name] !== "body") echo[name] = item;
  }
  return echo;
}
