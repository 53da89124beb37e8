import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { NotFoundError, UpstreamError } from "./facade-errors.js";
import {
  badUserInputError,
  forbiddenError,
  formatError,
  queryLimitError,
  requestError,
  unauthenticatedError,
} from "./graphql-errors.js";

describe("formatError", () => {
  it("keeps a code, the path and the service's codes, and nothing of an unexpected failure", () => {
    const wrapped = new GraphQLError(
      "GET campaigns.get (/12/accounts/a/campaigns/c) answered 404",
      {
        path: ["account", "campaign"],
        originalError: new NotFoundError("Not found: NOT_FOUND happened", {
          status: 404,
          codes: ["NOT_FOUND"],
        }),
      },
    );
    expect(
      formatError({ message: wrapped.message, path: ["account", "campaign"] }, wrapped),
    ).toEqual({
      message: "Not found: NOT_FOUND happened",
      path: ["account", "campaign"],
      extensions: { code: "NOT_FOUND", upstream: { status: 404, codes: ["NOT_FOUND"] } },
    });
    const internal = new GraphQLError("connect ECONNREFUSED secret-host:5432", {
      originalError: new Error("x"),
    });
    expect(formatError({ message: internal.message }, internal)).toEqual({
      message: "Internal server error",
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    });
  });

  it("says when a write may have been applied", () => {
    const reset = new UpstreamError("x", { status: null, codes: ["ECONNRESET"] }, true);
    const formatted = formatError(
      { message: "x" },
      new GraphQLError("x", { originalError: reset }),
    );
    expect(formatted.extensions).toMatchObject({ code: "UPSTREAM_ERROR", possiblyApplied: true });
  });

  it("keeps the code each error of the edge is built with, and gives one to those without", () => {
    const leave = (error: GraphQLError) => formatError(error.toJSON(), error);
    expect(leave(badUserInputError("bad cursor")).extensions?.code).toBe("BAD_USER_INPUT");
    expect(leave(unauthenticatedError("sign in")).extensions?.code).toBe("UNAUTHENTICATED");
    expect(leave(forbiddenError("no")).extensions?.code).toBe("FORBIDDEN");
    expect(leave(queryLimitError("depth", 12, 13))).toMatchObject({
      message: "Query exceeds the depth limit of 12 (this query: 13). Nest fewer levels.",
      extensions: { code: "QUERY_LIMIT_EXCEEDED", limit: "depth", max: 12, actual: 13 },
    });
    expect(leave(requestError("Not connected."))).toEqual({
      message: "Not connected.",
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    });
  });
});
