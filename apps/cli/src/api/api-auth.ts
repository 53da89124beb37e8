import { buildAuthorizeUrl } from "@adsgraph/oauth";
import { createRestClient, RestAuthError } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";
import type { ApiCredentials } from "../credentials/credentials.js";

/** The ads API and the app that signs in to it (`login --api`). */
export interface ApiApp {
  readonly baseUrl: string;
  readonly adsUrl: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

/** Leg 1 done: the page to approve on, and how to finish with the PIN it shows. */
export interface ApiPinStart {
  readonly authorizeUrl: string;
  complete(pin: string): Promise<ApiCredentials>;
  /** Closes the connections (after `complete`, or when the user gives up). */
  close(): Promise<void>;
}

/** A client of the ads API signed with the app's keys and, when given, the user's token. */
export function apiClient(app: ApiApp, token?: { token: string; tokenSecret: string }): RestClient {
  return createRestClient({
    hosts: { base: app.baseUrl, ads: app.adsUrl },
    auth: {
      consumer: { consumerKey: app.consumerKey, consumerSecret: app.consumerSecret },
      ...(token !== undefined && { token }),
    },
  });
}

/**
 * The service's own PIN flow (spec §4.1, out-of-band), as a desktop app runs it: a request
 * token for `oob`, the authorize page (`/oauth/authorize`, the one desktop apps use), then the
 * PIN traded for the user's access token and secret.
 */
export async function startApiPinSignIn(app: ApiApp): Promise<ApiPinStart> {
  const client = apiClient(app);
  try {
    const started = await client.call("oauth.request_token", { oauth_callback: "oob" });
    const requestToken = { token: started.oauth_token, tokenSecret: started.oauth_token_secret };
    return {
      authorizeUrl: buildAuthorizeUrl(app.baseUrl, { token: started.oauth_token }),
      complete: async (pin) => {
        const access = await client.call(
          "oauth.access_token",
          { oauth_token: requestToken.token, oauth_verifier: pin },
          { token: requestToken },
        );
        return {
          ...app,
          token: access.oauth_token,
          tokenSecret: access.oauth_token_secret,
          userId: access.user_id,
          screenName: access.screen_name,
        };
      },
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/**
 * spec §4.1 `POST /1.1/oauth/invalidate_token`, signed with the token it revokes. Resolves
 * false when the service already refuses the token (401), which is what signing out wants.
 */
export async function invalidateApiToken(credentials: ApiCredentials): Promise<boolean> {
  const client = apiClient(credentials, {
    token: credentials.token,
    tokenSecret: credentials.tokenSecret,
  });
  try {
    await client.call("oauth.invalidate_token", undefined, {
      token: { token: credentials.token, tokenSecret: credentials.tokenSecret },
    });
    return true;
  } catch (error) {
    if (error instanceof RestAuthError) return false;
    throw error;
  } finally {
    await client.close();
  }
}
