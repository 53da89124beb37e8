import {
  accountMediaSchema,
  cardSchema,
  conversationCardSchema,
  getEndpoint,
  mediaLibraryObjectSchema,
  pollCardSchema,
  singleEnvelope,
} from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountMedia, createMediaLibraryObject } from "../src/services/media-admin.js";
import { addMedia, createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { bodyOf, dataOf, errorOf, errorsOf, idsOf, itemsOf } from "./support/bodies.js";

const website = {
  type: "DETAILS",
  title: "Shop",
  destination: { type: "WEBSITE", url: "https://example.com" },
};
const app = {
  type: "BUTTON",
  label: { type: "ENUM", value: "INSTALL" },
  destination: { type: "APP", country_code: "US", googleplay_app_id: "com.example" },
};

describe.each(HTTP_TEST_ENGINES)("cards and media on %s (spec §4.7, §2.5-2.8)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let base: string;
  let video: string;
  let image: string;
  let square: string;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    admin = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(
      server.ctx,
      admin.userId,
      ["ACCOUNT_ADMIN"],
      ["PROMOTED_MEDIA_POLLS"],
    ));
    base = `/12/accounts/${accountId}`;
    video = await addMedia(server.ctx, accountId, "VIDEO", 1280, 720);
    image = await addMedia(server.ctx, accountId, "IMAGE", 1200, 628);
    square = await addMedia(server.ctx, accountId, "IMAGE", 800, 800);
  });
  afterAll(() => server.close());

  it("creates generic cards with the card type derived from the components", async () => {
    const created = await admin.client.post(`${base}/cards`, {
      json: { name: "Video card", components: [{ type: "MEDIA", media_key: video }, website] },
    });
    expect(created.status).toBe(200);
    const card = singleEnvelope(cardSchema).parse(bodyOf(created)).data;
    expect(card).toMatchObject({
      card_type: "VIDEO_WEBSITE",
      card_uri: `card://${card.id}`,
      deleted: false,
    });
    expect(card.id).toMatch(/^\d{18,19}$/);
    expect(dataOf(created)).toMatchObject({
      components: [{ media_metadata: { [video]: { type: "VIDEO", width: 1280 } } }, {}],
    });
    const carousel = await admin.client.post(`${base}/cards`, {
      json: {
        name: "Carousel",
        components: [{ type: "SWIPEABLE_MEDIA", media_keys: [image, square] }, app],
      },
    });
    expect(dataOf(carousel).card_type).toBe("IMAGE_CAROUSEL_APP");
    const slides = await admin.client.post(`${base}/cards`, {
      json: {
        name: "Slides",
        slides: [
          [{ type: "MEDIA", media_key: image }, website],
          [{ type: "MEDIA", media_key: video }, website],
        ],
      },
    });
    expect(dataOf(slides).card_type).toBe("MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE");
  });

  it("refuses unknown media keys, bad components and both components and slides", async () => {
    const unknown = await admin.client.post(`${base}/cards`, {
      json: { name: "x", components: [{ type: "MEDIA", media_key: "3_999" }, website] },
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ parameter: "components[0].media_key" });
    const invalid = await admin.client.post(`${base}/cards`, {
      json: {
        name: "x".repeat(81),
        components: [
          { type: "SWIPEABLE_MEDIA", media_keys: [image] },
          { ...app, label: { type: "ENUM", value: "NOPE" } },
        ],
      },
    });
    expect(
      errorsOf(invalid)
        .map((error) => error.parameter)
        .sort(),
    ).toEqual(["components[0].media_keys", "components[1].label.value", "name"]);
    const both = await admin.client.post(`${base}/cards`, {
      json: {
        name: "x",
        components: [{ type: "MEDIA", media_key: image }, website],
        slides: [[{ type: "MEDIA", media_key: image }, website]],
      },
    });
    expect(both.status).toBe(400);
  });

  it("lists generic cards with every filter, reads, updates (replacing fields) and deletes", async () => {
    const make = async (name: string, components: unknown[]) => {
      const data = dataOf(await admin.client.post(`${base}/cards`, { json: { name, components } }));
      return { id: String(data.id), card_uri: String(data.card_uri) };
    };
    const first = await make("Filter one", [{ type: "MEDIA", media_key: image }, website]);
    const second = await make("Filter two", [{ type: "MEDIA", media_key: image }, app]);
    const list = (query: Record<string, string | number | boolean>) =>
      admin.client.get(`${base}/cards`, { q: "Filter", ...query });
    expect(itemsOf(await list({}))).toHaveLength(2);
    expect(idsOf(await list({ card_types: "IMAGE_APP" }))).toEqual([second.id]);
    expect(itemsOf(await list({ card_id: first.id }))).toHaveLength(1);
    expect(itemsOf(await list({ card_uris: second.card_uri }))[0]?.id).toBe(second.id);
    expect(bodyOf(await list({ count: 1 })).next_cursor).not.toBeNull();
    expect(itemsOf(await list({ sort_by: "name-desc" }))[0]?.id).toBe(second.id);
    expect((await list({ count: 201 })).status).toBe(400);
    expect((await list({ include_legacy_cards: true })).status).toBe(200);
    expect(dataOf(await admin.client.get(`${base}/cards/${first.id}`)).name).toBe("Filter one");

    const renamed = await admin.client.put(`${base}/cards/${first.id}`, {
      json: { name: "Filter renamed" },
    });
    expect(dataOf(renamed)).toMatchObject({ name: "Filter renamed", card_type: "IMAGE_WEBSITE" });
    const replaced = await admin.client.put(`${base}/cards/${first.id}`, {
      json: { components: [{ type: "MEDIA", media_key: video }, app] },
    });
    expect(dataOf(replaced)).toMatchObject({ name: "Filter renamed", card_type: "VIDEO_APP" });

    expect(dataOf(await admin.client.delete(`${base}/cards/${first.id}`)).deleted).toBe(true);
    expect((await admin.client.delete(`${base}/cards/${first.id}`)).status).toBe(404);
    expect(itemsOf(await list({}))).toHaveLength(1);
    expect(itemsOf(await list({ with_deleted: true }))).toHaveLength(2);
  });

  it("creates poll cards that close duration_in_minutes after creation; no update exists", async () => {
    const created = await admin.client.post(`${base}/cards/poll`, {
      query: {
        name: "Poll",
        duration_in_minutes: 5,
        first_choice: "Yes",
        second_choice: "No",
        third_choice: "Maybe",
      },
    });
    expect(created.status).toBe(200);
    const poll = singleEnvelope(pollCardSchema).parse(bodyOf(created)).data;
    expect(poll).toMatchObject({
      card_type: "TEXT_POLLS",
      third_choice: "Maybe",
      duration_in_minutes: 5,
      closed: false,
    });
    expect(Date.parse(poll.end_time) - Date.parse(poll.start_time)).toBe(5 * 60_000);
    const media = await admin.client.post(`${base}/cards/poll`, {
      query: {
        name: "Image poll",
        duration_in_minutes: 60,
        first_choice: "A",
        second_choice: "B",
        media_key: image,
      },
    });
    // The spec observes only VIDEO_POLLS and TEXT_POLLS; an image poll shows its image as poster.
    expect(dataOf(media)).toMatchObject({ card_type: "VIDEO_POLLS", video_poster_width: "1200" });
    expect(dataOf(media)).not.toHaveProperty("media_key");
    const tooSmall = await admin.client.post(`${base}/cards/poll`, {
      query: {
        name: "Square",
        duration_in_minutes: 60,
        first_choice: "A",
        second_choice: "B",
        media_key: square,
      },
    });
    expect(errorOf(tooSmall).parameter).toBe("media_key");
    const outOfOrder = await admin.client.post(`${base}/cards/poll`, {
      query: {
        name: "Bad",
        duration_in_minutes: 4,
        first_choice: "A",
        second_choice: "B",
        fourth_choice: "D",
      },
    });
    expect(
      errorsOf(outOfOrder)
        .map((error) => error.parameter)
        .sort(),
    ).toEqual(["duration_in_minutes", "fourth_choice"]);

    clock.advance(5 * 60_000);
    const closed = await admin.client.get(`${base}/cards/poll/${poll.id}`);
    expect(dataOf(closed)).toMatchObject({ closed: true, end_time: poll.end_time });
    const list = await admin.client.get(`${base}/cards/poll`, { card_ids: poll.id });
    expect(idsOf(list)).toEqual([poll.id]);
    expect([404, 405]).toContain(
      (await admin.client.put(`${base}/cards/poll/${poll.id}`, { query: { name: "x" } })).status,
    );
  });

  it("creates and lists video conversation cards; lists image conversation cards", async () => {
    const created = await admin.client.post(`${base}/cards/video_conversation`, {
      query: {
        name: "Chat",
        media_key: video,
        first_cta: "#Yes",
        first_cta_post: "I say yes",
        second_cta: "#No",
        second_cta_post: "I say no",
        thank_you_text: "Thanks",
      },
    });
    expect(created.status).toBe(200);
    const card = singleEnvelope(conversationCardSchema).parse(bodyOf(created)).data;
    expect(dataOf(created)).toMatchObject({ card_type: "VIDEO_CONVERSATION", first_cta: "#Yes" });
    expect(dataOf(created).video_url).toMatch(/^https:/);
    expect((await admin.client.get(`${base}/cards/video_conversation/${card.id}`)).status).toBe(
      200,
    );
    expect(
      itemsOf(await admin.client.get(`${base}/cards/video_conversation`, { q: "cha" })),
    ).toHaveLength(1);
    const notVideo = await admin.client.post(`${base}/cards/video_conversation`, {
      query: {
        name: "Chat",
        media_key: image,
        first_cta: "#Yes",
        first_cta_post: "y",
        title: "T",
        thank_you_text: "Thanks",
      },
    });
    expect(errorOf(notVideo).parameter).toBe("media_key");
    const needsTitle = await admin.client.post(`${base}/cards/video_conversation`, {
      query: {
        name: "Chat",
        media_key: video,
        first_cta: "#Yes",
        first_cta_post: "y",
        thank_you_text: "Thanks",
      },
    });
    expect(errorOf(needsTitle).parameter).toBe("title");

    await server.ctx.prisma.card.create({
      data: {
        id: "777000111",
        accountId,
        kind: "image_conversation",
        name: "Image chat",
        cardType: "IMAGE_CONVERSATION",
        body: { first_cta: "#Go", thank_you_text: "Thanks", media_key: image },
      },
    });
    const images = await admin.client.get(`${base}/cards/image_conversation`);
    expect(
      getEndpoint("cards.image_conversation.list").response.schema.parse(bodyOf(images)).data,
    ).toHaveLength(1);

    const all = await admin.client.get(`${base}/cards/all`, {
      card_uris: `card://${card.id},card://777000111,card://404`,
    });
    expect(idsOf(all)).toEqual([card.id, "777000111"]);
    expect(dataOf(await admin.client.get(`${base}/cards/all/${card.id}`)).card_type).toBe(
      "VIDEO_CONVERSATION",
    );
    expect((await admin.client.get(`${base}/cards/all`, { card_uris: "nope" })).status).toBe(400);
  });

  it("lists, reads and deletes account media; deletes media library objects", async () => {
    const libraryVideo = await createMediaLibraryObject(server.ctx.prisma, {
      accountId,
      mediaType: "VIDEO",
      width: 1280,
      height: 720,
    });
    const preroll = await createAccountMedia(server.ctx.prisma, libraryVideo, "PREROLL");
    const banner = await createAccountMedia(
      server.ctx.prisma,
      await createMediaLibraryObject(server.ctx.prisma, {
        accountId,
        mediaType: "IMAGE",
        width: 320,
        height: 50,
      }),
      "BANNER",
    );
    const list = await admin.client.get(`${base}/account_media`);
    const parsed = getEndpoint("account_media.list").response.schema.parse(bodyOf(list));
    expect(parsed.data.map((media) => media.id)).toEqual([preroll.id, banner.id]);
    expect(
      itemsOf(await admin.client.get(`${base}/account_media`, { creative_types: "BANNER" })),
    ).toHaveLength(1);
    expect(
      itemsOf(await admin.client.get(`${base}/account_media`, { account_media_ids: preroll.id }))[0]
        ?.video_id,
    ).not.toBeNull();
    const read = singleEnvelope(accountMediaSchema).parse(
      bodyOf(await admin.client.get(`${base}/account_media/${banner.id}`)),
    ).data;
    expect(read.media_url).toMatch(/^https:/);
    expect(dataOf(await admin.client.delete(`${base}/account_media/${banner.id}`)).deleted).toBe(
      true,
    );
    expect((await admin.client.delete(`${base}/account_media/${banner.id}`)).status).toBe(404);
    expect(
      (await admin.client.get(`${base}/account_media/${banner.id}`, { with_deleted: true })).status,
    ).toBe(200);

    const deleted = await admin.client.delete(`${base}/media_library/${libraryVideo.mediaKey}`);
    expect(singleEnvelope(mediaLibraryObjectSchema).parse(bodyOf(deleted)).data).toMatchObject({
      deleted: true,
      media_type: "VIDEO",
    });
    expect(
      (await admin.client.delete(`${base}/media_library/${libraryVideo.mediaKey}`)).status,
    ).toBe(404);
    const usesDeleted = await admin.client.post(`${base}/cards`, {
      json: {
        name: "x",
        components: [{ type: "MEDIA", media_key: libraryVideo.mediaKey }, website],
      },
    });
    expect(usesDeleted.status).toBe(400);
  });
});
