import { DEMO } from "@adsgraph/ads-api";
import type { StartedAdsApi } from "@adsgraph/ads-api/testing";
import { createRestClient } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";

/**
 * The demo user's own client of ads-api (the demo app and access token), not the facade's:
 * another tool of theirs, spending the same rate-limit windows.
 */
export function demoUserClient(adsApi: Pick<StartedAdsApi, "urls">): RestClient {
  return createRestClient({
    hosts: adsApi.urls,
    auth: {
      consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
      token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
    },
  });
}
