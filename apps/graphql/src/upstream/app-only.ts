import type { Middleware, RestClient } from "@adsgraph/rest-client";
import { UnauthenticatedError } from "../errors/facade-errors.js";
import { signsAsApp } from "./signs-as-app.js";

/**
 * Routes a request's calls: none without a session (the facade is no open proxy of its app's
 * rate limits), reference data and the post-data API's reads through `app` (the app-only
 * bearer, its own rate-limit state; `signsAsApp`), the rest on as the session's user.
 */
export function appBearerRouting({
  app,
  signedIn,
}: {
  app: RestClient;
  signedIn: boolean;
}): Middleware {
  return (ctx, next) => {
    if (!signedIn) throw new UnauthenticatedError("Sign in first: this request has no session.");
    return signsAsApp(ctx.endpointId)
      ? app.request(ctx.endpointId, ctx.params, ctx.options)
      : next();
  };
}
