import { RestAuthError } from "@adsgraph/rest-client";
import type { Middleware } from "@adsgraph/rest-client";
import { signsAsApp } from "../upstream/signs-as-app.js";

/**
 * spec §7: once the service answers 401 code 89, the session's access token is dead for good,
 * so the session ends too (later requests get UNAUTHENTICATED without asking upstream). Not
 * when the refused call went out with the app's bearer token: that says nothing of the user.
 */
export function endSessionOnInvalidToken(endSession: () => Promise<void>): Middleware {
  return async (_ctx, next) => {
    try {
      return await next();
    } catch (error) {
      if (
        error instanceof RestAuthError &&
        error.reason === "invalidated_token" &&
        !signsAsApp(error.endpointId)
      )
        await endSession();
      throw error;
    }
  };
}
