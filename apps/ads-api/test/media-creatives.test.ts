import { mediaCreativeSchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountMedia, createMediaLibraryObject } from "../src/services/media-admin.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idOf, idsOf, parametersOf } from "./support/bodies.js";
import { addLineItems } from "./support/line-item-rows.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const LANDING = "https://shop.example/spring";

describe.each(HTTP_TEST_ENGINES)("media creatives on %s (spec §4.6)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let base: string;
  let clicks: string;
  let engagements: string;
  let deletedLine: string;
  let campaignOfClicks: string;
  let image: string;
  let preroll: string;
  let deletedMedia: string;
  let orphanMedia: string;
  let foreignMedia: string;

  /** Account media over a fresh media library object of `account`. */
  const accountMedia = async (account: string, type: "IMAGE" | "VIDEO", creativeType: string) => {
    const object = await createMediaLibraryObject(server.ctx.prisma, {
      accountId: account,
      mediaType: type,
      width: 1200,
      height: 628,
    });
    return (await createAccountMedia(server.ctx.prisma, object, creativeType)).id;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    const made = await createAccountFor(server.ctx, admin.userId);
    accountId = made.accountId;
    base = `/12/accounts/${accountId}/media_creatives`;
    [clicks = "", engagements = "", deletedLine = ""] = await addLineItems(
      server.ctx,
      accountId,
      made.fundingInstrumentId,
      [{ objective: "WEBSITE_CLICKS", productType: "MEDIA" }, {}, { deleted: true }],
    );
    campaignOfClicks = (
      await server.ctx.prisma.lineItem.findUniqueOrThrow({ where: { id: clicks } })
    ).campaignId;
    image = await accountMedia(accountId, "IMAGE", "INTERSTITIAL");
    preroll = await accountMedia(accountId, "VIDEO", "PREROLL");
    deletedMedia = await accountMedia(accountId, "IMAGE", "BANNER");
    await server.ctx.prisma.accountMedia.update({
      where: { id: deletedMedia },
      data: { deleted: true },
    });
    orphanMedia = await accountMedia(accountId, "IMAGE", "BANNER");
    const orphan = await server.ctx.prisma.accountMedia.findUniqueOrThrow({
      where: { id: orphanMedia },
    });
    await server.ctx.prisma.mediaLibraryObject.update({
      where: { mediaKey: orphan.mediaKey ?? "" },
      data: { deleted: true },
    });
    const other = await createAccountFor(server.ctx, admin.userId);
    foreignMedia = await accountMedia(other.accountId, "IMAGE", "INTERSTITIAL");
  });
  afterAll(() => server.close());

  const create = (query: Record<string, string>) =>
    admin.client.post(base, { query: { line_item_id: clicks, account_media_id: image, ...query } });

  it("creates on a WEBSITE_CLICKS line item with landing_url, reads, deletes; a second delete is 404", async () => {
    const created = await create({ landing_url: LANDING });
    expect(created.status).toBe(200);
    const creative = singleEnvelope(mediaCreativeSchema).parse(bodyOf(created)).data;
    expect(creative).toMatchObject({
      line_item_id: clicks,
      account_media_id: image,
      creative_type: "INTERSTITIAL",
      landing_url: LANDING,
      deleted: false,
    });
    expect(dataOf(await admin.client.get(`${base}/${creative.id}`))).toEqual(dataOf(created));
    expect(dataOf(await admin.client.delete(`${base}/${creative.id}`)).deleted).toBe(true);
    expect((await admin.client.delete(`${base}/${creative.id}`)).status).toBe(404);
    expect((await admin.client.get(`${base}/${creative.id}`)).status).toBe(404);
    const kept = await admin.client.get(`${base}/${creative.id}`, { with_deleted: true });
    expect(dataOf(kept).deleted).toBe(true);
  });

  it("needs landing_url on WEBSITE_CLICKS only: not for other objectives, ignored for preroll", async () => {
    const before = await server.ctx.prisma.mediaCreative.count();
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toMatchObject({ code: "MISSING_PARAMETER", parameter: "landing_url" });
    expect(errorOf(missing).message).toContain("WEBSITE_CLICKS");
    expect(await server.ctx.prisma.mediaCreative.count()).toBe(before);

    const other = await create({ line_item_id: engagements });
    expect(dataOf(other)).toMatchObject({ line_item_id: engagements, landing_url: null });
    const prerollOnClicks = await create({ account_media_id: preroll });
    expect(dataOf(prerollOnClicks)).toMatchObject({ creative_type: "PREROLL", landing_url: null });
    const ignored = await create({ account_media_id: preroll, landing_url: LANDING });
    expect(dataOf(ignored).landing_url).toBeNull();
    const bad = await create({ landing_url: "ftp://shop.example" });
    expect(parametersOf(bad)).toEqual(["landing_url"]);
  });

  it("takes account media of this account from the media library only, on a live line item", async () => {
    const before = await server.ctx.prisma.mediaCreative.count();
    for (const media of ["nosuch1", deletedMedia, orphanMedia, foreignMedia]) {
      const refused = await create({ account_media_id: media, landing_url: LANDING });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "account_media_id",
      });
    }
    for (const lineItem of ["nosuch1", deletedLine]) {
      const refused = await create({ line_item_id: lineItem, landing_url: LANDING });
      expect(errorOf(refused)).toMatchObject({ parameter: "line_item_id" });
    }
    expect(parametersOf(await admin.client.post(base, { query: {} }))).toEqual([
      "account_media_id",
      "line_item_id",
    ]);
    expect(await server.ctx.prisma.mediaCreative.count()).toBe(before);
  });

  it("lists by campaign, line item and id, with paging, sorting and deleted ones when asked", async () => {
    const one = idOf(await create({ landing_url: LANDING }));
    const two = idOf(await create({ landing_url: LANDING, account_media_id: preroll }));
    const onEngagements = idOf(await create({ line_item_id: engagements }));
    const list = (query: Record<string, string | number | boolean>) =>
      admin.client.get(base, query);
    const byClicks = idsOf(await list({ line_item_ids: clicks }));
    expect(byClicks).toEqual(expect.arrayContaining([one, two]));
    expect(byClicks).not.toContain(onEngagements);
    expect(idsOf(await list({ campaign_id: campaignOfClicks }))).toContain(onEngagements);
    expect(idsOf(await list({ campaign_id: "nosuch1" }))).toEqual([]);
    expect(idsOf(await list({ media_creative_ids: `${one},${two}` }))).toEqual([one, two]);
    expect(
      idsOf(await list({ media_creative_ids: `${one},${two}`, sort_by: "created_at-desc" })),
    ).toEqual([two, one]);
    const page = await list({ media_creative_ids: `${one},${two}`, count: 1 });
    expect(idsOf(page)).toEqual([one]);
    await admin.client.delete(`${base}/${one}`);
    expect(idsOf(await list({ media_creative_ids: one }))).toEqual([]);
    expect(idsOf(await list({ media_creative_ids: one, with_deleted: true }))).toEqual([one]);
    const many = Array.from({ length: 201 }, (_unused, index) => `m${index}`).join(",");
    expect(parametersOf(await list({ media_creative_ids: many }))).toEqual(["media_creative_ids"]);
  });
});
