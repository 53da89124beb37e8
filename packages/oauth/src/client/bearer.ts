import { BearerRateLimitedError, BearerTokenError } from "../errors.js";
import { serializeForm } from "../form-encoding.js";
import { signRequest } from "../signing/sign-request.js";
import type { TokenCredentials } from "../types.js";
import { buildBasicAuthorization } from "../verify/basic.js";
import { endpointUrl, expectOk, parseApiErrors, parseJsonObject, send } from "./http.js";
import type { OAuthClientConfig } from "./http.js";

const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

/** Spec §4.1/§7: "too-frequent calls are rejected with 403 and code 99". */
const RATE_LIMITED_CODE = 99;

/**
 * POST {base_url}/oauth2/token with Basic credentials and `grant_type=client_credentials`
 * (spec §4.1). Resolves with the bearer token. Throws `BearerRateLimitedError` on 403 code 99
 * (never retried here), `OAuthHttpError` on other non-2xx answers, `BearerTokenError` when the
 * answer is not `{token_type:"bearer", access_token}`. Callers should cache the token
 * (`createBearerTokenCache`): the server hands out one token per app anyway.
 */
export async function requestBearerToken(
  config: OAuthClientConfig,
  options: { readonly signal?: AbortSignal | undefined } = {},
): Promise<string> {
  const path = "/oauth2/token";
  const url = endpointUrl(config.baseUrl, path);
  const answer = await send(config, url, {
    method: "POST",
    headers: {
      authorization: buildBasicAuthorization(
        config.consumer.consumerKey,
        config.consumer.consumerSecret,
      ),
      "content-type": FORM_CONTENT_TYPE,
    },
    body: "grant_type=client_credentials",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (answer.status === 403) {
    const errors = parseApiErrors(answer.text);
    if (errors.some((e) => e.code === RATE_LIMITED_CODE))
      throw new BearerRateLimitedError("POST", path, errors);
  }
  expectOk("POST", url, answer);
  const body = parseJsonObject(url, answer.text);
  // RFC 6749 §5.1: token_type is case-insensitive.
  if (typeof body.token_type !== "string" || body.token_type.toLowerCase() !== "bearer") {
    throw new BearerTokenError(`${path} did not answer with token_type bearer`);
  }
  if (typeof body.access_token !== "string" || body.access_token === "") {
    throw new BearerTokenError(`${path} answered without an access_token`);
  }
  return body.access_token;
}

export interface InvalidateBearerOptions {
  /** The bearer token to revoke. */
  readonly bearerToken: string;
  /** The app owner's access token and secret (spec §4.1: signed with consumer keys plus these). */
  readonly owner: TokenCredentials;
  readonly signal?: AbortSignal | undefined;
}

/**
 * POST {base_url}/oauth2/invalidate_token with `access_token` in the form body (kept out of
 * URLs and their logs), OAuth 1.0a-signed with the consumer keys and the owner's token.
 */
export async function invalidateBearerToken(
  config: OAuthClientConfig,
  options: InvalidateBearerOptions,
): Promise<void> {
  const url = endpointUrl(config.baseUrl, "/oauth2/invalidate_token");
  const form = [["access_token", options.bearerToken]] as const;
  const signed = signRequest({
    method: "POST",
    url,
    consumer: config.consumer,
    token: options.owner,
    form,
    clock: config.clock,
    nonce: config.nonce,
  });
  const answer = await send(config, url, {
    method: "POST",
    headers: { authorization: signed.authorization, "content-type": FORM_CONTENT_TYPE },
    body: serializeForm(form),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  expectOk("POST", url, answer);
}
