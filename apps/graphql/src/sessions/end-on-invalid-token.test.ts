import { RestAuthError } from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { createRequestCounter } from "../upstream/request-counter.js";
import type { Upstream } from "../upstream/upstream.js";
import { endSessionOnInvalidToken } from "./end-on-invalid-token.js";

/** An upstream whose every call is refused with 401 code 89 for the endpoint called. */
function refusing(): Upstream {
  const refuse = (endpointId: string) =>
    Promise.reject(
      new RestAuthError(
        { endpointId, method: "GET", path: `/12/${endpointId}` },
        {
          status: 401,
          errors: [{ code: 89, message: "Invalid or expired token" }],
          requestId: undefined,
          rateLimit: undefined,
          attempts: 1,
        },
      ),
    );
  return {
    counter: createRequestCounter(),
    page: (id) => refuse(id),
    all: (id) => refuse(id),
    byIdList: (id) => refuse(id),
    totalCount: (id) => refuse(id),
    collection: (id) => refuse(id),
    get: (id) => refuse(id),
    write: (id) => refuse(id),
  };
}

describe("endSessionOnInvalidToken", () => {
  it("ends the session when the user's token is refused, not when the app's bearer is", async () => {
    let ended = 0;
    const upstream = endSessionOnInvalidToken(refusing(), () => {
      ended += 1;
      return Promise.resolve();
    });
    await expect(upstream.collection("bidding_rules.list", {})).rejects.toBeInstanceOf(
      RestAuthError,
    );
    await expect(upstream.page("iab_categories.list", {})).rejects.toBeInstanceOf(RestAuthError);
    expect(ended).toBe(0);
    await expect(upstream.get("accounts.get", { account_id: "a" })).rejects.toBeInstanceOf(
      RestAuthError,
    );
    expect(ended).toBe(1);
  });
});
