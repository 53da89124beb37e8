import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RAW_KEY_MAX_CHARS, responseCacheKey } from "./response-cache-key.js";

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

  it("takes a persisted query by hash alone, or with its document, in one key (shared mode)", () => {
    const hash = createHash("sha256").update(body.query).digest("hex");
    const persisted = { version: 1, sha256Hash: hash };
    const key = responseCacheKey("u1", undefined, body, { persistedQueries: true });
    expect(key).toBe(responseCacheKey("u1", undefined, body));
    const { query: _query, ...withoutQuery } = body;
    expect(
      responseCacheKey(
        "u1",
        undefined,
        { ...withoutQuery, extensions: { persistedQuery: persisted } },
        { persistedQueries: true },
      ),
    ).toBe(key);
    expect(
      responseCacheKey(
        "u1",
        undefined,
        { ...body, extensions: { persistedQuery: persisted } },
        { persistedQueries: true },
      ),
    ).toBe(key);
    expect(
      responseCacheKey(
        "u2",
        undefined,
        { ...withoutQuery, extensions: { persistedQuery: persisted } },
        { persistedQueries: true },
      ),
    ).not.toBe(key);
    for (const refused of [
      // APQ off (embedded): Apollo answers PERSISTED_QUERY_NOT_SUPPORTED.
      [{ ...withoutQuery, extensions: { persistedQuery: persisted } }, false],
      // A hash that is not the query's: Apollo refuses it.
      [
        { ...body, extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } },
        true,
      ],
      [{ ...withoutQuery, extensions: { persistedQuery: { version: 2, sha256Hash: hash } } }, true],
      [{ ...withoutQuery, extensions: { persistedQuery: { version: 1, sha256Hash: "x" } } }, true],
      [{ ...withoutQuery, extensions: { persistedQuery: { ...persisted, more: 1 } } }, true],
      [{ ...withoutQuery, extensions: { persistedQuery: persisted, other: {} } }, true],
      [{ ...withoutQuery, extensions: null }, true],
      [withoutQuery, true],
    ] as const)
      expect(
        responseCacheKey("u1", undefined, refused[0], { persistedQueries: refused[1] }),
      ).toBeNull();
  });

  it("leaves variables nested past its bound to Apollo, without overflowing (issue 34)", () => {
    let deep: unknown = [];
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    expect(responseCacheKey("u1", undefined, { query: "{ health }", variables: { x: deep } })).toBe(
      null,
    );
    let shallow: unknown = "leaf";
    for (let level = 0; level < 60; level += 1) shallow = { next: shallow };
    const body = { query: "{ health }", variables: { x: shallow } };
    expect(responseCacheKey("u1", undefined, body)).toEqual(expect.any(String));
  });

  it("keys a body by its text as sent (embedded mode), bounded in length", () => {
    const text = JSON.stringify(body);
    const key = responseCacheKey("u1", "application/json", body, { text });
    expect(key).toBe(responseCacheKey("u1", "application/json", body, { text }));
    for (const other of [
      responseCacheKey("u2", "application/json", body, { text }),
      responseCacheKey("u1", undefined, body, { text }),
      responseCacheKey("u1", "application/json", body, { text: JSON.stringify(body, null, 1) }),
    ])
      expect(other).not.toBe(key);
    const long = { query: `{ a ${"b ".repeat(RAW_KEY_MAX_CHARS)}}` };
    const longKey = responseCacheKey("u1", undefined, long, { text: JSON.stringify(long) });
    expect(longKey?.length).toBeLessThan(64);
    expect(longKey).not.toBe(
      responseCacheKey("u2", undefined, long, { text: JSON.stringify(long) }),
    );
    // The text never stands for a body the cache takes no part in.
    for (const refused of [
      { variables: {} },
      { ...body, extensions: {} },
      { query: "{ a }", x: 1 },
    ])
      expect(
        responseCacheKey("u1", undefined, refused, { text: JSON.stringify(refused) }),
      ).toBeNull();
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
