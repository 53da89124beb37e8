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

  it("keeps no message of a fault whatever code Apollo gave it (issue 34)", () => {
    const overflow = new RangeError("Maximum call stack size exceeded");
    // Apollo codes a throw in variable coercion INTERNAL_SERVER_ERROR, a throw in parsing
    // GRAPHQL_PARSE_FAILED, keeping the message; a stack overflow is a fault under any code.
    const cases: [unknown, Error][] = [
      ["INTERNAL_SERVER_ERROR", overflow],
      ["GRAPHQL_PARSE_FAILED", overflow],
      ["BAD_USER_INPUT", overflow],
      ["INTERNAL_SERVER_ERROR", new Error('relation "session" does not exist')],
    ];
    for (const [code, cause] of cases) {
      const inner = new GraphQLError(cause.message, { originalError: cause });
      const outer = new GraphQLError(cause.message, { originalError: inner });
      const formatted = formatError({ message: cause.message, extensions: { code } }, outer);
      expect(formatted).toEqual({
        message: "Internal server error",
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      });
    }
    // A scalar's own error under BAD_USER_INPUT names the rule: it stays.
    const scalar = new GraphQLError('Variable "$at" got invalid value; Expected an ISO date.', {
      originalError: new TypeError("Expected an ISO date."),
    });
    expect(
      formatError({ message: scalar.message, extensions: { code: "BAD_USER_INPUT" } }, scalar)
        .extensions?.code,
    ).toBe("BAD_USER_INPUT");
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
