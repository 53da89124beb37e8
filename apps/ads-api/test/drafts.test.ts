import { draftPostSchema, getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS, UsageError } from "../src/cli/commands.js";
import type { Options } from "../src/cli/commands.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idsOf, itemsOf, parametersOf } from "./support/bodies.js";
import { addOwnedMedia, createPostAccount, grant } from "./support/post-accounts.js";
import type { PostAccount } from "./support/post-accounts.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { Query } from "./support/signed-fetch.js";

const UPDATE = getEndpoint("draft_posts.update");
const DRAFT_FIELDS = [
  "card_uri",
  "created_at",
  "id",
  "media_keys",
  "name",
  "nullcast",
  "text",
  "updated_at",
  "user_id",
];

describe.each(HTTP_TEST_ENGINES)("draft posts on %s (spec §2.7, §3, §4.7)", (engine) => {
  let server: TestServer;
  let acc: PostAccount;
  let composer: Actor;

  beforeAll(async () => {
    server = await startTestServer(engine);
    acc = await createPostAccount(server.ctx);
    composer = acc.composer;
  });
  afterAll(() => server.close());

  async function cli(name: string, options: Options): Promise<string[]> {
    const command = COMMANDS[name];
    if (command === undefined) throw new Error(`no command ${name}`);
    return command.run(server.ctx, options);
  }

  /** A draft made through the CLI (the spec shows no create): its id. */
  async function draft(options: Options = {}): Promise<string> {
    const [line = ""] = await cli("create-draft", {
      account: acc.accountId,
      user: composer.screenName,
      text: "Draft text #draft",
      ...options,
    });
    const id = /^draft (\d+) on /.exec(line)?.[1];
    if (id === undefined) throw new Error(`unexpected output: ${line}`);
    return id;
  }

  const update = (id: string, query: Query, actor: Actor = composer) =>
    actor.client.put(`${acc.base}/draft_posts/${id}`, { query });

  it("the CLI writes drafts under the rules of the API", async () => {
    const id = await draft({ name: "From the CLI", "media-key": [acc.images[0] ?? ""] });
    const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      postType: "DRAFT",
      accountId: acc.accountId,
      authorId: composer.userId,
      nullcast: true,
      name: "From the CLI",
      mediaKeys: [acc.images[0]],
    });
    const stranger = await createActor(server.ctx);
    await expect(
      cli("create-draft", { account: acc.accountId, user: stranger.userId, text: "x" }),
    ).rejects.toThrow(/not a promotable user/);
    await expect(
      cli("create-draft", { account: acc.accountId, user: composer.userId }),
    ).rejects.toThrow(UsageError);
    await expect(
      cli("create-draft", {
        account: acc.accountId,
        user: composer.userId,
        text: "x",
        card: "card://1",
      }),
    ).rejects.toThrow(/names no card/);
  });

  it("updates each field and answers the §2.7 shape", async () => {
    const id = await draft();
    const [a = "", b = ""] = acc.images;
    const updated = await update(id, {
      text: "New text @nobody #fresh",
      name: "Named",
      nullcast: false,
      card_uri: acc.cardUri,
      media_keys: `${a},${b}`,
    });
    expect(updated.status, updated.text).toBe(200);
    const shown = UPDATE.response.schema.parse(bodyOf(updated)).data;
    expect(Object.keys(shown).sort()).toEqual(DRAFT_FIELDS);
    expect(bodyOf(updated).data_type).toBe("draft_post");
    expect(shown).toMatchObject({
      id,
      user_id: composer.userId,
      text: "New text @nobody #fresh",
      name: "Named",
      nullcast: false,
      card_uri: acc.cardUri,
      media_keys: [a, b],
    });
    // The text's entities were derived again (the list shows them).
    const [listed] = itemsOf(
      await composer.client.get(`${acc.base}/posts`, {
        post_type: "DRAFT",
        timeline_type: "ALL",
        post_ids: id,
      }),
    );
    expect(listed?.entities).toMatchObject({
      hashtags: [{ text: "fresh", indices: [17, 23] }],
      user_mentions: [{ screen_name: "nobody", indices: [9, 16] }],
    });
    const cleared = dataOf(await update(id, { card_uri: "", media_keys: "" }));
    expect(cleared).toMatchObject({
      card_uri: null,
      media_keys: [],
      text: "New text @nobody #fresh",
    });
    expect(draftPostSchema.parse(cleared).updated_at).toMatch(/Z$/);
  });

  it("keeps text or media: refuses an update that would leave neither", async () => {
    const textOnly = await draft();
    const both = await update(textOnly, { text: "", media_keys: "" });
    expect(errorOf(both)).toMatchObject({ code: "MISSING_PARAMETER", parameter: "text" });
    const noText = await update(textOnly, { text: "" });
    expect(noText.status).toBe(400);
    expect(errorOf(noText)).toMatchObject({ code: "MISSING_PARAMETER", parameter: "text" });
    const mediaOnly = await draft({ text: "", "media-key": [acc.gif] });
    const noMedia = await update(mediaOnly, { media_keys: "" });
    expect(errorOf(noMedia)).toMatchObject({ code: "MISSING_PARAMETER", parameter: "text" });
    expect(
      dataOf(await update(mediaOnly, { text: "now with text", media_keys: "" })),
    ).toMatchObject({ text: "now with text", media_keys: [] });
    const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: textOnly } });
    expect(row.text).toBe("Draft text #draft");
  });

  it("checks media against the draft's author, cards against the account", async () => {
    const id = await draft();
    // Another user of the account edits the composer's draft: the media rule is the author's.
    const colleague = await createActor(server.ctx);
    await grant(server.ctx, acc.accountId, colleague, ["CREATIVE_MANAGER"]);
    const authorsOwn = await addOwnedMedia(server.ctx, acc.accountId, "IMAGE", composer.userId);
    expect(dataOf(await update(id, { media_keys: authorsOwn }, colleague)).media_keys).toEqual([
      authorsOwn,
    ]);
    const colleaguesOwn = await addOwnedMedia(server.ctx, acc.accountId, "IMAGE", colleague.userId);
    const refused = await update(id, { media_keys: colleaguesOwn }, colleague);
    expect(errorOf(refused)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "media_keys" });
    const [v1 = "", v2 = ""] = acc.videos;
    expect(parametersOf(await update(id, { media_keys: `${v1},${v2}` }))).toEqual(["media_keys"]);
    const other = await createPostAccount(server.ctx, composer);
    expect(parametersOf(await update(id, { card_uri: other.cardUri }))).toEqual(["card_uri"]);
  });

  it("answers 404 for what is no draft of this account", async () => {
    const other = await createPostAccount(server.ctx, composer);
    const [line = ""] = await cli("create-draft", {
      account: other.accountId,
      user: composer.userId,
      text: "elsewhere",
    });
    const elsewhere = line.split(" ")[1] ?? "";
    const published = await composer.client.post(`${acc.base}/post`, {
      query: { as_user_id: composer.userId, text: "published" },
    });
    for (const id of [elsewhere, String(dataOf(published).id), "1234567890123456789"]) {
      const missing = await update(id, { name: "x" });
      expect(missing.status, id).toBe(404);
      expect(errorOf(missing)).toMatchObject({ code: "NOT_FOUND", parameter: "draft_post_id" });
      const preview = await composer.client.post(`${acc.base}/draft_posts/preview/${id}`);
      expect(preview.status).toBe(404);
    }
  });

  it("deletes for good: status DELETED, then 404 everywhere and gone from the list", async () => {
    const id = await draft({ name: "Doomed" });
    const deleted = await composer.client.delete(`${acc.base}/draft_posts/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    const shown = getEndpoint("draft_posts.delete").response.schema.parse(bodyOf(deleted)).data;
    expect(shown).toMatchObject({ id, name: "Doomed", status: "DELETED" });
    expect(await server.ctx.prisma.post.count({ where: { id } })).toBe(0);
    expect((await composer.client.delete(`${acc.base}/draft_posts/${id}`)).status).toBe(404);
    expect((await update(id, { name: "back?" })).status).toBe(404);
    expect((await composer.client.post(`${acc.base}/draft_posts/preview/${id}`)).status).toBe(404);
    const drafts = await composer.client.get(`${acc.base}/posts`, {
      post_type: "DRAFT",
      timeline_type: "ALL",
    });
    expect(idsOf(drafts)).not.toContain(id);
  });

  it("previews on the caller's devices, not the author's, and stores nothing", async () => {
    const id = await draft();
    const colleague = await createActor(server.ctx);
    await grant(server.ctx, acc.accountId, colleague, ["CREATIVE_MANAGER"]);
    const before = await server.ctx.prisma.post.findMany({ orderBy: { id: "asc" } });
    const preview = await colleague.client.post(`${acc.base}/draft_posts/preview/${id}`);
    expect(preview.status, preview.text).toBe(200);
    const { message } = getEndpoint("draft_posts.preview").response.schema.parse(
      bodyOf(preview),
    ).data;
    expect(message).toContain(`@${colleague.screenName}`);
    expect(message).toContain(id);
    expect(message).not.toContain(composer.screenName);
    expect(await server.ctx.prisma.post.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });
});
