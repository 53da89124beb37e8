import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { credential } from "../fields/opaque.js";
import { text } from "../fields/text.js";
import { appLink } from "../fields/urls.js";
import {
  accessTokenResultSchema,
  bearerTokenResultSchema,
  invalidatedTokenResultSchema,
  requestTokenResultSchema,
} from "../resources/oauth.js";
import { endpoint, group } from "./endpoint.js";
import { form, html, rawJson } from "./responses.js";

/**
 * spec §4.1: `oob` (PIN mode) or a callback URL configured in the app settings. Native apps
 * register their own schemes, so any scheme but javascript:, data:, vbscript: and file: passes
 * here; the server matches the URL against the app's settings.
 */
const oauthCallback = z.union([z.literal("oob"), appLink()], {
  error: "must be the literal oob or an absolute callback URL",
});

const browserParams = {
  oauth_token: credential,
  force_login: flag().optional(),
  screen_name: text().optional(),
};

/** spec §4.1 credential endpoints, host {base_url}. */
export const oauthEndpoints = group(
  endpoint({
    id: "oauth.request_token",
    method: "POST",
    host: "base",
    version: null,
    path: "/oauth/request_token",
    auth: "oauth1-request",
    summary: "Obtain a request token (first leg of the three-legged flow).",
    params: {
      oauth_callback: oauthCallback,
      svc_auth_access_type: z.enum(["read", "write"]).optional(),
    },
    // spec §4.1: oauth_callback is one of the Authorization header's OAuth parameters.
    locations: { oauth_callback: "header" },
    response: form(requestTokenResultSchema),
  }),
  endpoint({
    id: "oauth.authorize",
    method: "GET",
    host: "base",
    version: null,
    path: "/oauth/authorize",
    // A browser page: the user signs in; the request itself is not signed.
    auth: "none",
    summary: "Page where the user approves the app; never takes oauth_callback.",
    params: browserParams,
    response: html(),
  }),
  endpoint({
    id: "oauth.authenticate",
    method: "GET",
    host: "base",
    version: null,
    path: "/oauth/authenticate",
    auth: "none",
    summary: "Like authorize; redirects at once when access was already granted.",
    params: browserParams,
    response: html(),
  }),
  endpoint({
    id: "oauth.access_token",
    method: "POST",
    host: "base",
    version: null,
    path: "/oauth/access_token",
    auth: "oauth1-request",
    summary: "Exchange the request token and verifier for an access token.",
    params: {
      oauth_token: credential,
      oauth_verifier: credential,
    },
    // The request token and the verifier travel (and are signed) in the Authorization header;
    // repeated in the body with the same values (twitter-api-v2's login) they are the same.
    locations: { oauth_token: "header", oauth_verifier: "header" },
    response: form(accessTokenResultSchema),
  }),
  endpoint({
    id: "oauth.invalidate_token",
    method: "POST",
    host: "base",
    version: "1.1",
    // spec §4.1: the example adds a `.json` suffix; the path is kept as the table writes it.
    path: "/oauth/invalidate_token",
    auth: "oauth1-user",
    summary: "Revoke the access token the request is signed with.",
    response: rawJson(invalidatedTokenResultSchema),
  }),
  endpoint({
    id: "oauth2.token",
    method: "POST",
    host: "base",
    version: null,
    path: "/oauth2/token",
    auth: "basic",
    summary: "Obtain the app-only bearer token (one per app until invalidated).",
    params: { grant_type: z.literal("client_credentials") },
    location: "form",
    response: rawJson(bearerTokenResultSchema),
  }),
  endpoint({
    id: "oauth2.invalidate_token",
    method: "POST",
    host: "base",
    version: null,
    path: "/oauth2/invalidate_token",
    auth: "oauth1-user",
    summary: "Revoke a bearer token (signed with the app owner's access token).",
    params: { access_token: credential },
    // The bearer token to revoke goes in the form body, out of URLs and their logs.
    location: "form",
    response: rawJson(invalidatedTokenResultSchema),
  }),
);
