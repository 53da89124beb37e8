import { LIMITS } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, digests, sha256, shareAudience } from "./support/audience-rows.js";
import { bodyOf, errorOf, parametersOf } from "./support/bodies.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

const HASH = sha256("ada@example.com");
const LATER = "2027-06-01T00:00:00Z";

type Operation = { operation_type: "Update" | "Delete"; params: Record<string, unknown> };
const update = (users: unknown[], extra: Record<string, unknown> = {}): Operation => ({
  operation_type: "Update",
  params: { users, ...extra },
});
const remove = (users: unknown[]): Operation => ({ operation_type: "Delete", params: { users } });

describe.each(TEST_ENGINES)("custom audience users on %s (spec §4.8, §7, §8)", (engine) => {
  let server: TestServer;
  const clock = testClock();
  let admin: Actor;
  let accountId: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    admin = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, admin.userId));
  });
  afterAll(() => server.close());

  const pathOf = (audienceId: string, account = accountId) =>
    `/12/accounts/${account}/custom_audiences/${audienceId}/users`;
  const send = (audienceId: string, operations: unknown, actor = admin, account = accountId) =>
    actor.client.post(pathOf(audienceId, account), { json: operations });
  const membersOf = (audienceId: string) =>
    server.ctx.prisma.audienceMember.findMany({
      where: { audienceId },
      orderBy: [{ kind: "asc" }, { value: "asc" }],
    });

  function expectCounts(response: ApiResponse, users: number): void {
    expect(response.status, response.text).toBe(200);
    expect(bodyOf(response).data).toEqual({ success_count: users, total_count: users });
  }

  it("adds hashed users with their times, answers the users sent, and marks the upload", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    const before = clock.now();
    const response = await send(audienceId, [
      update(
        [
          { email: [HASH, sha256("bob@example.com")], phone_number: [sha256("+14155550100")] },
          { partner_user_id: ["crm-42"] },
        ],
        { effective_at: "2026-01-01T00:00:00Z", expires_at: LATER },
      ),
      update([{ device_id: sha256("device-1") }]),
    ]);
    expectCounts(response, 3);
    expect(bodyOf(response)).toEqual({
      request: { params: { account_id: accountId, custom_audience_id: audienceId } },
      data: { success_count: 3, total_count: 3 },
    });
    expect(response.headers.get("x-account-rate-limit-limit")).toBe(
      String(LIMITS.usersBatch.requestsPerWindow),
    );
    const members = await membersOf(audienceId);
    expect(members.map((member) => [member.kind, member.value])).toEqual(
      [
        ["device_id", sha256("device-1")],
        ["email", HASH],
        ["email", sha256("bob@example.com")],
        ["partner_user_id", "crm-42"],
        ["phone_number", sha256("+14155550100")],
      ].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    );
    const ada = members.find((member) => member.value === HASH);
    expect(ada?.effectiveAt?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(ada?.expiresAt?.toISOString()).toBe("2027-06-01T00:00:00.000Z");
    const audience = await server.ctx.prisma.customAudience.findUniqueOrThrow({
      where: { id: audienceId },
    });
    // last_upload_at is the service clock's
    expect(audience.lastUploadAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1);
    expect(audience.lastUploadAt?.getTime()).toBeLessThanOrEqual(clock.now().getTime());
  });

  it("takes the vendor's twitter_id as the user_id it stands for (the Python SDK's wire form)", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    const user = sha256("1400000000000000002");
    // CustomAudience.users() posts json.dumps(params) as it is given: the vendor's kind names
    expectCounts(
      await send(audienceId, [
        {
          operation_type: "Update",
          params: { users: [{ twitter_id: [user] }, { email: [HASH] }] },
        },
      ]),
      2,
    );
    const members = await membersOf(audienceId);
    expect(members.map((member) => [member.kind, member.value])).toEqual([
      ["email", HASH],
      ["user_id", user],
    ]);
    // one member under either name: user_id removes what twitter_id added
    expectCounts(await send(audienceId, [remove([{ user_id: [user] }])]), 1);
    expect((await membersOf(audienceId)).map((member) => member.kind)).toEqual(["email"]);
    const refused = await send(audienceId, [update([{ twitter_id: ["1400000000000000002"] }])]);
    expect(refused.status).toBe(400);
    expect(parametersOf(refused)).toEqual(["operations[0].params.users[0].twitter_id[0]"]);
  });

  it("moves the times of users already there, and Delete removes them", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    clock.advance(24 * 3_600_000); // the service clock a day ahead of the machine's
    expectCounts(await send(audienceId, [update([{ email: [HASH] }])]), 1);
    const [first] = await membersOf(audienceId);
    expectCounts(await send(audienceId, [update([{ email: [HASH] }], { expires_at: LATER })]), 1);
    const [moved] = await membersOf(audienceId);
    expect(moved?.expiresAt?.toISOString()).toBe("2027-06-01T00:00:00.000Z");
    expect(moved?.addedAt).toEqual(first?.addedAt);
    expect(moved?.addedAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000);

    const response = await send(audienceId, [
      remove([{ email: HASH }, { email: [sha256("nobody@example.com")] }]),
    ]);
    expectCounts(response, 2);
    expect(await membersOf(audienceId)).toEqual([]);
  });

  it("applies operations in input order: the last one on a user decides", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    const [a = "", b = ""] = digests(2, "order");
    expectCounts(
      await send(audienceId, [
        update([{ email: [a, b] }]),
        remove([{ email: [a] }]),
        remove([{ email: [b] }]),
        update([{ email: [b] }], { expires_at: LATER }),
      ]),
      4,
    );
    const members = await membersOf(audienceId);
    expect(members.map((member) => [member.value, member.expiresAt?.toISOString()])).toEqual([
      [b, "2027-06-01T00:00:00.000Z"],
    ]);
  });

  it("takes 2,500 operations and refuses 2,501 naming operations, writing nothing", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    const max = LIMITS.usersBatch.operations;
    const hashes = digests(max + 1, "ops");
    const operations = hashes.map((hash) => update([{ email: [hash] }]));
    const refused = await send(audienceId, operations);
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: "TOO_MANY_ITEMS", parameter: "operations" });
    expect(await membersOf(audienceId)).toEqual([]);
    expectCounts(await send(audienceId, operations.slice(0, max)), max);
    expect(await server.ctx.prisma.audienceMember.count({ where: { audienceId } })).toBe(max);
  });

  it("takes a body of about 5,000,000 bytes; a larger one is refused by its size, never read", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    // 67 bytes a digest in a list: 74,000 of them is 4,958,000 bytes of JSON and more.
    const hashes = digests(74_000, "big");
    const operations = [update([{ email: hashes }])];
    const bytes = Buffer.byteLength(JSON.stringify(operations));
    expect(bytes).toBeGreaterThan(4_950_000);
    expect(bytes).toBeLessThanOrEqual(LIMITS.usersBatch.bytes);
    expectCounts(await send(audienceId, operations), 1);
    expect(await server.ctx.prisma.audienceMember.count({ where: { audienceId } })).toBe(74_000);

    // Over 5,000,000 bytes of operations but within the body limit: the catalog's rule.
    const over = [update([{ email: [...hashes, ...digests(1_000, "over")] }])];
    const tooLarge = await send(audienceId, over);
    expect(tooLarge.status).toBe(400);
    expect(errorOf(tooLarge)).toMatchObject({ code: "TOO_LARGE", parameter: "operations" });
    expect(errorOf(tooLarge).message).toContain(`at most ${LIMITS.usersBatch.bytes} bytes`);

    // Far past it: the body is not read at all.
    const huge = [update([{ email: [...hashes, ...digests(20_000, "huge")] }])];
    const refused = await send(audienceId, huge);
    expect(refused.status).toBe(413);
    expect(errorOf(refused).code).toBe("INVALID_BODY");
    expect(errorOf(refused).message).toMatch(/at most 5065536 bytes .*5000000 bytes of JSON/);
    expect(await server.ctx.prisma.audienceMember.count({ where: { audienceId } })).toBe(74_000);
  });

  it("refuses clear text naming where it is, and writes nothing of the batch", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    const response = await send(audienceId, [
      update([{ email: [HASH] }]),
      update([{ email: [sha256("x@example.com")] }, { email: ["grace@example.com"] }]),
    ]);
    expect(response.status).toBe(400);
    expect(parametersOf(response)).toEqual(["operations[1].params.users[1].email[0]"]);
    expect(response.text).not.toContain("grace@example.com");
    expect(await membersOf(audienceId)).toEqual([]);
    const audience = await server.ctx.prisma.customAudience.findUniqueOrThrow({
      where: { id: audienceId },
    });
    expect(audience.lastUploadAt).toBeNull();
  });

  it("writes only audiences the path account may write: own or shared READ_WRITE", async () => {
    const other = await createAccountFor(server.ctx, admin.userId);
    const own = await addAudience(server.ctx, other.accountId);
    const readWrite = await addAudience(server.ctx, accountId);
    const readOnly = await addAudience(server.ctx, accountId);
    const unshared = await addAudience(server.ctx, accountId);
    const deleted = await addAudience(server.ctx, other.accountId, { deleted: true });
    await shareAudience(server.ctx, readWrite, other.accountId, "READ_WRITE");
    await shareAudience(server.ctx, readOnly, other.accountId, "READ_ONLY");
    const batch = [update([{ email: [HASH] }])];
    const as = (audienceId: string) => send(audienceId, batch, admin, other.accountId);

    expectCounts(await as(own), 1);
    expectCounts(await as(readWrite), 1);
    const refused = await as(readOnly);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: "UNAUTHORIZED_ACCESS",
      parameter: "custom_audience_id",
    });
    for (const audienceId of [unshared, deleted, "nosuch1"]) {
      const missing = await as(audienceId);
      expect(missing.status, missing.text).toBe(404);
      expect(errorOf(missing)).toMatchObject({
        code: "NOT_FOUND",
        parameter: "custom_audience_id",
      });
    }
    expect(await membersOf(readOnly)).toEqual([]);
    expect(await membersOf(unshared)).toEqual([]);
    expect((await membersOf(readWrite)).length).toBe(1);
  });

  it("needs audiences:write on the path account and a token that may write", async () => {
    const audienceId = await addAudience(server.ctx, accountId);
    const analyst = await createActor(server.ctx);
    const { accountId: analysed } = await createAccountFor(server.ctx, analyst.userId, [
      "CAMPAIGN_ANALYST",
    ]);
    const own = await addAudience(server.ctx, analysed);
    const batch = [update([{ email: [HASH] }])];
    expect((await send(own, batch, analyst, analysed)).status).toBe(403);
    expect((await send(audienceId, batch, analyst)).status).toBe(403);
    const readOnly = await createActor(server.ctx, { accessType: "read" });
    await grantAccess(server.ctx.prisma, accountId, readOnly.userId, ["ACCOUNT_ADMIN"]);
    const refused = await send(audienceId, batch, readOnly);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe(261);
    expect(await membersOf(audienceId)).toEqual([]);
  });
});
