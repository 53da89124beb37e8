import { describe, expect, it } from "vitest";
import { responseCacheKey } from "./response-cache-key.js";

describe("response cache key", () => {
  const body = { query: "{ a }", variables: { x: 1 }, operationName: null };

  it("differs by user, accept header, variables, operation name and document", () => {
    const key = responseCacheKey("u1", "application/json", body);
    expect(key).not.toBeNull();
    expect(responseCacheKey("u1", "application/json", { ...body })).toBe(key);
    for (const other of [
      responseCacheKey("u2", "application/json", body),
      responseCacheKey("u1", undefined, body),
      responseCacheKey("u1", "application/json", { ...body, variables: { x: 2 } }),
      responseCacheKey("u1", "application/json", { ...body, operationName: "A" }),
      responseCacheKey("u1", "application/json", { ...body, query: "{ b }" }),
    ])
      expect(other).not.toBe(key);
  });

  it("takes no part in anything but a plain query body", () => {
    for (const hostile of [
      null,
      "text",
      [body],
      { ...body, extensions: { persistedQuery: {} } },
      { query: 1 },
      { query: "{ a }", variables: [1] },
      { query: "{ a }", operationName: 5 },
    ])
      expect(responseCacheKey("u1", undefined, hostile)).toBeNull();
  });
});
