import { getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../src/cli/commands.js";
import { createMediaLibraryObject, createMediaUpload } from "../src/services/media-admin.js";
import type { MediaType } from "../src/services/card-types.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import {
  bodyOf,
  cursorOf,
  dataOf,
  errorOf,
  idOf,
  idsOf,
  itemsOf,
  parametersOf,
} from "./support/bodies.js";
import { createPostAccount, grant } from "./support/post-accounts.js";
import type { PostAccount } from "./support/post-accounts.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
const keysOf = (response: ApiResponse) => itemsOf(response).map((item) => item.media_key);

// Issue 33, beyond the spec (catalog `beyondSpec`, the vendor's v12 reference): the media
// library's list, read, add and update; drafts' and scheduled posts' list, read and create.
describe.each(HTTP_TEST_ENGINES)("media library, drafts and scheduled posts on %s", (engine) => {
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

  const upload = async (owner: Actor, mediaType: MediaType = "VIDEO", shared: string[] = []) =>
    (
      await createMediaUpload(server.ctx.prisma, {
        mediaType,
        width: mediaType === "VIDEO" ? 1280 : 1200,
        height: mediaType === "VIDEO" ? 720 : 628,
        ownerUserId: owner.userId,
        additionalOwners: shared,
        at: clock.now(),
      })
    ).mediaKey;
  const add = (query: Record<string, string>, actor: Actor = composer) =>
    actor.client.post(`${acc.base}/media_library`, { query });

  describe("media library (vendor v12 media_library)", () => {
    it("adds an upload by its key: the object is read, listed newest first and deleted as §2.6 says", async () => {
      const key = await upload(composer);
      const added = await add({
        media_key: key,
        name: "Launch Film",
        file_name: "launch.mp4",
        title: "Our launch",
        description: "Two lines\nof description",
        poster_media_key: acc.images[0] ?? "",
      });
      expect(added.status, added.text).toBe(200);
      const shown = getEndpoint("media_library.create").response.schema.parse(bodyOf(added)).data;
      expect(bodyOf(added).data_type).toBe("media_library");
      expect(shown).toMatchObject({
        media_key: key,
        name: "Launch Film",
        file_name: "launch.mp4",
        title: "Our launch",
        description: "Two lines\nof description",
        media_type: "VIDEO",
        poster_media_key: acc.images[0],
        aspect_ratio: "16:9",
        deleted: false,
      });
      const read = await composer.client.get(`${acc.base}/media_library/${key}`);
      expect(dataOf(read)).toEqual(shown);
      const listed = await composer.client.get(`${acc.base}/media_library`, { count: 1 });
      expect(keysOf(listed)).toEqual([key]);
      // A post may use it at once: it is the account's library's.
      const draft = await composer.client.post(`${acc.base}/draft_posts`, {
        query: { as_user_id: composer.userId, media_keys: key },
      });
      expect(draft.status, draft.text).toBe(200);

      const gone = await composer.client.delete(`${acc.base}/media_library/${key}`);
      expect(dataOf(gone).deleted).toBe(true);
      const missing = await composer.client.get(`${acc.base}/media_library/${key}`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing).parameter).toBe("media_key");
      const kept = await composer.client.get(`${acc.base}/media_library/${key}`, {
        with_deleted: true,
      });
      expect(dataOf(kept).deleted).toBe(true);
      const all = await composer.client.get(`${acc.base}/media_library`, { count: 50 });
      expect(keysOf(all)).not.toContain(key);
      const withDeleted = await composer.client.get(`${acc.base}/media_library`, {
        count: 50,
        with_deleted: true,
      });
      expect(keysOf(withDeleted)).toContain(key);
    });

    it("refuses what cannot be added, naming the parameter and writing nothing", async () => {
      const stranger = await createActor(server.ctx);
      const theirs = await upload(stranger);
      const shared = await upload(stranger, "IMAGE", [composer.userId]);
      const image = await upload(composer, "IMAGE");
      const before = await server.ctx.prisma.mediaLibraryObject.count();
      const refusals: [Record<string, string>, string, RegExp][] = [
        [{ media_key: "3_1" }, "media_key", /names no uploaded medium/],
        [{ media_key: theirs }, "media_key", /additional_owners/],
        [{ media_key: acc.images[0] ?? "" }, "media_key", /already in the account's media library/],
        [
          { media_key: image, poster_media_key: acc.images[1] ?? "" },
          "poster_media_key",
          /only a video/,
        ],
        [
          { media_key: await upload(composer), poster_media_key: acc.videos[0] ?? "" },
          "poster_media_key",
          /no image/,
        ],
      ];
      for (const [query, parameter, message] of refusals) {
        const refused = await add(query);
        expect(refused.status, refused.text).toBe(400);
        expect(parametersOf(refused)).toEqual([parameter]);
        expect(errorOf(refused).message).toMatch(message);
      }
      expect(await server.ctx.prisma.mediaLibraryObject.count()).toBe(before);
      // An upload shared with the caller is theirs to add; a second add of it is refused.
      expect((await add({ media_key: shared })).status).toBe(200);
      const again = await add({ media_key: shared });
      expect(errorOf(again).message).toMatch(/already in the account's media library/);
      const other = await createPostAccount(server.ctx, composer);
      const elsewhere = await composer.client.post(`${other.base}/media_library`, {
        query: { media_key: shared },
      });
      expect(errorOf(elsewhere).message).toMatch(/already in a media library/);
      // Another account's objects are not this account's.
      const foreign = await composer.client.get(
        `${acc.base}/media_library/${other.images[0] ?? ""}`,
      );
      expect(foreign.status).toBe(404);
    });

    it("updates the name, file name, title, description and a video's poster, under the add's rules", async () => {
      const key = await upload(composer);
      const path = `${acc.base}/media_library/${key}`;
      expect((await add({ media_key: key, name: "Film" })).status).toBe(200);
      const put = (query: Record<string, string>) => composer.client.put(path, { query });
      clock.advance(1000);
      const updated = await put({
        name: "Renamed film",
        file_name: "renamed.mp4",
        title: "",
        description: "New\ndescription",
        poster_media_key: acc.images[1] ?? "",
      });
      expect(updated.status, updated.text).toBe(200);
      expect(bodyOf(updated).data_type).toBe("media_library");
      const shown = getEndpoint("media_library.update").response.schema.parse(bodyOf(updated)).data;
      expect(shown).toMatchObject({
        media_key: key,
        name: "Renamed film",
        file_name: "renamed.mp4",
        title: "",
        description: "New\ndescription",
        poster_media_key: acc.images[1],
      });
      expect(shown.updated_at).not.toBe(shown.created_at);
      expect(dataOf(await composer.client.get(path))).toEqual(shown);

      // A poster is a live image of the account's library, and only a video has one.
      const deletedImage = (
        await createMediaLibraryObject(server.ctx.prisma, {
          accountId: acc.accountId,
          mediaType: "IMAGE",
          width: 1200,
          height: 628,
        })
      ).mediaKey;
      await composer.client.delete(`${acc.base}/media_library/${deletedImage}`);
      const refusals: [string, Record<string, string>, string, RegExp][] = [
        [path, { name: "" }, "name", /must not be empty/],
        [path, { name: "n".repeat(101) }, "name", /at most 100/],
        [path, { title: "t".repeat(71) }, "title", /at most 70/],
        [path, { description: "d".repeat(201) }, "description", /at most 200/],
        [path, { poster_media_key: acc.videos[0] ?? "" }, "poster_media_key", /no image/],
        [path, { poster_media_key: deletedImage }, "poster_media_key", /no image/],
        [path, { poster_media_key: "nope" }, "poster_media_key", /media key/],
        [
          `${acc.base}/media_library/${acc.images[2] ?? ""}`,
          { poster_media_key: acc.images[1] ?? "" },
          "poster_media_key",
          /only a video/,
        ],
        [path, { name: "Unwritten", media_type: "IMAGE" }, "media_type", /read-only/],
        [path, { name: "Unwritten", bogus: "x" }, "bogus", /./],
      ];
      for (const [target, query, parameter, message] of refusals) {
        const refused = await composer.client.put(target, { query });
        expect(refused.status, refused.text).toBe(400);
        expect(parametersOf(refused)).toEqual([parameter]);
        expect(errorOf(refused).message).toMatch(message);
      }
      expect(dataOf(await composer.client.get(path))).toEqual(shown);

      // Not found as by the single read: deleted, another account's, never added.
      const other = await createPostAccount(server.ctx, composer);
      for (const target of [
        `${acc.base}/media_library/${deletedImage}`,
        `${acc.base}/media_library/${other.images[0] ?? ""}`,
        `${acc.base}/media_library/3_1`,
      ]) {
        const missing = await composer.client.put(target, { query: { name: "Found?" } });
        expect(missing.status, missing.text).toBe(404);
        expect(errorOf(missing).parameter).toBe("media_key");
      }
      expect(
        dataOf(await composer.client.get(`${other.base}/media_library/${other.images[0] ?? ""}`))
          .name,
      ).not.toBe("Found?");
    });

    it("filters by media type and by a term of name, title, file name or description, in any case", async () => {
      const mine = await createPostAccount(server.ctx, composer);
      const media = async (type: MediaType, name: string) =>
        (
          await createMediaLibraryObject(server.ctx.prisma, {
            accountId: mine.accountId,
            mediaType: type,
            width: 1200,
            height: 628,
            name,
          })
        ).mediaKey;
      const beach = await media("IMAGE", "Summer beach");
      const gif = await media("GIF", "summer_dance");
      const odd = await media("IMAGE", "100% off");
      const list = (query: Record<string, string | number>) =>
        composer.client.get(`${mine.base}/media_library`, { count: 50, ...query });
      expect(keysOf(await list({ media_type: "GIF" }))).toEqual([gif, mine.gif]);
      expect(keysOf(await list({ q: "SUMMER" }))).toEqual([gif, beach]);
      expect(keysOf(await list({ q: "bea" }))).toEqual([beach]);
      // A pattern character is a character: `%` matches only itself.
      expect(keysOf(await list({ q: "100%" }))).toEqual([odd]);
      expect(keysOf(await list({ q: "%" }))).toEqual([]);
      // Pages: newest first, a cursor to the rest, no repeats.
      const first = await list({ count: 4 });
      const second = await list({ count: 50, cursor: cursorOf(first) ?? "" });
      const everything = [...keysOf(first), ...keysOf(second)];
      expect(everything).toHaveLength(11);
      expect(new Set(everything).size).toBe(11);
      expect(cursorOf(second)).toBeUndefined();
      const tooMany = await list({ count: 51 });
      expect(tooMany.status).toBe(400);
      expect(parametersOf(tooMany)).toEqual(["count"]);
    });
  });

  describe("drafts (vendor v12 draft_tweets)", () => {
    it("creates a draft as a promotable user, read and listed as the posts list shows it", async () => {
      const [a = "", b = ""] = acc.images;
      const created = await composer.client.post(`${acc.base}/draft_posts`, {
        query: {
          as_user_id: composer.userId,
          text: "A new draft #soon",
          name: "Draft one",
          card_uri: acc.cardUri,
          media_keys: `${a},${b}`,
        },
      });
      expect(created.status, created.text).toBe(200);
      const shown = getEndpoint("draft_posts.create").response.schema.parse(bodyOf(created)).data;
      expect(bodyOf(created).data_type).toBe("draft_post");
      expect(shown).toMatchObject({
        user_id: composer.userId,
        text: "A new draft #soon",
        name: "Draft one",
        nullcast: true,
        card_uri: acc.cardUri,
        media_keys: [a, b],
      });
      const id = idOf(created);
      expect(dataOf(await composer.client.get(`${acc.base}/draft_posts/${id}`))).toEqual(shown);
      const listed = await composer.client.get(`${acc.base}/draft_posts`);
      expect(itemsOf(listed)[0]).toEqual(shown);
      const posts = await composer.client.get(`${acc.base}/posts`, {
        post_type: "DRAFT",
        timeline_type: "ALL",
      });
      expect(idsOf(listed)).toEqual(idsOf(posts));
      // Organic drafts too (a draft publishes nothing): the list takes every nullcast flag.
      const organic = await composer.client.post(`${acc.base}/draft_posts`, {
        query: { as_user_id: composer.userId, text: "Organic draft", nullcast: false },
      });
      expect(dataOf(organic).nullcast).toBe(false);
      expect(idsOf(await composer.client.get(`${acc.base}/draft_posts`))).toContain(idOf(organic));
      // Deleted for good: neither read nor listed.
      await composer.client.delete(`${acc.base}/draft_posts/${id}`);
      const gone = await composer.client.get(`${acc.base}/draft_posts/${id}`);
      expect(gone.status).toBe(404);
      expect(errorOf(gone).parameter).toBe("draft_post_id");
      expect(idsOf(await composer.client.get(`${acc.base}/draft_posts`))).not.toContain(id);
    });

    it("refuses a draft the post create would refuse, naming the parameter and writing nothing", async () => {
      const stranger = await createActor(server.ctx);
      const before = await server.ctx.prisma.post.count();
      const five = acc.images.join(",");
      const cases: [Record<string, string>, string][] = [
        [{ as_user_id: stranger.userId, text: "x" }, "as_user_id"],
        [{ as_user_id: composer.userId }, "text"],
        [{ as_user_id: composer.userId, media_keys: five }, "media_keys"],
        [{ as_user_id: composer.userId, media_keys: "3_1" }, "media_keys"],
        [{ as_user_id: composer.userId, text: "x", card_uri: "card://1" }, "card_uri"],
        [{ as_user_id: composer.userId, text: "x", name: "n".repeat(81) }, "name"],
        [
          { as_user_id: composer.userId, text: "x", scheduled_at: "2099-01-01T00:00:00Z" },
          "scheduled_at",
        ],
      ];
      for (const [query, parameter] of cases) {
        const refused = await composer.client.post(`${acc.base}/draft_posts`, { query });
        expect(refused.status, `${parameter}: ${refused.text}`).toBe(400);
        expect(parametersOf(refused)).toEqual([parameter]);
      }
      expect(await server.ctx.prisma.post.count()).toBe(before);
    });

    it("pages a promotable user's drafts, newest first", async () => {
      const mine = await createPostAccount(server.ctx, composer);
      const ids: string[] = [];
      for (const text of ["one", "two", "three"]) {
        clock.advance(1000);
        const made = await composer.client.post(`${mine.base}/draft_posts`, {
          query: { as_user_id: composer.userId, text },
        });
        ids.unshift(idOf(made));
      }
      const first = await composer.client.get(`${mine.base}/draft_posts`, { count: 2 });
      const rest = await composer.client.get(`${mine.base}/draft_posts`, {
        count: 2,
        cursor: cursorOf(first) ?? "",
      });
      expect([...idsOf(first), ...idsOf(rest)]).toEqual(ids);
      const stranger = await createActor(server.ctx);
      const notPromotable = await composer.client.get(`${mine.base}/draft_posts`, {
        user_id: stranger.userId,
      });
      expect(parametersOf(notPromotable)).toEqual(["user_id"]);
      // A draft's id is not a scheduled post's.
      const wrongType = await composer.client.get(`${mine.base}/scheduled_posts/${ids[0] ?? ""}`);
      expect(wrongType.status).toBe(404);
    });
  });

  describe("scheduled posts (vendor v12 scheduled_tweets)", () => {
    const ahead = (days: number) => iso(new Date(clock.now().getTime() + days * DAY_MS));

    it("schedules a post, read and listed until its time comes, then published", async () => {
      const at = ahead(3);
      const created = await composer.client.post(`${acc.base}/scheduled_posts`, {
        query: {
          as_user_id: composer.userId,
          text: "Coming soon",
          scheduled_at: at,
          media_keys: acc.videos[0] ?? "",
          nullcast: false,
        },
      });
      expect(created.status, created.text).toBe(200);
      const shown = getEndpoint("scheduled_posts.create").response.schema.parse(
        bodyOf(created),
      ).data;
      expect(bodyOf(created).data_type).toBe("scheduled_post");
      expect(shown).toMatchObject({
        user_id: composer.userId,
        text: "Coming soon",
        nullcast: false,
        scheduled_at: at,
        scheduled_status: "SCHEDULED",
        post_id: null,
        media_keys: [acc.videos[0]],
      });
      const id = idOf(created);
      expect(dataOf(await composer.client.get(`${acc.base}/scheduled_posts/${id}`))).toEqual(shown);
      expect(idsOf(await composer.client.get(`${acc.base}/scheduled_posts`))).toEqual(
        idsOf(
          await composer.client.get(`${acc.base}/posts`, {
            post_type: "SCHEDULED",
            timeline_type: "ALL",
          }),
        ),
      );
      clock.advance(4 * DAY_MS);
      expect((await composer.client.get(`${acc.base}/scheduled_posts/${id}`)).status).toBe(404);
      expect(idsOf(await composer.client.get(`${acc.base}/scheduled_posts`))).not.toContain(id);
      const published = await composer.client.get(`${acc.base}/posts`, {
        post_type: "PUBLISHED",
        timeline_type: "ALL",
        post_ids: id,
      });
      expect(idsOf(published)).toEqual([id]);
    });

    it("refuses a time not ahead, another user's organic post, and callers without post composer", async () => {
      const past = await composer.client.post(`${acc.base}/scheduled_posts`, {
        query: { as_user_id: composer.userId, text: "x", scheduled_at: ahead(-1) },
      });
      expect(parametersOf(past)).toEqual(["scheduled_at"]);
      const missing = await composer.client.post(`${acc.base}/scheduled_posts`, {
        query: { as_user_id: composer.userId, text: "x" },
      });
      expect(parametersOf(missing)).toEqual(["scheduled_at"]);
      // Another promotable user: promoted-only posts only (spec §4.7 "organic posts only for
      // the authenticated user"), as for POST post.
      const other = await createActor(server.ctx);
      await server.ctx.prisma.account.update({
        where: { id: acc.accountId },
        data: { promotableUserIds: [composer.userId, other.userId] },
      });
      const organic = await composer.client.post(`${acc.base}/scheduled_posts`, {
        query: { as_user_id: other.userId, text: "x", scheduled_at: ahead(1), nullcast: false },
      });
      expect(parametersOf(organic)).toEqual(["nullcast"]);
      // It publishes by itself: a creative manager without POST_COMPOSER may draft, not schedule.
      const manager = await createActor(server.ctx);
      await grant(server.ctx, acc.accountId, manager, ["CREATIVE_MANAGER"]);
      const draft = await manager.client.post(`${acc.base}/draft_posts`, {
        query: { as_user_id: composer.userId, text: "by a manager" },
      });
      expect(draft.status, draft.text).toBe(200);
      const schedule = await manager.client.post(`${acc.base}/scheduled_posts`, {
        query: { as_user_id: composer.userId, text: "x", scheduled_at: ahead(1) },
      });
      expect(schedule.status).toBe(403);
    });
  });

  it("the CLI uploads media that POST media_library adds", async () => {
    const command = COMMANDS["upload-media"];
    const [line = ""] =
      (await command?.run(server.ctx, {
        user: composer.screenName,
        type: "GIF",
        width: "480",
        height: "480",
      })) ?? [];
    const key = /^uploaded (\d+_\d+) /.exec(line)?.[1] ?? "";
    const added = await add({ media_key: key });
    expect(added.status, added.text).toBe(200);
    expect(dataOf(added)).toMatchObject({ media_key: key, media_type: "GIF", aspect_ratio: "1:1" });
  });
});
