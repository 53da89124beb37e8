import { OAuthErrorCode, OAuthProtocolError } from "../errors.js";
import { parseFormEncoded } from "../form-encoding.js";
import { percentEncode } from "../percent-encode.js";
import { signRequest } from "../signing/sign-request.js";
import type { TokenCredentials } from "../types.js";
import { endpointUrl, expectOk, send } from "./http.js";
import type { HttpAnswer, OAuthClientConfig } from "./http.js";

/** Answer of POST /oauth/request_token (spec §4.1). */
export interface RequestTokenResult {
  readonly token: string;
  readonly tokenSecret: string;
  /** Always true: any other answer is refused with CALLBACK_NOT_CONFIRMED. */
  readonly callbackConfirmed: true;
}

/** Answer of POST /oauth/access_token (spec §4.1). */
export interface AccessTokenResult {
  readonly token: string;
  readonly tokenSecret: string;
  /** Digits as a string: user ids exceed 2^53 (spec §2.1). */
  readonly userId: string;
  readonly screenName: string;
}

export interface RequestTokenOptions {
  /** A callback URL registered for the app, or `oob` for PIN mode. Always sent (spec §4.1). */
  readonly callback: string;
  /** `svc_auth_access_type`: asks for less access than the app has. */
  readonly accessType?: "read" | "write" | undefined;
  readonly signal?: AbortSignal | undefined;
}

function malformed(path: string, detail: string): OAuthProtocolError {
  return new OAuthProtocolError(OAuthErrorCode.MALFORMED_RESPONSE, `${path} answer ${detail}`);
}

/** Reads a form-encoded answer; a field sent twice is suspicious and refused. */
function formAnswer(path: string, answer: HttpAnswer): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of parseFormEncoded(answer.text)) {
    if (fields.has(name)) throw malformed(path, `repeats a field`);
    fields.set(name, value);
  }
  return fields;
}

function required(path: string, fields: Map<string, string>, name: string): string {
  const value = fields.get(name);
  if (value === undefined || value === "") throw malformed(path, `lacks ${name}`);
  return value;
}

/**
 * Leg 1: POST {base_url}/oauth/request_token, signed with the consumer keys only, with
 * `oauth_callback` in the header and `svc_auth_access_type` on the query when given.
 * Throws CALLBACK_NOT_CONFIRMED unless the answer says `oauth_callback_confirmed=true`.
 */
export async function getRequestToken(
  config: OAuthClientConfig,
  options: RequestTokenOptions,
): Promise<RequestTokenResult> {
  if (options.callback !== "oob" && !URL.canParse(options.callback)) {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "callback must be an absolute URL or oob",
    );
  }
  // Checked at run time too: JavaScript callers could slip other query parameters in here.
  const accessType: unknown = options.accessType;
  if (accessType !== undefined && accessType !== "read" && accessType !== "write") {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "accessType must be read or write",
    );
  }
  const path = "/oauth/request_token";
  const query = accessType === undefined ? "" : `?svc_auth_access_type=${accessType}`;
  const url = endpointUrl(config.baseUrl, path) + query;
  const signed = signRequest({
    method: "POST",
    url,
    consumer: config.consumer,
    oauthParams: { oauth_callback: options.callback },
    clock: config.clock,
    nonce: config.nonce,
  });
  const answer = await send(config, url, {
    method: "POST",
    headers: { authorization: signed.authorization },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  expectOk("POST", url, answer);
  const fields = formAnswer(path, answer);
  if (fields.get("oauth_callback_confirmed") !== "true") {
    throw new OAuthProtocolError(
      OAuthErrorCode.CALLBACK_NOT_CONFIRMED,
      `${path} answered without oauth_callback_confirmed=true`,
    );
  }
  return {
    token: required(path, fields, "oauth_token"),
    tokenSecret: required(path, fields, "oauth_token_secret"),
    callbackConfirmed: true,
  };
}

/** Query options of the authorize and authenticate pages; they never take oauth_callback. */
export interface AuthorizeUrlOptions {
  /** The request token. */
  readonly token: string;
  /** Makes the user enter credentials even when logged in. */
  readonly forceLogin?: boolean | undefined;
  /** Prefills the login name. */
  readonly screenName?: string | undefined;
}

function userPageUrl(baseUrl: string, path: string, options: AuthorizeUrlOptions): string {
  const query = [`oauth_token=${percentEncode(options.token)}`];
  if (options.forceLogin === true) query.push("force_login=true");
  if (options.screenName !== undefined)
    query.push(`screen_name=${percentEncode(options.screenName)}`);
  return `${endpointUrl(baseUrl, path)}?${query.join("&")}`;
}

/** Leg 2: the GET {base_url}/oauth/authorize page to send the user to (desktop apps use this). */
export function buildAuthorizeUrl(baseUrl: string, options: AuthorizeUrlOptions): string {
  return userPageUrl(baseUrl, "/oauth/authorize", options);
}

/** Leg 2, "Sign in with": GET {base_url}/oauth/authenticate skips re-approval (spec §4.1). */
export function buildAuthenticateUrl(baseUrl: string, options: AuthorizeUrlOptions): string {
  return userPageUrl(baseUrl, "/oauth/authenticate", options);
}

export interface AccessTokenOptions {
  /** The request token and its secret from leg 1 (RFC 5849 §2.3 signs with both). */
  readonly requestToken: TokenCredentials;
  /** `oauth_verifier` from the callback, or the PIN in oob mode. */
  readonly verifier: string;
  readonly signal?: AbortSignal | undefined;
}

/** Leg 3: POST {base_url}/oauth/access_token with `oauth_token` and `oauth_verifier`. */
export async function getAccessToken(
  config: OAuthClientConfig,
  options: AccessTokenOptions,
): Promise<AccessTokenResult> {
  const path = "/oauth/access_token";
  const url = endpointUrl(config.baseUrl, path);
  const signed = signRequest({
    method: "POST",
    url,
    consumer: config.consumer,
    token: options.requestToken,
    oauthParams: { oauth_verifier: options.verifier },
    clock: config.clock,
    nonce: config.nonce,
  });
  const answer = await send(config, url, {
    method: "POST",
    headers: { authorization: signed.authorization },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  expectOk("POST", url, answer);
  const fields = formAnswer(path, answer);
  const userId = required(path, fields, "user_id");
  if (!/^[0-9]+$/.test(userId)) throw malformed(path, "has a user_id that is not digits");
  return {
    token: required(path, fields, "oauth_token"),
    tokenSecret: required(path, fields, "oauth_token_secret"),
    userId,
    screenName: required(path, fields, "screen_name"),
  };
}

/**
 * Revokes an access token: POST {base_url}/1.1/oauth/invalidate_token signed with that token
 * (spec §4.1). Afterwards the server refuses it with 401, code 89.
 */
export async function invalidateAccessToken(
  config: OAuthClientConfig,
  accessToken: TokenCredentials,
  options: { readonly signal?: AbortSignal | undefined } = {},
): Promise<void> {
  const url = endpointUrl(config.baseUrl, "/1.1/oauth/invalidate_token");
  const signed = signRequest({
    method: "POST",
    url,
    consumer: config.consumer,
    token: accessToken,
    clock: config.clock,
    nonce: config.nonce,
  });
  const answer = await send(config, url, {
    method: "POST",
    headers: { authorization: signed.authorization },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  expectOk("POST", url, answer);
}
