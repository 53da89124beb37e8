import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";
import { percentEncode } from "./percent-encode.js";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** `{base_url}` + path (spec §4.1). Refuses plain http except on loopback (tests, local servers). */
function endpointUrl(baseUrl: string, path: string): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new OAuthProtocolError(OAuthErrorCode.INVALID_ARGUMENT, "baseUrl is not an absolute URL");
  }
  const secure =
    base.protocol === "https:" || (base.protocol === "http:" && LOOPBACK.test(base.hostname));
  if (!secure) {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "baseUrl must use https (spec §4.1)",
    );
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}${path}`;
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
