import { DEMO } from "@adsgraph/ads-api";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";
import { present } from "./support/present.js";

// Issue 33: the account's media library, drafts and scheduled posts as connections of their
// own (ads-api's lists beyond the spec), and their creates (and the library's update), against
// the real ads-api.

const A = DEMO.accounts[0].id;
const GA = globalId("Account", A);
const DAY_MS = 86_400_000;
const ERROR_FIELDS = `__typename ... on Error { code message }
  ... on ValidationError { violations { field code parameter } }`;

interface Node {
  id: string;
  [field: string]: unknown;
}
interface Connection {
  nodes: Node[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describe.each(HTTP_TEST_ENGINES)("media library, drafts and scheduled posts on %s", (engine) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ engine, measureUpstream: true });
  });
  afterAll(() => stack.close());

  /** Runs an operation; its data and the upstream requests it took, by endpoint. */
  async function run(query: string, variables: Record<string, unknown> = {}) {
    const body = await stack.query(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return {
      data: present(body.data as Record<string, unknown>, "data"),
      byEndpoint: body.extensions?.upstream?.byEndpoint ?? {},
    };
  }
  const accountField = async (selection: string, variables: Record<string, unknown> = {}) => {
    const { data, byEndpoint } = await run(
      `query($a: String!${"after" in variables ? ", $after: String" : ""}) { account(rawId: $a) { ${selection} } }`,
      { a: A, ...variables },
    );
    return { account: data.account as Record<string, Connection>, byEndpoint };
  };

  it("lists the media library a page at a time, by kind, each object a node cards name too", async () => {
    const first = await accountField(
      `mediaLibrary(first: 2) { nodes { id mediaKey mediaType width account { rawId } }
        pageInfo { hasNextPage endCursor } }`,
    );
    const page = present(first.account.mediaLibrary, "mediaLibrary");
    expect(page.nodes).toHaveLength(2);
    expect(page.nodes[0]).toMatchObject({ account: { rawId: A } });
    // One page, one request (the account itself aside).
    expect(first.byEndpoint).toMatchObject({ "media_library.list": 1 });
    const next = await accountField(
      `mediaLibrary(first: 50, after: $after) { nodes { id mediaKey } pageInfo { hasNextPage } }`,
      { after: page.pageInfo.endCursor },
    );
    const rest = present(next.account.mediaLibrary, "mediaLibrary");
    const keys = [...page.nodes, ...rest.nodes].map((node) => node.mediaKey);
    expect(new Set(keys).size).toBe(keys.length);
    const videos = await accountField(
      `mediaLibrary(first: 50, mediaType: VIDEO) { nodes { mediaType } }`,
    );
    const kinds = present(videos.account.mediaLibrary, "mediaLibrary").nodes.map(
      (n) => n.mediaType,
    );
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(["VIDEO"]));
    // A card's media item is the library's object: the same id, read whole through node.
    const cards = await accountField(
      `cards(first: 50) { nodes { ... on GenericCard { media { id mediaKey } } } }`,
    );
    const cardMedia = present(cards.account.cards, "cards").nodes.flatMap(
      (card) => (card.media as Node[] | undefined) ?? [],
    );
    const item = present(cardMedia[0], "a card's media");
    const { data } = await run(
      `query($id: ID!) { node(id: $id) { ... on MediaLibraryObject { mediaKey name createdAt } } }`,
      { id: item.id },
    );
    expect(data.node).toMatchObject({
      mediaKey: item.mediaKey,
      name: expect.any(String) as unknown,
    });
  });

  it("adds an upload to the library and shows it first", async () => {
    const { prisma } = stack.adsApi.server.ctx;
    const key = "13_1400000000000991234";
    await prisma.mediaUpload.create({
      data: {
        mediaKey: key,
        mediaType: "VIDEO",
        width: 1920,
        height: 1080,
        durationMs: 9000,
        ownerUserId: DEMO.user.id,
      },
    });
    const ADD = `mutation($input: AddMediaLibraryObjectInput!) { addMediaLibraryObject(input: $input) {
      ${ERROR_FIELDS} ... on AddMediaLibraryObjectPayload { mediaLibraryObject { id mediaKey name title duration } } } }`;
    const added = await run(ADD, {
      input: { accountId: GA, mediaKey: key, name: "Launch film", title: "Launch" },
    });
    const payload = present(added.data.addMediaLibraryObject as Record<string, Node>, "payload");
    expect(payload.mediaLibraryObject).toEqual({
      id: globalId("MediaLibraryObject", key, A),
      mediaKey: key,
      name: "Launch film",
      title: "Launch",
      duration: 9000,
    });
    expect(added.byEndpoint).toEqual({ "media_library.create": 1 });
    const listed = await accountField(`mediaLibrary(first: 1, q: "LAUNCH") { nodes { mediaKey } }`);
    expect(present(listed.account.mediaLibrary, "mediaLibrary").nodes).toEqual([{ mediaKey: key }]);
    // A key added already: refused, naming the input field.
    const again = await run(ADD, { input: { accountId: GA, mediaKey: key } });
    expect(again.data.addMediaLibraryObject).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "mediaKey", code: "INVALID_PARAMETER" }],
    });
  });

  it("updates a library object by its id: names, and a video's poster from the library", async () => {
    const library = await accountField(
      `mediaLibrary(first: 50) { nodes { id mediaKey mediaType } }`,
    );
    const nodes = present(library.account.mediaLibrary, "mediaLibrary").nodes;
    const video = present(
      nodes.find((node) => node.mediaType === "VIDEO"),
      "a video",
    );
    const image = present(
      nodes.find((node) => node.mediaType === "IMAGE"),
      "an image",
    );
    const UPDATE = `mutation($input: UpdateMediaLibraryObjectInput!) { updateMediaLibraryObject(input: $input) {
      ${ERROR_FIELDS} ... on UpdateMediaLibraryObjectPayload { mediaLibraryObject { id name title posterMediaKey } } } }`;
    const updated = await run(UPDATE, {
      input: { id: video.id, name: "Renamed in the graph", posterMediaKey: image.mediaKey },
    });
    expect(updated.data.updateMediaLibraryObject).toEqual({
      __typename: "UpdateMediaLibraryObjectPayload",
      mediaLibraryObject: {
        id: video.id,
        name: "Renamed in the graph",
        title: expect.any(String) as unknown,
        posterMediaKey: image.mediaKey,
      },
    });
    expect(updated.byEndpoint).toEqual({ "media_library.update": 1 });
    // The library read next shows the change (no cached page stands in for it).
    const renamed = await accountField(
      `mediaLibrary(first: 50, q: "renamed in the graph") { nodes { id } }`,
    );
    expect(present(renamed.account.mediaLibrary, "mediaLibrary").nodes).toEqual([{ id: video.id }]);
    // A poster is an image of the library, and only a video has one: refused naming the field.
    for (const input of [
      { id: video.id, posterMediaKey: video.mediaKey },
      { id: image.id, posterMediaKey: image.mediaKey },
    ]) {
      const refused = await run(UPDATE, { input });
      expect(refused.data.updateMediaLibraryObject).toMatchObject({
        __typename: "ValidationError",
        violations: [{ field: "posterMediaKey", code: "INVALID_PARAMETER" }],
      });
    }
    const missing = await run(UPDATE, {
      input: { id: globalId("MediaLibraryObject", "3_1", A), name: "Nobody" },
    });
    expect(missing.data.updateMediaLibraryObject).toMatchObject({ __typename: "NotFoundError" });
  });

  it("creates a draft and lists the account's drafts, newest first", async () => {
    const created = await run(
      `mutation($input: CreateDraftInput!) { createDraft(input: $input) { ${ERROR_FIELDS}
        ... on CreateDraftPayload { draft { id text name nullcast author { rawId } } } } }`,
      {
        input: {
          accountId: GA,
          asUserId: globalId("User", DEMO.user.id),
          text: "Drafted in the graph",
          name: "Graph draft",
        },
      },
    );
    const draft = present(
      (created.data.createDraft as Record<string, Node>).draft,
      "the created draft",
    );
    expect(draft).toMatchObject({
      text: "Drafted in the graph",
      name: "Graph draft",
      nullcast: true,
      author: { rawId: DEMO.user.id },
    });
    expect(created.byEndpoint).toEqual({ "draft_posts.create": 1 });
    const listed = await accountField(`drafts(first: 2) { nodes { id text } }`);
    expect(present(listed.account.drafts, "drafts").nodes[0]).toEqual({
      id: draft.id,
      text: "Drafted in the graph",
    });
    expect(listed.byEndpoint).toMatchObject({ "draft_posts.list": 1 });
    // The list's draft is the one `Account.draft(id:)` and `node` read.
    const { data } = await run(`query($id: ID!) { node(id: $id) { ... on Draft { text } } }`, {
      id: draft.id,
    });
    expect(data.node).toEqual({ text: "Drafted in the graph" });
  });

  it("schedules a post and lists the waiting ones; a time not ahead is refused naming it", async () => {
    const at = new Date(Date.now() + 30 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
    const CREATE = `mutation($input: CreateScheduledPostInput!) { createScheduledPost(input: $input) {
      ${ERROR_FIELDS} ... on CreateScheduledPostPayload { scheduledPost { id text scheduledAt scheduledStatus } } } }`;
    const input = { accountId: GA, asUserId: globalId("User", DEMO.user.id), text: "Later" };
    const created = await run(CREATE, { input: { ...input, scheduledAt: at } });
    const scheduled = present(
      (created.data.createScheduledPost as Record<string, Node>).scheduledPost,
      "the scheduled post",
    );
    expect(scheduled).toMatchObject({
      text: "Later",
      scheduledAt: at,
      scheduledStatus: "SCHEDULED",
    });
    const listed = await accountField(`scheduledPosts(first: 50) { nodes { id } }`);
    expect(present(listed.account.scheduledPosts, "scheduledPosts").nodes).toContainEqual({
      id: scheduled.id,
    });
    const past = await run(CREATE, { input: { ...input, scheduledAt: "2020-01-01T00:00:00Z" } });
    expect(past.data.createScheduledPost).toMatchObject({
      __typename: "ValidationError",
      violations: [{ field: "scheduledAt" }],
    });
  });
});
