import { describe, expect, it } from "vitest";
import { facadeBaseUrl } from "./facade-http.js";
import { graphQLFailure } from "./graphql.js";

describe("graphQLFailure", () => {
  it("is nothing for an answer without errors", () => {
    expect(graphQLFailure({ data: { health: "ok" } })).toBeUndefined();
  });

  it("is the first error on one line with its code and path, and how many more", () => {
    const failure = graphQLFailure({
      errors: [
        {
          message: 'Cannot query field "nope"\n on type "Query".',
          extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
        },
        { message: "second" },
      ],
    });
    expect(failure).toMatchObject({ code: "GRAPHQL", exitCode: 1 });
    expect(failure?.message).toBe(
      'Cannot query field "nope" on type "Query". [GRAPHQL_VALIDATION_FAILED] (and 1 more)',
    );
    expect(
      graphQLFailure({
        errors: [
          { message: "No such account.", path: ["account"], extensions: { code: "NOT_FOUND" } },
        ],
      })?.message,
    ).toBe("No such account. [NOT_FOUND at account]");
  });

  it("means signed out (exit 3) when the facade refuses the session", () => {
    const failure = graphQLFailure({
      errors: [
        { message: "Other." },
        { message: "Sign in first.", extensions: { code: "UNAUTHENTICATED" } },
      ],
    });
    expect(failure).toMatchObject({ code: "NOT_SIGNED_IN", exitCode: 3 });
    expect(failure?.message).toBe(
      "the facade refused the session (Sign in first): run `adsgraph login`",
    );
  });
});

describe("facadeBaseUrl", () => {
  it("accepts the URL the facade prints, with or without /graphql and a slash", () => {
    expect(facadeBaseUrl("http://127.0.0.1:4000/graphql")).toBe("http://127.0.0.1:4000");
    expect(facadeBaseUrl("http://127.0.0.1:4000/")).toBe("http://127.0.0.1:4000");
    expect(facadeBaseUrl("https://example.com/api/graphql/")).toBe("https://example.com/api");
    expect(() => facadeBaseUrl("127.0.0.1:4000")).toThrow(/not an (absolute|http)/);
  });
});
