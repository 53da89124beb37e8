import {
  addMonthsUtc,
  collectionEnvelope,
  doNotReachListSchema,
  formatTimestamp,
} from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, digests, sha256 } from "./support/audience-rows.js";
import { bodyOf, dataOf, errorOf, errorsOf, itemsOf, parametersOf } from "./support/bodies.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const DAY_MS = 24 * 3_600_000;

describe.each(HTTP_TEST_ENGINES)("do-not-reach lists on %s (spec §4.8, §8)", (engine) => {
  let server: TestServer;
  const clock = testClock();
  let admin: Actor;
  let accountId: string;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    admin = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, admin.userId));
    base = `/12/accounts/${accountId}/do_not_reach_lists`;
  });
  afterAll(() => server.close());

  /** A time `days` ahead of the service clock, as the wire writes it. */
  const ahead = (days: number) => formatTimestamp(new Date(clock.now().getTime() + days * DAY_MS));
  const usersPath = (listId: string, account = accountId) =>
    `/12/batch/accounts/${account}/do_not_reach_lists/${listId}/users`;
  const upload = (listId: string, operations: unknown, account = accountId) =>
    admin.client.post(usersPath(listId, account), { json: operations });
  const list = async () =>
    collectionEnvelope(doNotReachListSchema).parse(bodyOf(await admin.client.get(base))).data;
  const create = (description?: string) =>
    admin.client.post(base, { query: description === undefined ? {} : { description } });

  it("has one live list at most: a second create is 409 and writes nothing", async () => {
    expect(await list()).toEqual([]);
    const created = await create("Opted out\nof everything");
    expect(created.status, created.text).toBe(200);
    const made = doNotReachListSchema.parse(dataOf(created));
    expect(made).toMatchObject({
      account_id: accountId,
      description: "Opted out\nof everything",
      user_count: 0,
      deleted: false,
    });
    expect(made.created_at).toBe(made.updated_at);
    expect(await list()).toEqual([made]);

    const before = await server.ctx.prisma.doNotReachList.count();
    const second = await create("Another");
    expect(second.status).toBe(409);
    expect(errorOf(second).code).toBe("DO_NOT_REACH_LIST_EXISTS");
    expect(errorOf(second).message).toContain(made.id);
    expect(await server.ctx.prisma.doNotReachList.count()).toBe(before);

    // Two creates at once: the partial unique index lets one win.
    const { accountId: racing } = await createAccountFor(server.ctx, admin.userId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.client.post(`/12/accounts/${racing}/do_not_reach_lists`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });

  it("deletes softly; a repeat is 404, and a new list may be made after", async () => {
    const [live] = await list();
    if (live === undefined) throw new Error("no live list");
    const deleted = await admin.client.delete(`${base}/${live.id}`);
    expect(dataOf(deleted)).toMatchObject({ id: live.id, deleted: true });
    const again = await admin.client.delete(`${base}/${live.id}`);
    expect(again.status).toBe(404);
    expect(errorOf(again).parameter).toBe("do_not_reach_list_id");
    expect(await list()).toEqual([]);
    const stale = await upload(live.id, [
      {
        operation_type: "Update",
        params: { users: [{ email: [sha256("a@b.c")] }], expires_at: ahead(30) },
      },
    ]);
    expect(stale.status).toBe(404);
    expect(errorOf(stale).parameter).toBe("do_not_reach_list_id");

    const created = await create();
    expect(created.status).toBe(200);
    expect(dataOf(created)).toMatchObject({ description: null, user_count: 0 });
    expect((await list()).map((item) => item.id)).toEqual([dataOf(created).id]);
  });

  it("adds and removes hashed e-mails; expired ones are not counted", async () => {
    const [live] = await list();
    if (live === undefined) throw new Error("no live list");
    const [a = "", b = "", c = ""] = digests(3, "dnr");
    const added = await upload(live.id, [
      { operation_type: "Update", params: { users: [{ email: [a, b] }], expires_at: ahead(2) } },
      {
        operation_type: "Update",
        params: { users: [{ email: [c] }, { email: [a] }], expires_at: ahead(300) },
      },
    ]);
    expect(added.status, added.text).toBe(200);
    expect(bodyOf(added)).toEqual({
      request: { params: { account_id: accountId, do_not_reach_list_id: live.id } },
      data: { success_count: 3, total_count: 3 },
    });
    expect(added.headers.get("x-account-rate-limit-remaining")).not.toBeNull();
    expect((await list())[0]?.user_count).toBe(3);

    const removed = await upload(live.id, [
      { operation_type: "Delete", params: { users: [{ email: [c] }] } },
    ]);
    expect(bodyOf(removed).data).toEqual({ success_count: 1, total_count: 1 });
    expect((await list())[0]?.user_count).toBe(2);

    // b expires in two days by the service clock; a was moved to 300 days ahead.
    clock.advance(3 * DAY_MS);
    expect((await list())[0]?.user_count).toBe(1);
    const rows = await server.ctx.prisma.doNotReachMember.findMany({ where: { listId: live.id } });
    expect(rows.map((row) => row.emailHash).sort()).toEqual([a, b].sort());
  });

  it("refuses expires_at 13 months ahead or missing, effective_at, and other identifiers", async () => {
    const [live] = await list();
    if (live === undefined) throw new Error("no live list");
    const before = await server.ctx.prisma.doNotReachMember.count();
    const user = { email: [sha256("eve@example.com")] };
    // 13 months and a minute: the server's now is a moment after this one
    const limit = formatTimestamp(new Date(addMonthsUtc(clock.now(), 13).getTime() + 60_000));
    const cases = [
      [{ users: [user], expires_at: limit }, "operations[0].params.expires_at", "OUT_OF_RANGE"],
      [{ users: [user] }, "operations[0].params.expires_at", "MISSING_PARAMETER"],
      [
        { users: [user], expires_at: ahead(30), effective_at: ahead(1) },
        "operations[0].params.effective_at",
        "INVALID_PARAMETER",
      ],
      [
        { users: [{ phone_number: [sha256("+14155550100")] }], expires_at: ahead(30) },
        "operations[0].params.users[0].phone_number",
        "UNKNOWN_PARAMETER",
      ],
      [
        { users: [{ email: ["eve@example.com"] }], expires_at: ahead(30) },
        "operations[0].params.users[0].email[0]",
        "INVALID_PARAMETER",
      ],
    ] as const;
    for (const [params, parameter, code] of cases) {
      const response = await upload(live.id, [{ operation_type: "Update", params }]);
      expect(response.status, response.text).toBe(400);
      expect(errorsOf(response)).toContainEqual(expect.objectContaining({ parameter, code }));
      expect(response.text).not.toContain("eve@example.com");
    }
    // just under 13 months is fine
    const under = formatTimestamp(new Date(addMonthsUtc(clock.now(), 13).getTime() - 60_000));
    const ok = await upload(live.id, [
      { operation_type: "Update", params: { users: [user], expires_at: under } },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(await server.ctx.prisma.doNotReachMember.count()).toBe(before + 1);
  });

  it("takes only the path account's live list", async () => {
    const [live] = await list();
    if (live === undefined) throw new Error("no live list");
    const other = await createAccountFor(server.ctx, admin.userId);
    const batch = [
      {
        operation_type: "Update",
        params: { users: [{ email: [sha256("x@y.z")] }], expires_at: ahead(5) },
      },
    ];
    for (const [listId, account] of [
      [live.id, other.accountId],
      ["nosuch1", accountId],
    ] as const) {
      const response = await upload(listId, batch, account);
      expect(response.status).toBe(404);
      expect(parametersOf(response)).toEqual(["do_not_reach_list_id"]);
    }
    const stranger = await createActor(server.ctx);
    const refused = await stranger.client.post(usersPath(live.id), { json: batch });
    expect(refused.status).toBe(403);
    const otherList = await admin.client.delete(
      `/12/accounts/${other.accountId}/do_not_reach_lists/${live.id}`,
    );
    expect(otherList.status).toBe(404);
  });

  it("excludes users without touching any custom audience", async () => {
    const [live] = await list();
    if (live === undefined) throw new Error("no live list");
    const audienceId = await addAudience(server.ctx, accountId);
    const hashes = digests(4, "both");
    const audienceUpload = await admin.client.post(
      `/12/accounts/${accountId}/custom_audiences/${audienceId}/users`,
      { json: [{ operation_type: "Update", params: { users: [{ email: hashes }] } }] },
    );
    expect(audienceUpload.status).toBe(200);
    const audienceBefore = await server.ctx.prisma.customAudience.findUniqueOrThrow({
      where: { id: audienceId },
    });
    const response = await upload(live.id, [
      { operation_type: "Update", params: { users: [{ email: hashes }], expires_at: ahead(60) } },
    ]);
    expect(response.status).toBe(200);
    expect(await server.ctx.prisma.audienceMember.count({ where: { audienceId } })).toBe(4);
    expect(
      await server.ctx.prisma.customAudience.findUniqueOrThrow({ where: { id: audienceId } }),
    ).toEqual(audienceBefore);
    expect(itemsOf(await admin.client.get(base))[0]?.user_count).toBeGreaterThanOrEqual(4);
  });
});
