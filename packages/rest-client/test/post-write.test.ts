import { afterEach, describe, expect, it } from "vitest";
import { RestValidationError, createPost, editPost } from "../src/index.js";
import { clientFor } from "./support/client.js";
import { json, startScriptedServer } from "./support/scripted-server.js";
import type { ScriptedServer } from "./support/scripted-server.js";

let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const created = (id: string, versions: string[]) =>
  json(201, { data: { id, text: "t", edit_history_post_ids: versions } });

describe("POST /2/posts (spec §4.9)", () => {
  it("sends media, reply, quote and edit_options as objects of a JSON body, signed as the user", async () => {
    server = await startScriptedServer([
      created("1700000000000000001", ["1700000000000000001"]),
      created("1700000000000000002", ["1700000000000000001", "1700000000000000002"]),
      created("1700000000000000003", ["1700000000000000003"]),
    ]);
    const client = clientFor(server);
    await createPost(client, {
      text: "@a thanks",
      media: { media_ids: ["1400000000000011310"] },
      reply: { in_reply_to_post_id: "1166476031668015104" },
      quote_post_id: "1166476031668015103",
    });
    const edited = await editPost(client, "1700000000000000001", { text: "fixed" });
    await client.post_data.posts.create({
      text: "to the community",
      community_id: "1500000000000000001",
      share_with_followers: "true",
    });

    const [first, second, third] = server.requests;
    for (const request of server.requests) {
      expect([request.method, request.path, request.rawQuery]).toEqual(["POST", "/2/posts", ""]);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers.authorization).toMatch(/^OAuth .*oauth_token="at_SECRET_token_91be"/);
    }
    expect(JSON.parse(first?.body ?? "")).toEqual({
      text: "@a thanks",
      media: { media_ids: ["1400000000000011310"] },
      reply: { in_reply_to_post_id: "1166476031668015104" },
      quote_post_id: "1166476031668015103",
    });
    expect(JSON.parse(second?.body ?? "")).toEqual({
      text: "fixed",
      edit_options: { previous_post_id: "1700000000000000001" },
    });
    // A query-string word for a boolean becomes a JSON boolean.
    expect(JSON.parse(third?.body ?? "")).toEqual({
      text: "to the community",
      community_id: "1500000000000000001",
      share_with_followers: true,
    });
    expect(edited.data.edit_history_post_ids).toEqual([
      "1700000000000000001",
      "1700000000000000002",
    ]);
    await client.close();
  });

  it("refuses an edit that also replies, before sending", async () => {
    server = await startScriptedServer([]);
    const client = clientFor(server);
    const error = await client
      .call("post_data.posts.create", {
        text: "x",
        reply: { in_reply_to_post_id: "1" },
        edit_options: { previous_post_id: "2" },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestValidationError);
    expect((error as RestValidationError).violations.map((v) => [v.code, v.parameter])).toEqual([
      ["CONFLICTING_PARAMETERS", "reply"],
    ]);
    expect(server.requests).toHaveLength(0);
    await client.close();
  });
});
