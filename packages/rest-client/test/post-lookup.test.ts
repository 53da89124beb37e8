import { afterEach, describe, expect, it } from "vitest";
import { lookupPosts } from "../src/index.js";
import { clientFor, SECRETS, TEST_AUTH } from "./support/client.js";
import { fakePostData, lookupQueryOf, postId, postStore } from "./support/fake-posts.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The lookup is app-only (bearer); a fixed token spares the oauth2.token request. */
/** An app's client with a fixed bearer token (a user client would sign its lookups as the user). */
const withBearer = { auth: { consumer: TEST_AUTH.consumer, bearerToken: SECRETS.bearerToken } };

/** 250 distinct ids, newest first, with repeats and two ids that name no post. */
function wantedIds() {
  const distinct = [
    ...Array.from({ length: 124 }, (_, n) => postId(247 - n)),
    postId(9001),
    ...Array.from({ length: 124 }, (_, n) => postId(123 - n)),
    postId(9002),
  ];
  return { distinct, sent: [...distinct, postId(5), postId(247), postId(9001)] };
}

describe("lookupPosts over HTTP (GET /2/posts)", () => {
  it("250 ids: 3 requests of ≤100, only ids on the wire when no field is asked", async () => {
    server = await startScriptedServer(fakePostData(postStore(248)));
    const client = clientFor(server, withBearer);
    const { distinct, sent } = wantedIds();
    const answer = await lookupPosts(client, { ids: sent });

    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.method).toBe("GET");
      expect(request.path).toBe("/2/posts");
      expect(request.headers.authorization).toBe(`Bearer ${SECRETS.bearerToken}`);
      // Exactly the default: no post.fields, expansions, media.fields or user.fields at all.
      expect([...request.query.keys()]).toEqual(["ids"]);
    }
    const chunks = server.requests.map((request) => lookupQueryOf(request).ids);
    expect(chunks.map((ids) => ids.length).sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect(chunks.flat().sort()).toEqual([...distinct].sort());

    const found = distinct.filter((id) => id !== postId(9001) && id !== postId(9002));
    expect(answer.data.map((post) => post.id)).toEqual(found);
    expect(answer.data[0]).toEqual({ id: postId(247), text: "post 247" });
    expect(answer.includes).toEqual({});
    expect(answer.errors.map((error) => error.resource_id).sort()).toEqual(
      [postId(9001), postId(9002)].sort(),
    );
    expect(answer.errors[0]).toMatchObject({
      resource_type: "post",
      parameter: "ids",
      title: "Not Found Error",
    });
    await client.close();
  });

  it("sends exactly the asked lists and merges the answers: includes once each, errors kept, order kept", async () => {
    server = await startScriptedServer(fakePostData(postStore(248)));
    const client = clientFor(server, withBearer);
    const { distinct, sent } = wantedIds();
    const answer = await lookupPosts(
      client,
      {
        ids: sent,
        fields: ["author_id", "public_metrics", "attachments"],
        expansions: ["author_id", "attachments.media_keys", "referenced_tweets.id"],
        mediaFields: ["url", "duration_ms"],
        userFields: ["created_at"],
      },
      { concurrency: 2 },
    );

    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.rawQuery).toMatch(/^ids=[0-9%C]+&/);
      expect(Object.fromEntries([...request.query].filter(([name]) => name !== "ids"))).toEqual({
        "post.fields": "author_id,public_metrics,attachments",
        expansions: "author_id,attachments.media_keys,referenced_tweets.id",
        "media.fields": "url,duration_ms",
        "user.fields": "created_at",
      });
      expect(lookupQueryOf(request).ids.length).toBeLessThanOrEqual(100);
    }

    const found = distinct.filter((id) => id !== postId(9001) && id !== postId(9002));
    expect(answer.data.map((post) => post.id)).toEqual(found);
    expect(answer.data[0]).toEqual({
      id: postId(247),
      text: "post 247",
      author_id: "102",
      public_metrics: { repost_count: 247, reply_count: 0, like_count: 1, quote_count: 0 },
    });
    expect(answer.data.find((post) => post.id === postId(240))?.attachments).toEqual({
      media_keys: ["3_1"],
    });
    // Every chunk named all three authors and the shared photo: each is listed once.
    expect(answer.includes.users.map((user) => user.id).sort()).toEqual(["101", "102", "103"]);
    expect(answer.includes.users.find((user) => user.id === "102")).toEqual({
      id: "102",
      name: "User 2",
      username: "user2",
      created_at: "2025-01-01T00:00:00Z",
    });
    expect(answer.includes.media).toEqual([
      { media_key: "3_1", type: "photo", url: "https://pbs.example.com/3_1.jpg" },
    ]);
    expect(answer.includes.posts).toEqual([
      {
        id: postId(0),
        text: "post 0",
        author_id: "101",
        public_metrics: { repost_count: 0, reply_count: 0, like_count: 1, quote_count: 0 },
        attachments: { media_keys: ["3_1"] },
      },
    ]);
    expect(answer.errors.map((error) => error.value).sort()).toEqual(
      [postId(9001), postId(9002)].sort(),
    );
    await client.close();
  });

  it("a failed request fails the lookup with the service's error", async () => {
    server = await startScriptedServer(() =>
      json(400, { errors: [{ code: "INVALID_PARAMETER", message: "bad ids", parameter: "ids" }] }),
    );
    const client = clientFor(server, withBearer);
    await expect(lookupPosts(client, { ids: [postId(1)] })).rejects.toMatchObject({
      name: "RestApiError",
      status: 400,
    });
    expect(server.requests).toHaveLength(1);
    await client.close();
  });
});
