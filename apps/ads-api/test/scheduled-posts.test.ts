import { getEndpoint, scheduledPostSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS, UsageError } from "../src/cli/commands.js";
import type { Options } from "../src/cli/commands.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idsOf, itemsOf, parametersOf } from "./support/bodies.js";
import { createPostAccount } from "./support/post-accounts.js";
import type { PostAccount } from "./support/post-accounts.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { Query } from "./support/signed-fetch.js";

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

describe.each(HTTP_TEST_ENGINES)("scheduled posts on %s (spec §2.11, §4.7)", (engine) => {
  const clock = testClock();
  let server: TestServer;
  let acc: PostAccount;
  let composer: Actor;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    acc = await createPostAccount(server.ctx);
    composer = acc.composer;
  });
  afterAll(() => server.close());

  /** A scheduled post made through the CLI (the spec shows no create), `days` ahead: its id. */
  async function scheduled(days: number, options: Options = {}): Promise<string> {
    const command = COMMANDS["create-scheduled-post"];
    if (command === undefined) throw new Error("no create-scheduled-post command");
    const [line = ""] = await command.run(server.ctx, {
      account: acc.accountId,
      user: composer.userId,
      text: "Coming soon #soon",
      at: iso(new Date(clock.now().getTime() + days * DAY_MS)),
      ...options,
    });
    const id = /^scheduled post (\d+) on /.exec(line)?.[1];
    if (id === undefined) throw new Error(`unexpected output: ${line}`);
    return id;
  }

  const update = (id: string, query: Query) =>
    composer.client.put(`${acc.base}/scheduled_posts/${id}`, { query });
  const listed = async (postType: string) =>
    idsOf(
      await composer.client.get(`${acc.base}/posts`, { post_type: postType, timeline_type: "ALL" }),
    );

  it("the CLI schedules only ahead of the service clock", async () => {
    const command = COMMANDS["create-scheduled-post"];
    await expect(
      command?.run(server.ctx, {
        account: acc.accountId,
        user: composer.userId,
        text: "x",
        at: iso(new Date(clock.now().getTime() - 1000)),
      }),
    ).rejects.toThrow(UsageError);
    expect(await listed("SCHEDULED")).toEqual([]);
  });

  it("updates each field, scheduled_at ahead, and answers a scheduled post", async () => {
    const id = await scheduled(10);
    const at = iso(new Date(clock.now().getTime() + 20 * DAY_MS));
    const updated = await update(id, {
      text: "Rescheduled",
      name: "Later",
      nullcast: false,
      scheduled_at: at,
      card_uri: acc.cardUri,
      media_keys: acc.videos[0] ?? "",
    });
    expect(updated.status, updated.text).toBe(200);
    const shown = getEndpoint("scheduled_posts.update").response.schema.parse(bodyOf(updated)).data;
    expect(bodyOf(updated).data_type).toBe("scheduled_post");
    expect(shown).toEqual({
      id,
      user_id: composer.userId,
      name: "Later",
      text: "Rescheduled",
      nullcast: false,
      card_uri: acc.cardUri,
      media_keys: [acc.videos[0]],
      scheduled_at: at,
      scheduled_status: "SCHEDULED",
      post_id: null,
      created_at: shown.created_at,
      updated_at: shown.updated_at,
    });
    const cleared = dataOf(await update(id, { card_uri: "", media_keys: "" }));
    expect(scheduledPostSchema.parse(cleared)).toMatchObject({ card_uri: null, media_keys: [] });
    expect(parametersOf(await update(id, { text: "", media_keys: "" }))).toEqual(["text"]);
    expect(parametersOf(await update(id, { text: "" }))).toEqual(["text"]);
  });

  it("refuses scheduled_at in the past by the service clock", async () => {
    const id = await scheduled(5);
    const past = await update(id, { scheduled_at: "2020-01-01T00:00:00Z" });
    expect(errorOf(past)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "scheduled_at" });
    // Ahead of the real clock but behind the service's, moved a year on.
    clock.advance(365 * DAY_MS);
    const behindService = await update(id, {
      scheduled_at: iso(new Date(Date.now() + 30 * DAY_MS)),
    });
    expect(errorOf(behindService)).toMatchObject({
      code: "INVALID_PARAMETER",
      parameter: "scheduled_at",
    });
    // The year has passed for the post too: it was published, so it is no scheduled post.
    expect((await update(id, { name: "x" })).status).toBe(404);
  });

  it("publishes a scheduled post once the clock passes scheduled_at", async () => {
    const id = await scheduled(2, { name: "Flip" });
    const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id } });
    expect(await listed("SCHEDULED")).toContain(id);
    expect(await listed("PUBLISHED")).not.toContain(id);
    const [waiting] = itemsOf(
      await composer.client.get(`${acc.base}/posts`, { post_type: "SCHEDULED", post_ids: id }),
    );
    expect(waiting).toMatchObject({ post_type: "SCHEDULED", favorite_count: 0 });
    clock.advance(3 * DAY_MS);
    expect(await listed("SCHEDULED")).not.toContain(id);
    const [published] = itemsOf(
      await composer.client.get(`${acc.base}/posts`, { post_type: "PUBLISHED", post_ids: id }),
    );
    expect(published).toMatchObject({
      id,
      post_type: "PUBLISHED",
      name: "Flip",
      created_at: iso(row.scheduledAt ?? new Date(0)),
    });
    for (const response of [
      await update(id, { name: "too late" }),
      await composer.client.delete(`${acc.base}/scheduled_posts/${id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(errorOf(response).parameter).toBe("scheduled_post_id");
    }
  });

  it("deletes for good: scheduled_status DELETED, then 404", async () => {
    const id = await scheduled(30);
    const deleted = await composer.client.delete(`${acc.base}/scheduled_posts/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    const shown = getEndpoint("scheduled_posts.delete").response.schema.parse(bodyOf(deleted)).data;
    expect(shown).toMatchObject({ id, scheduled_status: "DELETED", deleted: true, post_id: null });
    expect(await server.ctx.prisma.post.count({ where: { id } })).toBe(0);
    expect((await composer.client.delete(`${acc.base}/scheduled_posts/${id}`)).status).toBe(404);
    expect(await listed("SCHEDULED")).not.toContain(id);
  });

  it("answers 404 for what is no scheduled post of this account", async () => {
    const other = await createPostAccount(server.ctx, composer);
    const command = COMMANDS["create-scheduled-post"];
    const [line = ""] =
      (await command?.run(server.ctx, {
        account: other.accountId,
        user: composer.userId,
        text: "elsewhere",
        at: iso(new Date(clock.now().getTime() + DAY_MS)),
      })) ?? [];
    const elsewhere = line.split(" ")[2] ?? "";
    const published = await composer.client.post(`${acc.base}/post`, {
      query: { as_user_id: composer.userId, text: "published" },
    });
    for (const id of [elsewhere, String(dataOf(published).id), "1234567890123456789"]) {
      expect((await update(id, { name: "x" })).status, id).toBe(404);
      expect((await composer.client.delete(`${acc.base}/scheduled_posts/${id}`)).status).toBe(404);
    }
  });
});
