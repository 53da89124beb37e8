import { AUDIENCE_FEATURES, getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, setAccount } from "./support/audiences.js";
import { addLineItems } from "./support/line-item-rows.js";
import { bodyOf, cursorOf, dataOf, errorOf, idOf, idsOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Any string (ids and times made by the server). */
const ANY_TEXT: unknown = expect.any(String);
const customList = getEndpoint("custom_audiences.permissions.list").response.schema;
const tailoredList = getEndpoint("tailored_audiences.permissions.list").response.schema;
const OUTSIDE = AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS;

describe.each(HTTP_TEST_ENGINES)("audience permissions on %s (spec §4.8, §2.10)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  /** O owns; S is of O's business; X and Y of other businesses; Z of none. */
  let O: string;
  let S: string;
  let X: string;
  let Y: string;
  let Z: string;
  let sFunding: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    const account = async () => createAccountFor(server.ctx, admin.userId);
    O = (await account()).accountId;
    const s = await account();
    S = s.accountId;
    sFunding = s.fundingInstrumentId;
    X = (await account()).accountId;
    Y = (await account()).accountId;
    Z = (await account()).accountId;
    await setAccount(server.ctx, O, "biz1");
    await setAccount(server.ctx, S, "biz1");
    await setAccount(server.ctx, X, "biz2");
    await setAccount(server.ctx, Y, "biz3");
    await setAccount(server.ctx, Z, null);
  });
  afterAll(() => server.close());

  const custom = (account: string, audience: string) =>
    `/12/accounts/${account}/custom_audiences/${audience}/permissions`;
  const tailored = (account: string, audience: string) =>
    `/5/accounts/${account}/tailored_audiences/${audience}/permissions`;
  const grant = (path: string, granted: string, level = "READ_ONLY") =>
    admin.client.post(path, { query: { granted_account_id: granted, permission_level: level } });

  it("shares inside one business, and outside it only with SHARE_AUDIENCE_OUTSIDE_BUSINESS", async () => {
    const audience = await addAudience(server.ctx, O);
    const inside = await grant(custom(O, audience), S);
    expect(inside.status, inside.text).toBe(200);
    expect(bodyOf(inside).data_type).toBe("custom_audience_permission");
    expect(dataOf(inside)).toEqual({
      id: ANY_TEXT,
      custom_audience_id: audience,
      granted_account_id: S,
      permission_level: "READ_ONLY",
      created_at: ANY_TEXT,
      updated_at: ANY_TEXT,
      deleted: false,
    });
    for (const outsider of [X, Z]) {
      const refused = await grant(custom(O, audience), outsider);
      expect(refused.status).toBe(403);
      expect(errorOf(refused)).toMatchObject({
        code: "SHARING_NOT_ALLOWED",
        parameter: "granted_account_id",
      });
    }
    // Two accounts without a business are not of one business.
    const W = (await createAccountFor(server.ctx, admin.userId)).accountId;
    await setAccount(server.ctx, W, null);
    const loner = await addAudience(server.ctx, Z);
    expect(errorOf(await grant(custom(Z, loner), W)).code).toBe("SHARING_NOT_ALLOWED");
    expect(
      await server.ctx.prisma.audiencePermission.count({ where: { audienceId: audience } }),
    ).toBe(1);

    await setAccount(server.ctx, O, "biz1", [OUTSIDE]);
    const outside = await grant(tailored(O, audience), X, "READ_WRITE");
    expect(outside.status, outside.text).toBe(200);
    expect(bodyOf(outside).data_type).toBe("tailored_audience_permission");
    expect(dataOf(outside)).toMatchObject({
      tailored_audience_id: audience,
      granted_account_id: X,
      permission_level: "READ_WRITE",
    });
    expect(dataOf(outside)).not.toHaveProperty("custom_audience_id");
    expect((await grant(custom(O, audience), Z)).status).toBe(200);
    await setAccount(server.ctx, O, "biz1");
  });

  it("lets only the owning account grant and revoke; the granted account must exist and not be the owner", async () => {
    const audience = await addAudience(server.ctx, O);
    const shared = idOf(await grant(custom(O, audience), S, "READ_WRITE"));
    for (const response of [
      await grant(custom(S, audience), O),
      await grant(tailored(S, audience), O),
      await admin.client.delete(`${custom(S, audience)}/${shared}`),
      await admin.client.delete(`${tailored(S, audience)}/${shared}`),
    ]) {
      expect(response.status).toBe(403);
      expect(errorOf(response).code).toBe("NOT_AUDIENCE_OWNER");
    }
    const unknown = await grant(custom(O, audience), "nosuch1");
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      code: "INVALID_PARAMETER",
      parameter: "granted_account_id",
    });
    const self = await grant(custom(O, audience), O);
    expect(self.status).toBe(400);
    expect(errorOf(self).parameter).toBe("granted_account_id");
    // An account that cannot see the audience learns nothing of it.
    const stranger = await grant(custom(X, audience), S);
    expect(stranger.status).toBe(404);
    expect(errorOf(stranger).parameter).toBe("custom_audience_id");
    expect(errorOf(await grant(tailored(X, audience), S)).parameter).toBe("tailored_audience_id");
    const deleted = await addAudience(server.ctx, O, { deleted: true });
    expect((await grant(custom(O, deleted), S)).status).toBe(404);
  });

  it("changes the level of a live grant when the same account is granted again (one live grant per account)", async () => {
    const audience = await addAudience(server.ctx, O);
    const first = await grant(custom(O, audience), S, "READ_ONLY");
    const again = await grant(tailored(O, audience), S, "READ_ONLY");
    expect(dataOf(again)).toEqual({
      ...dataOf(first),
      tailored_audience_id: audience,
      custom_audience_id: undefined,
    });
    const raised = await grant(custom(O, audience), S, "READ_WRITE");
    expect(dataOf(raised)).toMatchObject({ id: idOf(first), permission_level: "READ_WRITE" });
    expect(idsOf(await admin.client.get(custom(O, audience)))).toEqual([idOf(first)]);
    const concurrent = await Promise.all([
      grant(custom(O, audience), Y),
      grant(custom(O, audience), Y),
    ]);
    expect(concurrent.map((response) => response.status)).toEqual([403, 403]);
    await setAccount(server.ctx, O, "biz1", [OUTSIDE]);
    const both = await Promise.all([grant(custom(O, audience), Y), grant(custom(O, audience), Y)]);
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    expect(new Set(both.map((response) => idOf(response))).size).toBe(1);
    await setAccount(server.ctx, O, "biz1");
  });

  it("lists every live grant to the owner and only its own to a grantee, with filters, paging, sort and total", async () => {
    await setAccount(server.ctx, O, "biz1", [OUTSIDE]);
    const audience = await addAudience(server.ctx, O);
    const ids: Record<string, string> = {};
    for (const [account, level] of [
      [S, "READ_ONLY"],
      [X, "READ_WRITE"],
      [Y, "READ_ONLY"],
    ] as const) {
      ids[account] = idOf(await grant(custom(O, audience), account, level));
    }
    await setAccount(server.ctx, O, "biz1");
    const owner = customList.parse(
      bodyOf(await admin.client.get(custom(O, audience), { with_total_count: true })),
    );
    expect(owner.data.map((item) => item.granted_account_id)).toEqual([S, X, Y]);
    expect(owner.total_count).toBe(3);
    const viaV5 = tailoredList.parse(bodyOf(await admin.client.get(tailored(O, audience))));
    expect(viaV5.data.map((item) => item.tailored_audience_id)).toEqual([
      audience,
      audience,
      audience,
    ]);
    expect(
      idsOf(await admin.client.get(custom(O, audience), { granted_account_ids: `${Y},${S}` })),
    ).toEqual([ids[S], ids[Y]]);
    expect(
      idsOf(
        await admin.client.get(tailored(O, audience), {
          tailored_audience_permission_ids: ids[X] ?? "",
        }),
      ),
    ).toEqual([ids[X]]);
    expect(
      idsOf(
        await admin.client.get(custom(O, audience), {
          custom_audience_permission_ids: `${ids[Y]},nosuch1`,
        }),
      ),
    ).toEqual([ids[Y]]);
    const byLevel = itemsOf(
      await admin.client.get(custom(O, audience), { sort_by: "permission_level-desc" }),
    );
    expect(byLevel[0]?.permission_level).toBe("READ_WRITE");
    const first = await admin.client.get(custom(O, audience), {
      count: 2,
      sort_by: "granted_account_id-asc",
    });
    const second = await admin.client.get(custom(O, audience), {
      count: 2,
      sort_by: "granted_account_id-asc",
      cursor: cursorOf(first),
    });
    expect([...idsOf(first), ...idsOf(second)]).toHaveLength(3);
    expect(cursorOf(second)).toBeUndefined();

    // A grantee reads only its own grant, on either path.
    expect(idsOf(await admin.client.get(custom(S, audience)))).toEqual([ids[S]]);
    expect(idsOf(await admin.client.get(tailored(X, audience)))).toEqual([ids[X]]);
    expect(dataOf(await admin.client.get(`${custom(S, audience)}/${ids[S]}`))).toMatchObject({
      granted_account_id: S,
    });
    const others = await admin.client.get(`${custom(S, audience)}/${ids[X]}`);
    expect(others.status).toBe(404);
    expect(errorOf(others).parameter).toBe("custom_audience_permission_id");
    expect(dataOf(await admin.client.get(`${custom(O, audience)}/${ids[X]}`)).id).toBe(ids[X]);
  });

  it("revokes softly (a repeat is 404); the grantee then neither reads nor newly targets the audience, but keeps its criteria and sees them in targeted", async () => {
    const audience = await addAudience(server.ctx, O, { name: "Revocable" });
    const permission = idOf(await grant(custom(O, audience), S));
    const [lineItem = ""] = await addLineItems(server.ctx, S, sFunding, [{}]);
    await server.ctx.prisma.lineItem.update({
      where: { id: lineItem },
      data: { entityStatus: "ACTIVE" },
    });
    await server.ctx.prisma.campaign.updateMany({
      where: { accountId: S },
      data: { entityStatus: "ACTIVE" },
    });
    const criteria = `/12/accounts/${S}/targeting_criteria`;
    const target = () =>
      admin.client.post(criteria, {
        query: {
          line_item_id: lineItem,
          targeting_type: "CUSTOM_AUDIENCE",
          targeting_value: audience,
        },
      });
    const kept = await target();
    expect(kept.status, kept.text).toBe(200);
    expect((await admin.client.get(`/12/accounts/${S}/custom_audiences/${audience}`)).status).toBe(
      200,
    );

    const revoked = await admin.client.delete(`${tailored(O, audience)}/${permission}`);
    expect(revoked.status).toBe(200);
    expect(dataOf(revoked)).toMatchObject({ id: permission, deleted: true });
    expect((await admin.client.delete(`${custom(O, audience)}/${permission}`)).status).toBe(404);
    expect(idsOf(await admin.client.get(custom(O, audience)))).toEqual([]);

    expect((await admin.client.get(`/12/accounts/${S}/custom_audiences/${audience}`)).status).toBe(
      404,
    );
    expect((await admin.client.get(custom(S, audience))).status).toBe(404);
    const refused = await target();
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: "AUDIENCE_NOT_TARGETABLE",
      parameter: "targeting_value",
    });
    // The criterion written while it was shared stays, and the running campaign keeps it.
    const criterion = await admin.client.get(`${criteria}/${idOf(kept)}`);
    expect(dataOf(criterion)).toMatchObject({ targeting_value: audience, deleted: false });
    const targeted = await admin.client.get(
      `/12/accounts/${S}/custom_audiences/${audience}/targeted`,
    );
    expect(targeted.status, targeted.text).toBe(200);
    expect(itemsOf(targeted).flatMap((entry) => entry.line_items)).toEqual([
      expect.objectContaining({ id: lineItem }),
    ]);
    // Granting again makes it readable and targetable again.
    expect((await grant(custom(O, audience), S)).status).toBe(200);
    expect((await target()).status).toBe(200);
  });
});
