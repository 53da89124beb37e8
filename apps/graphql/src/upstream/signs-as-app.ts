import { getEndpoint, isEndpointId } from "@adsgraph/models";

/**
 * Calls the facade makes with its own app-only bearer token rather than as the session's user:
 * reference data (`bearer-or-user`, issue 8: it needs no user context, so it costs no user's
 * rate limit, and its answer is the same for every caller), and the endpoints that take only a
 * bearer token (`bearer`: spec §5, the post-data API's reads, which refuse user context with
 * 403 APP_AUTH_REQUIRED). Writes of the post-data API are `oauth1-user`: the session's user.
 */
export function signsAsApp(endpointId: string | undefined): boolean {
  if (endpointId === undefined || !isEndpointId(endpointId)) return false;
  const { auth } = getEndpoint(endpointId);
  return auth === "bearer-or-user" || auth === "bearer";
}
