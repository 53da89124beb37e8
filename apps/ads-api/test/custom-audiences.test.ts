import { customAudienceSchema, getEndpoint, singleEnvelope } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAdsId } from "../src/db/ids.js";
import { ConflictError } from "../src/errors.js";
import { withAudienceWriter } from "../src/services/custom-audience-writes.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, addMembers, setAccount } from "./support/audiences.js";
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
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Any string (ids and times made by the server). */
const ANY_TEXT: unknown = expect.any(String);
const listSchema = getEndpoint("custom_audiences.list").response.schema;
const singleSchema = singleEnvelope(customAudienceSchema);
const MINUTE = 60_000;

describe.each(TEST_ENGINES)("custom audiences on %s (spec §4.8, §2.10, §3)", (engine) => {
  let server: TestServer;
  const clock = testClock();
  let admin: Actor;
  /** A owns audiences; B shares A's business; C is of another business. */
  let A: string;
  let B: string;
  let C: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    admin = await createActor(server.ctx);
    A = (await createAccountFor(server.ctx, admin.userId)).accountId;
    B = (await createAccountFor(server.ctx, admin.userId)).accountId;
    C = (await createAccountFor(server.ctx, admin.userId)).accountId;
    await setAccount(server.ctx, A, "biz1");
    await setAccount(server.ctx, B, "biz1");
    await setAccount(server.ctx, C, "biz2");
  });
  afterAll(() => server.close());

  const audiences = (account: string) => `/12/accounts/${account}/custom_audiences`;
  const create = (account: string, query: Record<string, string>) =>
    admin.client.post(audiences(account), { query });
  const share = async (audienceId: string, granted: string, level: string) => {
    const response = await admin.client.post(`${audiences(A)}/${audienceId}/permissions`, {
      query: { granted_account_id: granted, permission_level: level },
    });
    expect(response.status, response.text).toBe(200);
    return idOf(response);
  };

  it("creates a CRM audience with every §2.10 field; name is required", async () => {
    const created = await create(A, { name: "Subscribers", description: "From the\nnewsletter" });
    expect(created.status, created.text).toBe(200);
    expect(bodyOf(created).data_type).toBe("custom_audience");
    const audience = singleSchema.parse(bodyOf(created)).data;
    expect(audience).toEqual({
      id: ANY_TEXT,
      name: "Subscribers",
      description: "From the\nnewsletter",
      audience_type: "CRM",
      targetable: false,
      targetable_types: ["CRM", "EXCLUDED_CRM"],
      reasons_not_targetable: ["TOO_SMALL"],
      list_type: null,
      audience_size: null,
      permission_level: "READ_WRITE",
      owner_account_id: A,
      is_owner: true,
      partner_source: "OTHER",
      created_at: ANY_TEXT,
      updated_at: ANY_TEXT,
      deleted: false,
    });
    expect(dataOf(await admin.client.get(`${audiences(A)}/${audience.id}`))).toEqual(
      dataOf(created),
    );
    const nameless = await create(A, { description: "x" });
    expect(nameless.status).toBe(400);
    expect(errorOf(nameless)).toMatchObject({ code: "MISSING_PARAMETER", parameter: "name" });
  });

  it("keeps names unique among the account's live audiences: 409 DUPLICATE_NAME on create and update; a deleted audience frees its name", async () => {
    const first = idOf(await create(A, { name: "Unique one" }));
    const again = await create(A, { name: "Unique one" });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: "DUPLICATE_NAME", parameter: "name" });
    // Another account may use the name: names are unique per owning account.
    expect((await create(B, { name: "Unique one" })).status).toBe(200);

    const second = idOf(await create(A, { name: "Unique two" }));
    const renamed = await admin.client.put(`${audiences(A)}/${second}`, {
      query: { name: "Unique one" },
    });
    expect(renamed.status).toBe(409);
    expect(errorOf(renamed)).toMatchObject({ code: "DUPLICATE_NAME", parameter: "name" });
    // Its own name again is no conflict.
    const same = await admin.client.put(`${audiences(A)}/${second}`, {
      query: { name: "Unique two", description: "kept" },
    });
    expect(dataOf(same)).toMatchObject({ name: "Unique two", description: "kept" });

    expect((await admin.client.delete(`${audiences(A)}/${first}`)).status).toBe(200);
    expect((await create(A, { name: "Unique one" })).status).toBe(200);
    expect(
      dataOf(await admin.client.put(`${audiences(A)}/${second}`, { query: { name: "Free" } })),
    ).toMatchObject({ name: "Free" });
  });

  it("answers one 200 and one 409 to two creates of one name at once", async () => {
    const answers = await Promise.all([
      create(A, { name: "Raced" }),
      create(A, { name: "Raced" }),
      create(A, { name: "Raced" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(
      await server.ctx.prisma.customAudience.count({
        where: { accountId: A, name: "Raced", deleted: false },
      }),
    ).toBe(1);
  });

  it("answers 409 when the live-name index refuses a writer that skipped the check", async () => {
    await create(A, { name: "Indexed" });
    const write = withAudienceWriter(server.ctx, (writer) =>
      writer.tx.customAudience.create({
        data: { id: newAdsId(), accountId: A, name: "Indexed", audienceType: "CRM" },
      }),
    );
    await expect(write).rejects.toBeInstanceOf(ConflictError);
    await expect(write).rejects.toMatchObject({
      status: 409,
      errors: [{ code: "DUPLICATE_NAME", parameter: "name" }],
    });
  });

  it("updates name and description (is_owner on the answer); a FLEXIBLE audience is immutable", async () => {
    const id = idOf(await create(A, { name: "To rename" }));
    const updated = await admin.client.put(`${audiences(A)}/${id}`, {
      query: { name: "Renamed", description: "Now described" },
    });
    expect(updated.status).toBe(200);
    expect(singleSchema.parse(bodyOf(updated)).data).toMatchObject({
      id,
      name: "Renamed",
      description: "Now described",
      is_owner: true,
      owner_account_id: A,
    });
    const flexible = await addAudience(server.ctx, A, { audienceType: "FLEXIBLE" });
    const refused = await admin.client.put(`${audiences(A)}/${flexible}`, {
      query: { description: "no" },
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: "AUDIENCE_IMMUTABLE",
      parameter: "custom_audience_id",
    });
    const stored = await server.ctx.prisma.customAudience.findUniqueOrThrow({
      where: { id: flexible },
    });
    expect(stored.description).toBeNull();
  });

  it("lets a READ_WRITE grantee update a shared audience (is_owner false), not a READ_ONLY one; only the owner deletes", async () => {
    const writable = idOf(await create(A, { name: "Shared RW" }));
    const readable = idOf(await create(A, { name: "Shared RO" }));
    await share(writable, B, "READ_WRITE");
    await share(readable, B, "READ_ONLY");

    const byGrantee = await admin.client.put(`${audiences(B)}/${writable}`, {
      query: { description: "edited by B" },
    });
    expect(byGrantee.status, byGrantee.text).toBe(200);
    expect(dataOf(byGrantee)).toMatchObject({
      is_owner: false,
      owner_account_id: A,
      permission_level: "READ_WRITE",
      description: "edited by B",
    });
    // The name stays unique among the owner's audiences, whoever renames it.
    const clash = await admin.client.put(`${audiences(B)}/${writable}`, {
      query: { name: "Shared RO" },
    });
    expect(clash.status).toBe(409);

    const readOnly = await admin.client.put(`${audiences(B)}/${readable}`, {
      query: { description: "no" },
    });
    expect(readOnly.status).toBe(403);
    expect(errorOf(readOnly).code).toBe("UNAUTHORIZED_ACCESS");

    for (const id of [writable, readable]) {
      const deleted = await admin.client.delete(`${audiences(B)}/${id}`);
      expect(deleted.status).toBe(403);
      expect(errorOf(deleted)).toMatchObject({
        code: "NOT_AUDIENCE_OWNER",
        parameter: "custom_audience_id",
      });
    }
    // An account that neither owns it nor was granted it learns nothing of it.
    for (const response of [
      await admin.client.get(`${audiences(C)}/${writable}`),
      await admin.client.put(`${audiences(C)}/${writable}`, { query: { name: "x" } }),
      await admin.client.delete(`${audiences(C)}/${writable}`),
    ]) {
      expect(response.status).toBe(404);
      expect(errorOf(response)).toMatchObject({
        code: "NOT_FOUND",
        parameter: "custom_audience_id",
      });
    }
  });

  it("deletes softly: deleted=true, then 404 on a second delete and on reads; with_deleted lists it", async () => {
    const id = idOf(await create(A, { name: "Short lived" }));
    const deleted = await admin.client.delete(`${audiences(A)}/${id}`);
    expect(singleSchema.parse(bodyOf(deleted)).data).toMatchObject({ id, deleted: true });
    expect((await admin.client.delete(`${audiences(A)}/${id}`)).status).toBe(404);
    expect((await admin.client.get(`${audiences(A)}/${id}`)).status).toBe(404);
    expect(idsOf(await admin.client.get(audiences(A), { count: 1000 }))).not.toContain(id);
    expect(
      idsOf(await admin.client.get(audiences(A), { count: 1000, with_deleted: true })),
    ).toContain(id);
  });

  it("lists the account's own audiences and those shared with it; a revoked share leaves the list", async () => {
    const D = (await createAccountFor(server.ctx, admin.userId)).accountId;
    await setAccount(server.ctx, D, "biz1");
    const own = idOf(await create(D, { name: "D's own" }));
    const shared = idOf(await create(A, { name: "For D" }));
    const grant = await share(shared, D, "READ_ONLY");
    await addAudience(server.ctx, A, { name: "Not for D" });

    const list = await admin.client.get(audiences(D));
    const parsed = listSchema.parse(bodyOf(list));
    expect(bodyOf(list).data_type).toBe("custom_audience");
    expect(parsed.data.map((item) => [item.id, item.is_owner, item.permission_level])).toEqual([
      [own, true, "READ_WRITE"],
      [shared, false, "READ_ONLY"],
    ]);
    expect(parsed.data[1]?.owner_account_id).toBe(A);
    expect(dataOf(await admin.client.get(`${audiences(D)}/${shared}`))).toMatchObject({
      is_owner: false,
      permission_level: "READ_ONLY",
    });

    await admin.client.delete(`${audiences(A)}/${shared}/permissions/${grant}`);
    expect(idsOf(await admin.client.get(audiences(D)))).toEqual([own]);
    expect((await admin.client.get(`${audiences(D)}/${shared}`)).status).toBe(404);
  });

  it("derives audience_size (null under 100), TOO_SMALL, PROCESSING for 5 minutes after an upload and list_type", async () => {
    const read = async (id: string) => dataOf(await admin.client.get(`${audiences(A)}/${id}`));
    const small = await addAudience(server.ctx, A, { members: 99 });
    expect(await read(small)).toMatchObject({
      audience_size: null,
      targetable: false,
      reasons_not_targetable: ["TOO_SMALL"],
      list_type: "EMAIL",
    });
    await addMembers(server.ctx, small, 1);
    expect(await read(small)).toMatchObject({
      audience_size: 100,
      targetable: true,
      reasons_not_targetable: [],
    });
    // Members not yet effective or already expired are not counted.
    await addMembers(server.ctx, small, 5, "email", {
      expiresAt: new Date(clock.now().getTime() - MINUTE),
    });
    await addMembers(server.ctx, small, 5, "email", {
      effectiveAt: new Date(clock.now().getTime() + 10 * MINUTE),
    });
    expect((await read(small)).audience_size).toBe(100);

    const devices = await addAudience(server.ctx, A, {
      audienceType: "MOBILE_AUDIENCE",
      members: 150,
      kind: "device_id",
      lastUploadAt: clock.now(),
    });
    expect(await read(devices)).toMatchObject({
      audience_type: "MOBILE_AUDIENCE",
      audience_size: 150,
      targetable: false,
      reasons_not_targetable: ["PROCESSING"],
      list_type: "DEVICE_ID",
    });
    clock.advance(5 * MINUTE - 1000);
    expect((await read(devices)).reasons_not_targetable).toEqual(["PROCESSING"]);
    clock.advance(1000);
    expect(await read(devices)).toMatchObject({ targetable: true, reasons_not_targetable: [] });
    await addMembers(server.ctx, devices, 1, "email");
    expect((await read(devices)).list_type).toBeNull();
  });

  it("sorts by every sortable attribute, audience_size among them (nulls last), and pages with cursors", async () => {
    const E = (await createAccountFor(server.ctx, admin.userId)).accountId;
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const sizes = [150, 0, 120, 99, 300, 120];
    const ids: string[] = [];
    for (const [index, members] of sizes.entries()) {
      ids.push(
        await addAudience(server.ctx, E, {
          name: `Sized ${String.fromCharCode(70 - index)}`,
          members,
          createdAt: at(index),
        }),
      );
    }
    const shown = (id: string) => {
      const size = sizes[ids.indexOf(id)] ?? 0;
      return size >= 100 ? size : null;
    };
    const collect = async (sort_by: string) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await admin.client.get(audiences(E), { count: 2, sort_by, cursor });
        expect(page.status, page.text).toBe(200);
        expect(itemsOf(page).length).toBeLessThanOrEqual(2);
        seen.push(...idsOf(page));
        cursor = cursorOf(page);
      } while (cursor !== undefined);
      return seen;
    };
    const bySize = (direction: 1 | -1) =>
      [...ids].sort((a, b) => {
        const x = shown(a);
        const y = shown(b);
        if (x === null || y === null) {
          if (x === y) return direction * (a < b ? -1 : 1);
          return x === null ? 1 : -1;
        }
        return x === y ? direction * (a < b ? -1 : 1) : direction * (x - y);
      });
    expect(await collect("audience_size-asc")).toEqual(bySize(1));
    expect(await collect("audience_size-desc")).toEqual(bySize(-1));
    expect(await collect("created_at-asc")).toEqual(ids);
    expect(await collect("name-asc")).toEqual([...ids].reverse());
    expect(await collect("id-desc")).toEqual([...ids].sort().reverse());
    expect((await collect("audience_type-asc")).length).toBe(ids.length);
    expect((await collect("updated_at-desc")).length).toBe(ids.length);

    const some = await admin.client.get(audiences(E), {
      custom_audience_ids: [ids[4], ids[1], "nosuch1"].join(","),
      sort_by: "audience_size-desc",
      with_total_count: true,
    });
    expect(idsOf(some)).toEqual([ids[4], ids[1]]);
    expect(bodyOf(some).total_count).toBe(2);
    expect(bodyOf(some).next_cursor).toBeNull();
    const counted = await admin.client.get(audiences(E), { with_total_count: true, count: 1 });
    expect(bodyOf(counted).total_count).toBe(ids.length);

    // A cursor of one sort does not continue another.
    const first = await admin.client.get(audiences(E), { count: 2, sort_by: "audience_size-asc" });
    const mixed = await admin.client.get(audiences(E), {
      count: 2,
      sort_by: "name-asc",
      cursor: cursorOf(first),
    });
    expect(mixed.status).toBe(400);
    expect(parametersOf(mixed)).toEqual(["cursor"]);
  });
});
