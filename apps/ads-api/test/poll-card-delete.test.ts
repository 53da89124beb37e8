import { pollCardSchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { addMedia, createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idOf, idsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Beyond the spec (issue 33, the vendor's v12 DELETE accounts/:account_id/cards/poll/:card_id). */
describe.each(HTTP_TEST_ENGINES)("poll card delete on %s", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let base: string;
  let accountId: string;
  let image: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, admin.userId));
    base = `/12/accounts/${accountId}/cards`;
    image = await addMedia(server.ctx, accountId, "IMAGE", 1200, 628);
  });
  afterAll(() => server.close());

  const poll = async () =>
    idOf(
      await admin.client.post(`${base}/poll`, {
        query: { name: "Poll", duration_in_minutes: 60, first_choice: "Yes", second_choice: "No" },
      }),
    );

  it("deletes softly, answering the poll card with deleted=true; a repeat is 404", async () => {
    const id = await poll();
    const deleted = await admin.client.delete(`${base}/poll/${id}`);
    expect(deleted.status).toBe(200);
    const card = singleEnvelope(pollCardSchema).parse(bodyOf(deleted)).data;
    expect(card).toMatchObject({ id, deleted: true, first_choice: "Yes", card_type: "TEXT_POLLS" });
    const again = await admin.client.delete(`${base}/poll/${id}`);
    expect(again.status).toBe(404);
    expect(errorOf(again).parameter).toBe("card_id");
    expect((await admin.client.get(`${base}/poll/${id}`)).status).toBe(404);
    expect(
      dataOf(await admin.client.get(`${base}/poll/${id}`, { with_deleted: true })),
    ).toMatchObject({ id, deleted: true });
    expect(idsOf(await admin.client.get(`${base}/poll`))).not.toContain(id);
    expect(idsOf(await admin.client.get(`${base}/poll`, { with_deleted: true }))).toContain(id);
  });

  it("deletes only poll cards: a generic card's id is 404 here, and the generic delete leaves polls", async () => {
    const generic = idOf(
      await admin.client.post(base, {
        json: {
          name: "Generic",
          components: [
            { type: "MEDIA", media_key: image },
            {
              type: "DETAILS",
              title: "Shop",
              destination: { type: "WEBSITE", url: "https://example.com" },
            },
          ],
        },
      }),
    );
    expect((await admin.client.delete(`${base}/poll/${generic}`)).status).toBe(404);
    const id = await poll();
    expect((await admin.client.delete(`${base}/${id}`)).status).toBe(404);
    expect(dataOf(await admin.client.get(`${base}/poll/${id}`)).deleted).toBe(false);
  });

  it("needs creatives:write", async () => {
    const id = await poll();
    const analyst = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, analyst.userId, ["CAMPAIGN_ANALYST"]);
    expect((await analyst.client.delete(`${base}/poll/${id}`)).status).toBe(403);
    expect(dataOf(await admin.client.get(`${base}/poll/${id}`)).deleted).toBe(false);
  });
});
