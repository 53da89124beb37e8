import { getEndpoint, isEndpointId } from "@adsgraph/models";

/**
 * Calls the facade makes with its own app-only bearer token rather than as the session's user:
 * `bearer-or-user` endpoints, reference data (issue 8) and the post-data API's reads (spec §5
 * shows them with a bearer). They need no user context, so they cost no user's rate limit, and
 * their answer is the same for every caller. Writes of the post-data API are `oauth1-user`: the
 * session's user.
 */
export function signsAsApp(endpointId: string | undefined): boolean {
  if (endpointId === undefined || !isEndpointId(endpointId)) return false;
  return getEndpoint(endpointId).auth === "bearer-or-user";
}
