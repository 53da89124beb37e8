import { getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "./support/actors.js";
import { createActor } from "./support/actors.js";
import { bodyOf, errorOf, errorsOf } from "./support/bodies.js";
import { createPostAccount, storePost } from "./support/post-accounts.js";
import type { PostAccount } from "./support/post-accounts.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const PREVIEWS = getEndpoint("post_previews.list");
const HOSTILE = `<script>alert(1)</script>' onload='x" & more`;

/** The srcdoc document of a preview, with its one level of attribute escaping undone. */
function documentOf(preview: string): string {
  const start = preview.indexOf("srcdoc='") + "srcdoc='".length;
  const end = preview.lastIndexOf("'></iframe>");
  return preview
    .slice(start, end)
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#96;", "`")
    .replaceAll("&amp;", "&");
}

describe.each(HTTP_TEST_ENGINES)("post previews on %s (spec §4.7 GET post_previews)", (engine) => {
  let server: TestServer;
  let acc: PostAccount;
  let composer: Actor;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(engine);
    acc = await createPostAccount(server.ctx);
    composer = acc.composer;
    const mine = { authorId: composer.userId, accountId: acc.accountId, nullcast: true };
    ids.hostile = (
      await storePost(server.ctx, {
        ...mine,
        postType: "PUBLISHED",
        text: `${HOSTILE}\nsecond line`,
        name: HOSTILE,
        mediaKeys: [acc.images[0] ?? "", acc.videos[0] ?? ""],
        cardUri: acc.cardUri,
      })
    ).id;
    ids.plain = (await storePost(server.ctx, { ...mine, postType: "PUBLISHED", text: "plain" })).id;
    ids.draft = (await storePost(server.ctx, { ...mine, postType: "DRAFT", text: "a draft" })).id;
    ids.scheduled = (
      await storePost(server.ctx, {
        ...mine,
        postType: "SCHEDULED",
        text: "later",
        scheduledAt: new Date(Date.now() + 90 * 86_400_000),
      })
    ).id;
    const stranger = await createActor(server.ctx);
    ids.stranger = (
      await storePost(server.ctx, {
        ...mine,
        authorId: stranger.userId,
        postType: "PUBLISHED",
        text: "not ours",
      })
    ).id;
  });
  afterAll(() => server.close());

  const previews = (postIds: readonly (string | undefined)[], postType: string) =>
    composer.client.get(`${acc.base}/post_previews`, {
      post_ids: postIds.join(","),
      post_type: postType,
    });

  it("answers one iframe per post, in the order asked", async () => {
    const response = await previews([ids.plain, ids.hostile], "PUBLISHED");
    expect(response.status, response.text).toBe(200);
    const body = PREVIEWS.response.schema.parse(bodyOf(response));
    expect(bodyOf(response).data_type).toBe("post_previews");
    expect(body.data.map((item) => item.post_id)).toEqual([ids.plain, ids.hostile]);
    for (const item of body.data) {
      expect(item.preview).toMatch(
        /^<iframe class='post-preview' sandbox='' srcdoc='.*'><\/iframe>$/s,
      );
    }
    const plain = documentOf(body.data[0]?.preview ?? "");
    expect(plain).toContain(`@${composer.screenName}`);
    expect(plain).toContain("<p class='text'>plain</p>");
    for (const [postType, id] of [
      ["DRAFT", ids.draft],
      ["SCHEDULED", ids.scheduled],
    ] as const) {
      const one = await previews([id], postType);
      expect(one.status, one.text).toBe(200);
      expect(PREVIEWS.response.schema.parse(bodyOf(one)).data[0]?.post_id).toBe(id);
    }
  });

  it("escapes every user string twice: nothing breaks out of the text or the attribute", async () => {
    const response = await previews([ids.hostile], "PUBLISHED");
    const [item] = PREVIEWS.response.schema.parse(bodyOf(response)).data;
    const preview = item?.preview ?? "";
    expect(preview).not.toContain(HOSTILE);
    expect(preview).not.toContain("<script");
    // One element: the only markup is the iframe's own opening and closing tags, and its
    // only quotes are those around its three attribute values.
    expect(preview.split("<")).toHaveLength(3);
    expect(preview.split(">")).toHaveLength(3);
    expect(preview.split("'")).toHaveLength(7);
    expect(preview).not.toContain('"');
    // Every & in the attribute starts an entity.
    expect(preview.match(/&(?!(amp|lt|gt|quot|#39|#96);)/g)).toBeNull();
    // Inside, the document shows the text as text: escaped once, never as markup.
    const document = documentOf(preview);
    expect(document).not.toContain("<script");
    expect(document).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt;&#39; onload=&#39;x&quot; &amp; more<br>second line",
    );
    expect(document).toContain(`<h1 class='post-name'>&lt;script&gt;`);
    expect(document).toContain(`data-media-key='${acc.images[0] ?? ""}'`);
    expect(document).toContain(`data-media-key='${acc.videos[0] ?? ""}'`);
    expect(document).toContain("<video controls src='https://media.ads-api.invalid/");
    expect(document).toContain(`data-card-uri='${acc.cardUri}'>Post card</aside>`);
  });

  it("refuses the whole request when an id is not a post of that type the account sees", async () => {
    const wrongType = await previews([ids.plain, ids.draft, ids.scheduled], "PUBLISHED");
    expect(wrongType.status).toBe(400);
    expect(errorsOf(wrongType)).toHaveLength(1);
    expect(errorOf(wrongType)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "post_ids" });
    const message = errorOf(wrongType).message;
    expect(message).toContain(ids.draft);
    expect(message).toContain(ids.scheduled);
    expect(message).not.toContain(ids.plain);
    expect(bodyOf(wrongType)).not.toHaveProperty("data");
    for (const [id, postType] of [
      [ids.plain, "DRAFT"],
      [ids.stranger, "PUBLISHED"],
      ["1234567890123456789", "SCHEDULED"],
    ] as const) {
      const refused = await previews([id], postType);
      expect(refused.status, `${id} ${postType}`).toBe(400);
      expect(errorOf(refused).parameter).toBe("post_ids");
    }
    const missingType = await composer.client.get(`${acc.base}/post_previews`, {
      post_ids: ids.plain,
    });
    expect(errorOf(missingType)).toMatchObject({
      code: "MISSING_PARAMETER",
      parameter: "post_type",
    });
  });

  it("refuses posts of another account", async () => {
    const other = await createPostAccount(server.ctx, composer);
    const refused = await composer.client.get(`${other.base}/post_previews`, {
      post_ids: [ids.plain, ids.draft].join(","),
      post_type: "PUBLISHED",
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).parameter).toBe("post_ids");
  });
});
