import { accessTokenResultSchema, requestTokenResultSchema } from "@adsgraph/models";
import { parseFormEncoded } from "@adsgraph/oauth";
import type { ConsumerCredentials, TokenCredentials } from "@adsgraph/oauth";
import { signedFetch } from "./signed-fetch.js";
import type { ApiResponse } from "./signed-fetch.js";

/** Where the flow runs and which app runs it. */
export interface FlowConfig {
  readonly baseUrl: string;
  readonly consumer: ConsumerCredentials;
}

/** A non-2xx answer of a leg, with the status and the body's codes (spec §7). */
export class LegRefused extends Error {
  constructor(
    readonly status: number,
    readonly codes: readonly (number | string)[],
  ) {
    super(`answered ${status} (codes ${codes.join(", ")})`);
  }
}

function expectOk(response: ApiResponse): ApiResponse {
  if (response.status >= 200 && response.status < 300) return response;
  const body = response.body as { errors?: { code: number | string }[] } | undefined;
  throw new LegRefused(response.status, body?.errors?.map((e) => e.code) ?? []);
}

const fields = (text: string) => Object.fromEntries(parseFormEncoded(text));

/**
 * spec §4.1 leg 1, as an app would send it: signed with the consumer keys only, oauth_callback
 * in the Authorization header, the answer checked against the catalog's schema.
 */
export async function getRequestToken(
  config: FlowConfig,
  options: { callback: string; accessType?: "read" | "write" },
): Promise<TokenCredentials> {
  const query =
    options.accessType === undefined ? "" : `?svc_auth_access_type=${options.accessType}`;
  const answer = expectOk(
    await signedFetch(
      "POST",
      `${config.baseUrl}/oauth/request_token${query}`,
      { consumer: config.consumer },
      { oauthParams: { oauth_callback: options.callback } },
    ),
  );
  const result = requestTokenResultSchema.parse(fields(answer.text));
  return { token: result.oauth_token, tokenSecret: result.oauth_token_secret };
}

/** spec §4.1 leg 3: signed with the request token; oauth_verifier in the header. */
export async function getAccessToken(
  config: FlowConfig,
  options: { requestToken: TokenCredentials; verifier: string },
) {
  const answer = expectOk(
    await signedFetch(
      "POST",
      `${config.baseUrl}/oauth/access_token`,
      { consumer: config.consumer, token: options.requestToken },
      { oauthParams: { oauth_verifier: options.verifier } },
    ),
  );
  const result = accessTokenResultSchema.parse(fields(answer.text));
  return {
    token: result.oauth_token,
    tokenSecret: result.oauth_token_secret,
    userId: result.user_id,
    screenName: result.screen_name,
  };
}

/** spec §4.1: POST /1.1/oauth/invalidate_token signed with the token it revokes. */
export async function invalidateAccessToken(
  config: FlowConfig,
  token: TokenCredentials,
): Promise<void> {
  expectOk(
    await signedFetch("POST", `${config.baseUrl}/1.1/oauth/invalidate_token`, {
      consumer: config.consumer,
      token,
    }),
  );
}
