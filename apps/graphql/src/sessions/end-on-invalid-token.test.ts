import { RestAuthError } from "@adsgraph/rest-client";
import { describe, expect, it } from "vitest";
import { scriptedClient } from "../../test/support/scripted-client.js";
import { endSessionOnInvalidToken } from "./end-on-invalid-token.js";

/** A client whose every call is refused with 401 code 89 for the endpoint called. */
function refusing() {
  return scriptedClient(({ endpointId }) => {
    throw new RestAuthError(
      { endpointId, method: "GET", path: `/12/${endpointId}` },
      {
        status: 401,
        errors: [{ code: 89, message: "Invalid or expired token" }],
        requestId: undefined,
        rateLimit: undefined,
        attempts: 1,
      },
    );
  }).client;
}

describe("endSessionOnInvalidToken", () => {
  it("ends the session when the user's token is refused, not when the app's bearer is", async () => {
    let ended = 0;
    const upstream = refusing().with({
      middleware: [
        endSessionOnInvalidToken(() => {
          ended += 1;
          return Promise.resolve();
        }),
      ],
    });
    await expect(upstream.call("bidding_rules.list", {})).rejects.toBeInstanceOf(RestAuthError);
    await expect(upstream.page("iab_categories.list", {})).rejects.toBeInstanceOf(RestAuthError);
    expect(ended).toBe(0);
    await expect(upstream.call("accounts.get", { account_id: "a" })).rejects.toBeInstanceOf(
      RestAuthError,
    );
    expect(ended).toBe(1);
  });
});
