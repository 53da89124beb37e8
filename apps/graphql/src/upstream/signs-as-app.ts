import { getEndpoint, isEndpointId } from "@adsgraph/models";

/**
 * Calls the facade makes with its own app-only bearer token rather than as the session's user
 * (issue 8: reference data needs no user context, so it costs no user's rate limit, and its
 * answer is the same for every caller). The catalog's `bearer-or-user` kind says which.
 */
export function signsAsApp(endpointId: string | undefined): boolean {
  return (
    endpointId !== undefined &&
    isEndpointId(endpointId) &&
    getEndpoint(endpointId).auth === "bearer-or-user"
  );
}
