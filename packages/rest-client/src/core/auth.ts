import type { AnyEndpoint } from "@adsgraph/models";
import { buildBasicAuthorization, createRequestSigner, signRequest } from "@adsgraph/oauth";
import type { BearerTokenCache, ParamPair, RequestSigner, TokenCredentials } from "@adsgraph/oauth";
import type { AuthOptions } from "./config.js";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "./errors.js";
import { principalDigest } from "./rate-budget.js";

/** What signing needs of a prepared request. */
export interface SignableRequest {
  readonly method: string;
  readonly url: URL;
  /** Form-body pairs (signed with OAuth 1.0a); JSON bodies are never signed. */
  readonly form: readonly ParamPair[] | undefined;
  /** The catalog's header-carried `oauth_*` parameters, sent in the header (RFC 5849 §3.5.1). */
  readonly oauthParams: Readonly<Record<string, string>>;
}

export interface AuthResult {
  readonly authorization: string | undefined;
  /** The fetched bearer token, so errors can mask it by value. */
  readonly secret?: string | undefined;
  /** A bearer token from the cache was sent: a 401 may mean it was invalidated elsewhere. */
  readonly cachedBearer?: boolean;
}

export interface Authenticator {
  /** The header at once, or once the app's bearer token is fetched (the only wait). */
  authorize(
    endpoint: AnyEndpoint,
    request: SignableRequest,
    token: TokenCredentials | undefined,
    /** The caller's signal: stops waiting for a bearer token being fetched. */
    signal?: AbortSignal,
  ): AuthResult | Promise<AuthResult>;
  /**
   * Whose rate limits a call of `endpoint` spends, as a digest (`principalDigest`): the user of
   * the access token it is signed with, or the app for the app-only bearer; undefined for
   * credential endpoints (counted per client address, not per principal).
   */
  principal(endpoint: AnyEndpoint, token: TokenCredentials | undefined): string | undefined;
  /** Forgets the cached bearer token `sent` (after the API refused it). */
  evictBearer(sent: string | undefined): void;
}

function missing(endpoint: AnyEndpoint, what: string): RestClientError {
  return new RestClientError(
    REST_CLIENT_ERROR_CODES.MISSING_CREDENTIALS,
    `${endpoint.id} needs ${what}; nothing was sent`,
    endpoint.id,
  );
}

/**
 * Builds the Authorization header for each endpoint's catalog auth kind. The bearer token comes
 * from the pool's cache (one `oauth2.token` request shared by concurrent callers). What depends
 * on a credential alone is made once per token object (a client's own, or a call's): its
 * OAuth signer (HMAC key) and its rate-limit principal's digest.
 */
export function createAuthenticator(
  auth: AuthOptions,
  bearerTokens: BearerTokenCache,
): Authenticator {
  const signers = new WeakMap<TokenCredentials, RequestSigner>();
  const userPrincipals = new WeakMap<TokenCredentials, string>();
  let appPrincipal: string | undefined;

  async function bearer(endpoint: AnyEndpoint, signal?: AbortSignal): Promise<AuthResult> {
    if (auth.bearerToken !== undefined) return { authorization: `Bearer ${auth.bearerToken}` };
    if (auth.consumer === undefined) {
      throw missing(endpoint, "an app-only bearer token: pass auth.bearerToken or auth.consumer");
    }
    const token = await bearerTokens.get(auth.consumer, { signal });
    return { authorization: `Bearer ${token}`, secret: token, cachedBearer: true };
  }

  function userSigned(
    endpoint: AnyEndpoint,
    request: SignableRequest,
    token: TokenCredentials | undefined,
  ): AuthResult {
    if (auth.consumer === undefined || token === undefined) {
      throw missing(
        endpoint,
        "OAuth 1.0a user context: pass auth.consumer and auth.token (or a token per call)",
      );
    }
    let signer = signers.get(token);
    if (signer === undefined) {
      signer = createRequestSigner(auth.consumer, token);
      signers.set(token, signer);
    }
    const signed = signer.sign({ method: request.method, url: request.url, form: request.form });
    return { authorization: signed.authorization };
  }

  function bearerPrincipal(): string | undefined {
    if (auth.bearerToken !== undefined)
      return (appPrincipal ??= principalDigest("bearer", auth.bearerToken));
    return auth.consumer && (appPrincipal ??= principalDigest("app", auth.consumer.consumerKey));
  }

  function userPrincipal(token: TokenCredentials | undefined): string | undefined {
    if (auth.consumer === undefined || token === undefined) return undefined;
    let principal = userPrincipals.get(token);
    if (principal === undefined) {
      principal = principalDigest("user", auth.consumer.consumerKey, token.token);
      userPrincipals.set(token, principal);
    }
    return principal;
  }

  return {
    principal(endpoint, callToken) {
      const token = callToken ?? auth.token;
      switch (endpoint.auth) {
        case "oauth1-user":
          return userPrincipal(token);
        case "bearer-or-user":
        case "bearer-or-oauth1":
          // As `authorize` chooses: as the user when signed as one, else the app's bearer.
          return token !== undefined && auth.consumer !== undefined
            ? userPrincipal(token)
            : bearerPrincipal();
        case "none":
        case "basic":
        case "oauth1-request":
          return undefined;
      }
    },
    authorize(endpoint, request, callToken, signal) {
      const consumer = auth.consumer;
      switch (endpoint.auth) {
        case "none":
          return { authorization: undefined };
        case "basic":
          if (consumer === undefined) throw missing(endpoint, "auth.consumer (API key and secret)");
          return {
            authorization: buildBasicAuthorization(consumer.consumerKey, consumer.consumerSecret),
          };
        case "oauth1-user":
          return userSigned(endpoint, request, callToken ?? auth.token);
        case "bearer-or-user":
        case "bearer-or-oauth1": {
          // A client that signs as a user keeps doing so (spec §5: then OAuth 1.0a governs);
          // an app client (no user token) sends the app-only bearer, so reference data and post
          // reads cost no user's rate limit.
          const token = callToken ?? auth.token;
          return token !== undefined && consumer !== undefined
            ? userSigned(endpoint, request, token)
            : bearer(endpoint, signal);
        }
        case "oauth1-request": {
          if (consumer === undefined) throw missing(endpoint, "auth.consumer (API key and secret)");
          // The request token travels as oauth_token; its secret (RFC 5849 §2.3) comes from the
          // call's `token` option when it names the same token.
          const { oauth_token: requestToken, ...oauthParams } = request.oauthParams;
          const token =
            requestToken === undefined
              ? undefined
              : {
                  token: requestToken,
                  tokenSecret: callToken?.token === requestToken ? callToken.tokenSecret : "",
                };
          const signed = signRequest({
            method: request.method,
            url: request.url,
            consumer,
            token,
            form: request.form,
            oauthParams,
          });
          return { authorization: signed.authorization };
        }
      }
    },
    evictBearer(sent) {
      if (auth.consumer !== undefined) bearerTokens.evict(auth.consumer.consumerKey, sent);
    },
  };
}
