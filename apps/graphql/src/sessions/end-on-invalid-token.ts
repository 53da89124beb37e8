import { RestAuthError } from "@adsgraph/rest-client";
import { signsAsApp } from "../upstream/app-only.js";
import type { Upstream } from "../upstream/upstream.js";

/**
 * spec §7: once the service answers 401 code 89, the session's access token is dead for good,
 * so the session ends too (later requests get UNAUTHENTICATED without asking upstream). Not
 * when the refused call went out with the app's bearer token: that says nothing of the user.
 */
export function endSessionOnInvalidToken(
  upstream: Upstream,
  endSession: () => Promise<void>,
): Upstream {
  const watch = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
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
  return {
    counter: upstream.counter,
    page: (id, params) => watch(() => upstream.page(id, params)),
    all: (id, params) => watch(() => upstream.all(id, params)),
    byIdList: (id, param, ids, params) => watch(() => upstream.byIdList(id, param, ids, params)),
    totalCount: (id, params) => watch(() => upstream.totalCount(id, params)),
    collection: (id, params) => watch(() => upstream.collection(id, params)),
    get: (id, params) => watch(() => upstream.get(id, params)),
    write: (id, params) => watch(() => upstream.write(id, params)),
  };
}
