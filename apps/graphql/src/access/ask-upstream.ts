import { RestApiError } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";

/**
 * Asks the service whether the request's user may see an account: `authenticated_user_access`
 * answers for an account of theirs, 403/404 otherwise. Any other failure (an outage) is thrown,
 * so that a caller can fail closed.
 */
export async function askAccountAccess(upstream: RestClient, accountId: string): Promise<boolean> {
  try {
    await upstream.call("authenticated_user_access.get", { account_id: accountId });
    return true;
  } catch (error) {
    if (error instanceof RestApiError && (error.status === 403 || error.status === 404))
      return false;
    throw error;
  }
}
