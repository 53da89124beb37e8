import { DEMO, issueAccessToken } from "@adsgraph/ads-api";
import { tapRequests } from "@adsgraph/ads-api/testing";
import type { RequestTap, TappedRequest } from "@adsgraph/ads-api/testing";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, postGraphQL, signIn, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// The post mutations (spec §4.7, §4.9) against the real ads-api, on both engines: each with its
// payload and its typed failures, input refused before anything is sent, and no request more
// than the write (and the lookup of what the payload selects beyond the write's answer).

const A = DEMO.accounts[0].id;
const GA = globalId("Account", A);
const user = (id: string) => globalId("User", id);
const post = (id: string) => globalId("Post", id);
const HOUR = 3_600_000;
const postId = (n: number, seq: number) => `15900000000000${n}${String(seq).padStart(4, "0")}`;
const FRIEND_POST = postId(0, 1);
/** Account 1's media (ads-api's demo-account.ts / demo-posts.ts): kind, position. */
const mediaKey = (kind: string, position: number) => `${kind}_140000000000011${position}0`;
const PHOTO = mediaKey("3", 3);
const GIF = mediaKey("16", 5);
/** Uploaded by the friend, not shared with the demo user. */
const FRIENDS_PHOTO = mediaKey("3", 6);
const mediaIdOf = (key: string) => key.slice(key.indexOf("_") + 1);

const ERROR_FIELDS = `__typename ... on Error { code message upstream { status codes } }
  ... on ValidationError { violations { field code parameter } }`;
/** With the media rule's failure, for the mutations whose union holds it. */
const MEDIA_ERROR_FIELDS = `${ERROR_FIELDS} ... on MediaRuleError { field violations { field code } }`;

interface Result {
  __typename: string;
  code?: string;
  upstream?: { status: number | null; codes: string[] } | null;
  violations?: { field: string; code: string; parameter?: string }[];
  field?: string;
  [payload: string]: unknown;
}

/** An answer: its body, its data, its upstream requests by endpoint, what ads-api received. */
interface Ran {
  body: Awaited<ReturnType<Stack["query"]>>;
  result: Result;
  byEndpoint: Record<string, number>;
  received: readonly TappedRequest[];
}

describe.each(HTTP_TEST_ENGINES)("post mutations on %s", (engine) => {
  let stack: Stack;
  let tap: RequestTap;
  /** ads-api's clock runs this far ahead of the real one (the edit window). */
  let offsetMs = 0;
  /** A session of the friend (not a promotable user, not premium). */
  let friendHeaders: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack({
      engine,
      measureUpstream: true,
      adsApi: { clock: () => new Date(Date.now() + offsetMs) },
    });
    tap = tapRequests(stack.adsApi);
    const { prisma, box } = stack.adsApi.server.ctx;
    const app = await prisma.app.findFirstOrThrow({ where: { name: DEMO.app.name } });
    const token = await issueAccessToken(
      prisma,
      { box },
      { appId: app.id, userId: DEMO.friend.id, accessType: "write" },
    );
    friendHeaders = {
      authorization: `Bearer ${await signIn(stack.facade, DEMO.friend, token)}`,
    };
  });
  afterAll(() => stack.close());

  /** Runs a mutation (as the demo user, or with `headers`); its one root field's result. */
  const mutate = async (
    query: string,
    variables: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Ran> => {
    const from = tap.requests.length;
    const body =
      headers === undefined
        ? await stack.query(query, variables)
        : ((await postGraphQL(stack.facade.url, query, { variables, headers })).body as Awaited<
            ReturnType<Stack["query"]>
          >);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const data = body.data as Record<string, Result>;
    return {
      body,
      result: present(Object.values(data)[0], "mutation result"),
      byEndpoint: body.extensions?.upstream?.byEndpoint ?? {},
      // The facade's app bearer, fetched once, is no request of the mutation's.
      received: tap.requests.slice(from).filter((r) => r.path !== "/oauth2/token"),
    };
  };

  const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { ${MEDIA_ERROR_FIELDS}
    ... on CreatePostPayload { post { id rawId text name nullcast mediaKeys media { mediaKey }
      author { rawId } createdAt } } } }`;
  const PUBLISH = `mutation($input: PublishPostInput!) { publishPost(input: $input) { ${MEDIA_ERROR_FIELDS}
    ... on PublishPostPayload { post { rawId text editHistoryIds author { username }
      inReplyTo { rawId } quotedPost { rawId } } } } }`;
  const EDIT = `mutation($input: EditPostInput!) { editPost(input: $input) { ${MEDIA_ERROR_FIELDS}
    ... on EditPostPayload { post { rawId text editHistoryIds } } } }`;

  describe("createPost and renamePost (advertising API)", () => {
    it("creates a promoted-only post with media as the account's promotable user", async () => {
      const { result, byEndpoint, received } = await mutate(CREATE, {
        input: {
          accountId: GA,
          asUserId: user(DEMO.user.id),
          text: "Fresh from the graph #graph",
          mediaKeys: [PHOTO],
          name: "From the graph",
          conversationSettings: "FOLLOWING",
        },
      });
      expect(result.__typename).toBe("CreatePostPayload");
      expect(result.post).toMatchObject({
        text: "Fresh from the graph #graph",
        name: "From the graph",
        nullcast: true,
        mediaKeys: [PHOTO],
        media: [{ mediaKey: PHOTO }],
        author: { rawId: DEMO.user.id },
        createdAt: expect.stringMatching(/Z$/) as unknown,
      });
      // The write's answer holds everything selected: no read after it.
      expect(byEndpoint).toEqual({ "posts.create": 1 });
      expect(received.map((r) => [r.method, r.scheme])).toEqual([["POST", "oauth"]]);

      const created = (result.post as { rawId: string }).rawId;
      const renamed = await mutate(
        `mutation($input: RenamePostInput!) { renamePost(input: $input) { ${ERROR_FIELDS}
          ... on RenamePostPayload { post { rawId name } } } }`,
        { input: { accountId: GA, postId: post(created), name: "Renamed in the graph" } },
      );
      expect(renamed.result.post).toEqual({ rawId: created, name: "Renamed in the graph" });
      expect(renamed.byEndpoint).toEqual({ "posts.name.update": 1 });
    });

    it("returns MediaRuleError for media the author may not use, or a mix past the rule", async () => {
      const notTheirs = await mutate(CREATE, {
        input: {
          accountId: GA,
          asUserId: user(DEMO.user.id),
          text: "x",
          mediaKeys: [FRIENDS_PHOTO],
        },
      });
      expect(notTheirs.result).toMatchObject({
        __typename: "MediaRuleError",
        code: "BAD_USER_INPUT",
        field: "mediaKeys",
        upstream: { status: 400 },
      });
      const mixed = await mutate(CREATE, {
        input: { accountId: GA, asUserId: user(DEMO.user.id), text: "x", mediaKeys: [GIF, PHOTO] },
      });
      expect(mixed.result).toMatchObject({
        __typename: "MediaRuleError",
        field: "mediaKeys",
        violations: [{ field: "mediaKeys", code: "TOO_MANY_ITEMS" }],
      });
    });

    it("refuses bad input before anything is sent, naming the input field", async () => {
      const badUser = await mutate(CREATE, {
        input: { accountId: GA, asUserId: user("demo"), text: "x" },
      });
      expect(badUser.result).toMatchObject({
        __typename: "ValidationError",
        violations: [{ field: "asUserId", code: "INVALID_PARAMETER" }],
      });
      const noText = await mutate(CREATE, {
        input: { accountId: GA, asUserId: user(DEMO.user.id) },
      });
      expect(noText.result).toMatchObject({
        __typename: "ValidationError",
        violations: [{ field: "text", code: "MISSING_PARAMETER" }],
      });
      const ctaAlone = await mutate(CREATE, {
        input: { accountId: GA, asUserId: user(DEMO.user.id), text: "x", videoCta: "WATCH_NOW" },
      });
      expect(ctaAlone.result.__typename).toBe("ValidationError");
      expect(ctaAlone.result.violations?.map((v) => v.field)).toContain("videoCtaValue");
      for (const ran of [badUser, noText, ctaAlone]) expect(ran.received).toEqual([]);
      // Upstream's refusal of a user who may not post for the account names the field too.
      const friend = await mutate(CREATE, {
        input: { accountId: GA, asUserId: user(DEMO.friend.id), text: "x" },
      });
      expect(friend.result).toMatchObject({
        __typename: "ValidationError",
        upstream: { status: 400 },
        violations: [{ field: "asUserId", parameter: "as_user_id" }],
      });
    });
  });

  describe("drafts and scheduled posts", () => {
    const first = async (type: "DRAFT" | "SCHEDULED") => {
      const body = await stack.query(
        `{ account(rawId: "${A}") { posts(type: ${type}, timelineType: ALL) { edges { node { id rawId } } } } }`,
      );
      const edges = (
        body.data as { account: { posts: { edges: { node: { id: string; rawId: string } }[] } } }
      ).account.posts.edges;
      return edges.map((e) => e.node);
    };

    it("updates, previews and deletes a draft", async () => {
      const [draft, other] = await first("DRAFT");
      const id = present(draft).id;
      const UPDATE = `mutation($input: UpdateDraftInput!) { updateDraft(input: $input) { ${MEDIA_ERROR_FIELDS}
        ... on UpdateDraftPayload { draft { id rawId text name mediaKeys nullcast } } } }`;
      const updated = await mutate(UPDATE, {
        input: { id, text: "Updated in the graph", name: "Graph draft", mediaKeys: [PHOTO] },
      });
      expect(updated.result.draft).toMatchObject({
        id,
        text: "Updated in the graph",
        name: "Graph draft",
        mediaKeys: [PHOTO],
      });
      expect(updated.byEndpoint).toEqual({ "draft_posts.update": 1 });
      const media = await mutate(UPDATE, { input: { id, mediaKeys: [FRIENDS_PHOTO] } });
      expect(media.result).toMatchObject({ __typename: "MediaRuleError", field: "mediaKeys" });
      const notDigits = await mutate(UPDATE, {
        input: { id: Buffer.from(`Draft:${A}/d1`).toString("base64"), text: "x" },
      });
      expect(notDigits.result.__typename).toBe("ValidationError");
      expect(notDigits.received).toEqual([]);

      const preview = await mutate(
        `mutation($id: ID!) { previewDraft(input: { id: $id }) { ${ERROR_FIELDS} ... on PreviewDraftPayload { message } } }`,
        { id },
      );
      expect(preview.result.message).toEqual(expect.any(String));

      const DELETE = `mutation($id: ID!) { deleteDraft(input: { id: $id }) { ${ERROR_FIELDS}
        ... on DeleteDraftPayload { draft { rawId deleted } } } }`;
      const deleted = await mutate(DELETE, { id });
      expect(deleted.result.draft).toEqual({ rawId: present(draft).rawId, deleted: true });
      const again = await mutate(DELETE, { id });
      expect(again.result).toMatchObject({
        __typename: "NotFoundError",
        upstream: { status: 404 },
      });
      const gone = await stack.query(
        `{ account(rawId: "${A}") { draft(id: "${present(draft).id}") { rawId } other: draft(id: "${present(other).id}") { rawId } } }`,
      );
      expect(gone.data).toEqual({
        account: { draft: null, other: { rawId: present(other).rawId } },
      });
      expect(gone.errors?.map((e) => e.extensions?.code)).toEqual(["NOT_FOUND"]);
    });

    it("updates and deletes a scheduled post; a time in the past is refused before sending", async () => {
      const [scheduled] = await first("SCHEDULED");
      const id = present(scheduled).id;
      const UPDATE = `mutation($input: UpdateScheduledPostInput!) { updateScheduledPost(input: $input) {
        ${MEDIA_ERROR_FIELDS} ... on UpdateScheduledPostPayload { scheduledPost { id name scheduledAt scheduledStatus } } } }`;
      const at = new Date(Date.now() + 30 * 24 * HOUR).toISOString().replace(/\.\d+Z$/, "Z");
      const updated = await mutate(UPDATE, { input: { id, name: "Moved", scheduledAt: at } });
      expect(updated.result.scheduledPost).toEqual({
        id,
        name: "Moved",
        scheduledAt: at,
        scheduledStatus: "SCHEDULED",
      });
      const past = await mutate(UPDATE, { input: { id, scheduledAt: "2020-01-01T00:00:00Z" } });
      expect(past.result).toMatchObject({
        __typename: "ValidationError",
        violations: [{ field: "scheduledAt" }],
      });
      expect(past.received).toEqual([]);

      const DELETE = `mutation($id: ID!) { deleteScheduledPost(input: { id: $id }) { ${ERROR_FIELDS}
        ... on DeleteScheduledPostPayload { scheduledPost { rawId deleted scheduledStatus } } } }`;
      const deleted = await mutate(DELETE, { id });
      expect(deleted.result.scheduledPost).toMatchObject({
        deleted: true,
        scheduledStatus: "DELETED",
      });
      expect((await mutate(DELETE, { id })).result.__typename).toBe("NotFoundError");
    });
  });

  describe("publishPost and editPost (post-data API)", () => {
    it("publishes as the signed-in user; the payload reads only what the answer lacks", async () => {
      const { result, byEndpoint, received } = await mutate(PUBLISH, {
        input: { text: "Published through the graph", mediaKeyNumbers: [mediaIdOf(PHOTO)] },
      });
      expect(result.__typename).toBe("PublishPostPayload");
      const post = result.post as { rawId: string; editHistoryIds: string[] };
      expect(result.post).toMatchObject({
        text: "Published through the graph",
        editHistoryIds: [post.rawId],
        author: { username: DEMO.user.screenName },
        inReplyTo: null,
        quotedPost: null,
      });
      // The create's answer has id, text and edit history; the author and references are one lookup.
      expect(byEndpoint).toEqual({ "post_data.posts.create": 1, "post_data.posts.lookup": 1 });
      expect(received.map((r) => [r.method, r.path, r.scheme])).toEqual([
        ["POST", "/2/posts", "oauth"],
        ["GET", "/2/posts", "bearer"],
      ]);
      expect(received[1]?.query).toEqual({
        ids: post.rawId,
        "post.fields": "author_id,referenced_tweets",
        expansions: "author_id",
      });
    });

    it("replies to a post whose author mentioned the caller, and quotes", async () => {
      const reply = await mutate(PUBLISH, {
        input: { text: "Thank you!", replyTo: post(FRIEND_POST) },
      });
      expect(reply.result.post).toMatchObject({ inReplyTo: { rawId: FRIEND_POST } });
      const quote = await mutate(PUBLISH, {
        input: { text: "Look at this", quotePostId: post(FRIEND_POST) },
      });
      expect(quote.result.post).toMatchObject({ quotedPost: { rawId: FRIEND_POST } });
    });

    it("returns ReplyNotAllowedError when the author did not summon the caller", async () => {
      const theirs = await mutate(
        PUBLISH,
        { input: { text: "Just my own thoughts." } },
        friendHeaders,
      );
      const target = (theirs.result.post as { rawId: string }).rawId;
      const refused = await mutate(PUBLISH, { input: { text: "Hi!", replyTo: post(target) } });
      expect(refused.result).toMatchObject({
        __typename: "ReplyNotAllowedError",
        code: "FORBIDDEN",
        upstream: { status: 403, codes: ["REPLY_NOT_ALLOWED"] },
      });
      expect(refused.byEndpoint).toEqual({ "post_data.posts.create": 1 });
      // Editing needs premium (the friend has none) and one's own post.
      const notPremium = await mutate(
        EDIT,
        { input: { postId: post(target), text: "edited" } },
        friendHeaders,
      );
      expect(notPremium.result).toMatchObject({
        __typename: "ForbiddenError",
        upstream: { status: 403, codes: ["PREMIUM_REQUIRED"] },
      });
      const notAuthor = await mutate(EDIT, { input: { postId: post(target), text: "edited" } });
      expect(notAuthor.result).toMatchObject({
        __typename: "ForbiddenError",
        upstream: { status: 403, codes: ["NOT_POST_AUTHOR"] },
      });
    });

    it("returns MediaRuleError for media the caller may not use; input rules before sending", async () => {
      const media = await mutate(PUBLISH, {
        input: { text: "x", mediaKeyNumbers: [mediaIdOf(FRIENDS_PHOTO)] },
      });
      expect(media.result).toMatchObject({
        __typename: "MediaRuleError",
        field: "mediaKeyNumbers",
        upstream: { status: 400 },
      });
      const share = await mutate(PUBLISH, { input: { text: "x", shareWithFollowers: true } });
      expect(share.result).toMatchObject({
        __typename: "ValidationError",
        violations: [{ field: "communityRawId", code: "MISSING_PARAMETER" }],
      });
      const badReply = await mutate(PUBLISH, { input: { text: "x", replyTo: post("12ab") } });
      expect(badReply.result).toMatchObject({
        __typename: "ValidationError",
        violations: [{ field: "replyTo" }],
      });
      expect([...share.received, ...badReply.received]).toEqual([]);
    });

    it("edits within the hour, then EditWindowPassedError by ads-api's clock", async () => {
      const original = await mutate(PUBLISH, { input: { text: "Frist draft of a thought" } });
      const firstId = (original.result.post as { rawId: string }).rawId;
      const edited = await mutate(EDIT, {
        input: { postId: post(firstId), text: "First draft of a thought" },
      });
      const edit = edited.result.post as { rawId: string; editHistoryIds: string[] };
      expect(edit.rawId).not.toBe(firstId);
      expect(edit.editHistoryIds).toEqual([firstId, edit.rawId]);
      expect(edited.byEndpoint).toEqual({ "post_data.posts.create": 1 });

      offsetMs = 2 * HOUR;
      try {
        const late = await mutate(EDIT, { input: { postId: post(edit.rawId), text: "Too late" } });
        expect(late.result).toMatchObject({
          __typename: "EditWindowPassedError",
          code: "FORBIDDEN",
          upstream: { status: 403, codes: ["EDIT_WINDOW_PASSED"] },
        });
      } finally {
        offsetMs = 0;
      }
    });
  });
});

describe("post snapshots with a freshness window", () => {
  let stack: Stack;
  let tap: RequestTap;

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      facade: { env: { SNAPSHOT_FRESH_SECONDS_ENTITY: "60" } },
    });
    tap = tapRequests(stack.adsApi);
  });
  afterAll(() => stack.close());

  const lookups = async (query: string, variables: Record<string, unknown>) => {
    const from = tap.requests.length;
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    // Snapshots are written off the response path: wait for them before the next read.
    await stack.facade.services.snapshots.writer.flush();
    return tap.requests.slice(from).filter((r) => r.path === "/2/posts").length;
  };

  it("serves a lookup from its snapshot only for the same fields, never with live counts, and not past a post write", async () => {
    const ids = [postId(1, 1), postId(1, 2)];
    const TEXT = `query($ids: [String!]!) { posts(rawIds: $ids) { text } }`;
    const AUTHOR = `query($ids: [String!]!) { posts(rawIds: $ids) { author { rawId } } }`;
    const METRICS = `query($ids: [String!]!) { posts(rawIds: $ids) { publicMetrics { likeCount } } }`;
    expect(await lookups(TEXT, { ids })).toBe(1);
    expect(await lookups(TEXT, { ids })).toBe(0);
    // Another field list: its own lookup, never the text-only snapshot.
    expect(await lookups(AUTHOR, { ids })).toBe(1);
    expect(await lookups(METRICS, { ids })).toBe(1);
    expect(await lookups(METRICS, { ids })).toBe(1);
    // A post published through the facade voids the lookups read before it.
    await stack.query(`mutation { publishPost(input: { text: "news" }) { __typename } }`);
    await stack.facade.services.snapshots.writer.flush();
    expect(await lookups(TEXT, { ids })).toBe(1);
    expect(await lookups(TEXT, { ids })).toBe(0);
  });
});
