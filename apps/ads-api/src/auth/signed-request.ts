import type { HostRole } from "@adsgraph/models";
import { isOAuthAuthorization, parseAuthorizationHeader } from "@adsgraph/oauth";
import type { ParamPair, VerifiableRequest } from "@adsgraph/oauth";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { rawForm } from "../http/form-body.js";

/**
 * The URL the client signed: the configured public URL of the host role the request came in
 * on, plus the path and query as received (never the Host header, which a proxy may change).
 */
export function signedUrl(ctx: AppContext, role: HostRole, request: FastifyRequest): string {
  return new URL(request.url, ctx.hosts[role]).toString();
}

/**
 * What the OAuth verifier checks of a request; `authorizationParams`: its Authorization
 * header's parameters when already parsed (headerCredentials), so it is parsed once.
 */
export function verifiableRequest(
  ctx: AppContext,
  role: HostRole,
  request: FastifyRequest,
  authorizationParams?: readonly ParamPair[],
): VerifiableRequest {
  return {
    method: request.method,
    url: signedUrl(ctx, role, request),
    headers: request.headers,
    body: rawForm(request),
    authorizationParams,
  };
}

/**
 * The consumer key and token of an OAuth Authorization header, when it names each once, with
 * the header's parameters as parsed.
 */
export function headerCredentials(
  authorization: string | undefined,
): { consumerKey: string; token: string; params: readonly ParamPair[] } | undefined {
  if (authorization === undefined || !isOAuthAuthorization(authorization)) return undefined;
  let params;
  try {
    params = parseAuthorizationHeader(authorization).params;
  } catch {
    return undefined; // the verifier answers the malformed header
  }
  const keys = params.filter(([name]) => name === "oauth_consumer_key");
  const tokens = params.filter(([name]) => name === "oauth_token");
  const [key] = keys;
  const [token] = tokens;
  if (keys.length !== 1 || tokens.length !== 1 || key === undefined || token === undefined) {
    return undefined;
  }
  return { consumerKey: key[1], token: token[1], params };
}
