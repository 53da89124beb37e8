import { createHash } from "node:crypto";
import { deletePrefixed, testRedisPrefix, TEST_REDIS_URL } from "@adsgraph/storage";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  createPersistedQueryCache,
  type PersistedQueryCacheOptions,
} from "./persisted-query-cache.js";
import { testSharedState, type TestSharedState } from "../../test/support/shared-state.js";

const opened: TestSharedState[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((state) => state.close()));
});
afterAll(async () => {
  for (const prefix of prefixes) await deletePrefixed(TEST_REDIS_URL, prefix);
});

/** Replicas sharing one fresh prefix (each test its own, so byte budgets never meet). */
async function replicas(
  count: number,
  options: PersistedQueryCacheOptions = { ttlSeconds: 60 },
  url?: string,
) {
  const prefix = testRedisPrefix("graphql-apq");
  prefixes.push(prefix);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const state = await testSharedState(prefix, url);
      opened.push(state);
      const cache = createPersistedQueryCache(state, options);
      if (cache === undefined) throw new Error("no cache without Redis");
      return { state, cache, client: state.redis?.client };
    }),
  );
}

const keyOf = (document: string) => `apq:${createHash("sha256").update(document).digest("hex")}`;

describe("persisted queries in Redis", () => {
  it("finds on one replica what another registered, under the deployment's prefix", async () => {
    const [a, b] = await replicas(2);
    const document = "query Viewer { viewer { userId } }";
    expect(await b?.cache.get(keyOf(document))).toBeUndefined();
    await a?.cache.set(keyOf(document), document, { ttl: 60 });
    expect(await b?.cache.get(keyOf(document))).toBe(document);
    expect(await a?.client?.hget("apq:documents", keyOf(document))).toBe(document);
    expect(a?.state.fellBackParts).toEqual([]);
  });

  it("keeps a document for the TTL after its last use, with every key expiring", async () => {
    const [a] = await replicas(1, { ttlSeconds: 60 });
    const document = "{ health }";
    await a?.cache.set(keyOf(document), document, { ttl: 60 });
    for (const key of ["apq:documents", "apq:expiry", "apq:bytes"]) {
      const pttl = (await a?.client?.pttl(key)) ?? 0;
      expect(pttl).toBeGreaterThan(0);
      expect(pttl).toBeLessThanOrEqual(60_000);
    }
    // As if most of its life had passed: a use renews it.
    await a?.client?.pexpire("apq:documents", 1_000);
    expect(await a?.cache.get(keyOf(document))).toBe(document);
    expect(await a?.client?.pttl("apq:documents")).toBeGreaterThan(50_000);
  });

  it("forgets a document its TTL after the last use", async () => {
    const [a] = await replicas(1, { ttlSeconds: 1 });
    const document = "{ __typename }";
    await a?.cache.set(keyOf(document), document, { ttl: 1 });
    expect(await a?.cache.get(keyOf(document))).toBe(document);
    // Watched without using it (a use would renew it).
    await expect
      .poll(() => a?.client?.exists("apq:documents"), { message: "the documents expired" })
      .toBe(0);
    expect(await a?.cache.get(keyOf(document))).toBeUndefined();
  });

  it("serves no document past its time while others keep the keys alive, and prunes it", async () => {
    const [a] = await replicas(1, { ttlSeconds: 1 });
    const client = a?.client;
    const [short, long, later] = ["{ health }", "{ __typename }", "query L { health }"];
    await a?.cache.set(keyOf(short), short);
    await a?.cache.set(keyOf(long), long, { ttl: 60 });
    await expect
      .poll(
        async () => {
          const [seconds] = (await client?.time()) ?? ["0"];
          const score = Number(await client?.zscore("apq:expiry", keyOf(short)));
          return score <= Number(seconds) * 1000;
        },
        { message: "the short-lived document's time passed" },
      )
      .toBe(true);
    expect(await a?.cache.get(keyOf(short))).toBeUndefined();
    expect(await a?.cache.get(keyOf(long))).toBe(long);
    await a?.cache.set(keyOf(later), later, { ttl: 60 });
    expect(await client?.hexists("apq:documents", keyOf(short))).toBe(0);
    expect(await client?.zcard("apq:expiry")).toBe(2);
  });

  it("keeps at most the byte budget, dropping the least recently used first", async () => {
    const [a] = await replicas(1, { ttlSeconds: 60, maxTotalBytes: 2_000 });
    const documents = Array.from(
      { length: 20 },
      (_, i) => `query Q${i} { ${"health ".repeat(20)}}`,
    );
    for (const [i, document] of documents.entries()) {
      await a?.cache.set(keyOf(document), document);
      // The first is used all along: it stays while the others come and go.
      if (i > 0) expect(await a?.cache.get(keyOf(documents[0] ?? ""))).toBe(documents[0]);
    }
    const kept = (await a?.client?.hgetall("apq:documents")) ?? {};
    const bytes = Object.entries(kept).reduce(
      (sum, [key, value]) => sum + key.length + value.length + 64,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(2_000);
    expect(Number(await a?.client?.get("apq:bytes"))).toBe(bytes);
    expect(Object.keys(kept)).toContain(keyOf(documents[0] ?? ""));
    expect(Object.keys(kept)).toContain(keyOf(documents[19] ?? ""));
    expect(Object.keys(kept).length).toBeLessThan(20);
    expect(await a?.client?.zcard("apq:expiry")).toBe(Object.keys(kept).length);
    // Deleting keeps the count right.
    expect(await a?.cache.delete(keyOf(documents[19] ?? ""))).toBe(true);
    expect(await a?.cache.delete(keyOf(documents[19] ?? ""))).toBe(false);
    const left = (await a?.client?.hgetall("apq:documents")) ?? {};
    expect(Number(await a?.client?.get("apq:bytes"))).toBe(
      Object.entries(left).reduce((sum, [key, value]) => sum + key.length + value.length + 64, 0),
    );
  });

  it("keeps no document past its size limit, and looks up no overlong key", async () => {
    const [a] = await replicas(1, { ttlSeconds: 60, maxDocumentBytes: 100 });
    const long = `{ ${"health ".repeat(20)}}`;
    await a?.cache.set(keyOf(long), long);
    expect(await a?.cache.get(keyOf(long))).toBeUndefined();
    expect(await a?.client?.exists("apq:documents")).toBe(0);
    expect(await a?.cache.get(`apq:${"f".repeat(10_000)}`)).toBeUndefined();
    expect(a?.state.fellBackParts).toEqual([]);
  });

  it("answers a miss when Redis is down, and says it fell back", async () => {
    const [down] = await replicas(1, { ttlSeconds: 60 }, "redis://127.0.0.1:1");
    await down?.cache.set(keyOf("{ health }"), "{ health }");
    expect(await down?.cache.get(keyOf("{ health }"))).toBeUndefined();
    expect(await down?.cache.delete(keyOf("{ health }"))).toBe(false);
    expect(down?.state.fellBackParts).toEqual([
      "persisted queries",
      "persisted queries",
      "persisted queries",
    ]);
  });
});
