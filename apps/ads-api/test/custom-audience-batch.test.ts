import { AUDIENCE_FEATURES, getEndpoint } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, setAccount } from "./support/audiences.js";
import { bodyOf, errorOf, idOf, operationErrorsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const batchSchema = getEndpoint("custom_audiences.batch").response.schema;
const BETA = AUDIENCE_FEATURES.BATCH_BETA;

describe.each(HTTP_TEST_ENGINES)("custom-audience batch on %s (spec §4.8, §7, §3)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  /** A has the beta; B shares A's business; N lacks the beta. */
  let A: string;
  let B: string;
  let N: string;
  let mobile: string;
  let crm: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    A = (await createAccountFor(server.ctx, admin.userId, ["ACCOUNT_ADMIN"], [BETA])).accountId;
    B = (await createAccountFor(server.ctx, admin.userId)).accountId;
    N = (await createAccountFor(server.ctx, admin.userId)).accountId;
    await setAccount(server.ctx, A, "biz1", [BETA]);
    await setAccount(server.ctx, B, "biz1", [BETA]);
    mobile = await addAudience(server.ctx, A, { audienceType: "MOBILE_AUDIENCE", name: "Apps" });
    crm = await addAudience(server.ctx, A, { name: "CRM list" });
  });
  afterAll(() => server.close());

  const batch = (account: string, operations: unknown[]) =>
    admin.client.post(`/12/batch/accounts/${account}/custom_audiences`, { json: operations });
  const leaf = (id: string) => ({ custom_audience_id: id, lookback_window: 30 });
  const flexible = (name: string, extra: Record<string, unknown> = { segments: leaf(mobile) }) => ({
    operation_type: "Create",
    params: { audience_type: "FLEXIBLE", name, ...extra },
  });
  const count = (where: Record<string, unknown> = {}) =>
    server.ctx.prisma.customAudience.count({ where: { accountId: A, ...where } });

  it("needs the account's beta feature: 403 BETA_FEATURE_REQUIRED under errors, nothing written", async () => {
    const before = await server.ctx.prisma.customAudience.count();
    const refused = await batch(N, [
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "M" } },
    ]);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("BETA_FEATURE_REQUIRED");
    expect(operationErrorsOf(refused)).toEqual([]);
    expect(await server.ctx.prisma.customAudience.count()).toBe(before);
  });

  it("creates mobile and flexible audiences, updates and deletes, in input order", async () => {
    const target = idOf(
      await admin.client.post(`/12/accounts/${A}/custom_audiences`, { query: { name: "Old" } }),
    );
    const gone = await addAudience(server.ctx, A, { name: "To delete" });
    const response = await batch(A, [
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "Installs" } },
      flexible("Flex", {
        boolean_operator: "OR",
        child_segments: [leaf(mobile), { boolean_operator: "AND", child_segments: [leaf(mobile)] }],
      }),
      { operation_type: "Update", params: { custom_audience_id: target, name: "New" } },
      { operation_type: "Delete", params: { custom_audience_id: gone } },
    ]);
    expect(response.status, response.text).toBe(200);
    const parsed = batchSchema.parse(bodyOf(response));
    expect(bodyOf(response).data_type).toBe("custom_audience");
    expect(parsed.data.map((item) => [item.name, item.audience_type, item.deleted])).toEqual([
      ["Installs", "MOBILE_AUDIENCE", false],
      ["Flex", "FLEXIBLE", false],
      ["New", "CRM", false],
      ["To delete", "CRM", true],
    ]);
    expect(parsed.data[0]).toMatchObject({ owner_account_id: A, is_owner: true });
    expect(parsed.request.map((item) => item.operation_type)).toEqual([
      "Create",
      "Create",
      "Update",
      "Delete",
    ]);
    const stored = await server.ctx.prisma.customAudience.findUniqueOrThrow({
      where: { id: String(parsed.data[1]?.id) },
    });
    expect(stored.segments).toMatchObject({ boolean_operator: "OR" });
  });

  it("refuses a flexible audience's update (AUDIENCE_IMMUTABLE, by index) and applies nothing", async () => {
    const flex = batchSchema.parse(bodyOf(await batch(A, [flexible("Frozen")]))).data[0]?.id ?? "";
    const before = await count();
    const response = await batch(A, [
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "Not kept" } },
      { operation_type: "Update", params: { custom_audience_id: flex, name: "Thawed" } },
    ]);
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe("BATCH_FAILED");
    expect(operationErrorsOf(response)).toEqual([
      [],
      [expect.objectContaining({ code: "AUDIENCE_IMMUTABLE", parameter: "custom_audience_id" })],
    ]);
    expect(await count()).toBe(before);
    // The single PUT says the same.
    const put = await admin.client.put(`/12/accounts/${A}/custom_audiences/${flex}`, {
      query: { name: "Thawed" },
    });
    expect(errorOf(put).code).toBe("AUDIENCE_IMMUTABLE");
  });

  it("checks every leaf: an audience it may target, and a mobile one (beta), each named by its path", async () => {
    const other = await addAudience(server.ctx, N, { audienceType: "MOBILE_AUDIENCE" });
    const deleted = await addAudience(server.ctx, A, {
      audienceType: "MOBILE_AUDIENCE",
      deleted: true,
    });
    const before = await count();
    const response = await batch(A, [
      flexible("Fine"),
      flexible("Bad leaves", {
        segments: leaf(crm),
        boolean_operator: "AND",
        child_segments: [
          leaf(mobile),
          { boolean_operator: "OR", child_segments: [leaf(other), leaf(deleted)] },
          leaf("nosuch1"),
        ],
      }),
    ]);
    expect(response.status).toBe(400);
    const [fine, bad] = operationErrorsOf(response);
    expect(fine).toEqual([]);
    expect(bad?.map((error) => [error.code, error.parameter])).toEqual([
      ["INVALID_PARAMETER", "segments.custom_audience_id"],
      ["AUDIENCE_NOT_TARGETABLE", "child_segments[1].child_segments[0].custom_audience_id"],
      ["AUDIENCE_NOT_TARGETABLE", "child_segments[1].child_segments[1].custom_audience_id"],
      ["AUDIENCE_NOT_TARGETABLE", "child_segments[2].custom_audience_id"],
    ]);
    expect(await count()).toBe(before);

    // Leaves missing an id are the catalog's: refused before anything runs, by index.
    const nameless = await batch(A, [flexible("No id", { segments: { lookback_window: 7 } })]);
    expect(nameless.status).toBe(400);
    expect(operationErrorsOf(nameless)[0]).toEqual([
      expect.objectContaining({
        code: "MISSING_PARAMETER",
        parameter: "segments.custom_audience_id",
      }),
    ]);
  });

  it("lets a leaf be a mobile audience shared with the account, and not once the share is revoked", async () => {
    const grant = await admin.client.post(
      `/12/accounts/${A}/custom_audiences/${mobile}/permissions`,
      { query: { granted_account_id: B, permission_level: "READ_ONLY" } },
    );
    expect(grant.status).toBe(200);
    const made = await batch(B, [flexible("From A's apps")]);
    expect(made.status, made.text).toBe(200);
    await admin.client.delete(
      `/12/accounts/${A}/custom_audiences/${mobile}/permissions/${idOf(grant)}`,
    );
    const refused = await batch(B, [flexible("Too late")]);
    expect(operationErrorsOf(refused)[0]?.[0]).toMatchObject({
      code: "AUDIENCE_NOT_TARGETABLE",
      parameter: "segments.custom_audience_id",
    });
  });

  it("keeps names unique, among the batch's own too; a delete earlier in the batch frees one", async () => {
    const before = await count();
    const clash = await batch(A, [
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "Twin" } },
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "Twin" } },
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "Apps" } },
      { operation_type: "Update", params: { custom_audience_id: crm, name: "Apps" } },
    ]);
    expect(clash.status).toBe(400);
    expect(operationErrorsOf(clash).map((errors) => errors.map((error) => error.code))).toEqual([
      [],
      ["DUPLICATE_NAME"],
      ["DUPLICATE_NAME"],
      ["DUPLICATE_NAME"],
    ]);
    expect(operationErrorsOf(clash)[1]?.[0]?.parameter).toBe("name");
    expect(await count()).toBe(before);

    const reused = await addAudience(server.ctx, A, { name: "Reused" });
    const freed = await batch(A, [
      { operation_type: "Delete", params: { custom_audience_id: reused } },
      { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "Reused" } },
    ]);
    expect(freed.status, freed.text).toBe(200);
  });

  it("reports unknown targets and non-owners by index; at most 10 items", async () => {
    const shared = await addAudience(server.ctx, A, { audienceType: "MOBILE_AUDIENCE" });
    await admin.client.post(`/12/accounts/${A}/custom_audiences/${shared}/permissions`, {
      query: { granted_account_id: B, permission_level: "READ_ONLY" },
    });
    const response = await batch(B, [
      { operation_type: "Delete", params: { custom_audience_id: shared } },
      { operation_type: "Update", params: { custom_audience_id: shared, name: "Mine now" } },
      { operation_type: "Delete", params: { custom_audience_id: "nosuch1" } },
    ]);
    expect(operationErrorsOf(response).map((errors) => errors[0]?.code)).toEqual([
      "NOT_AUDIENCE_OWNER",
      "UNAUTHORIZED_ACCESS",
      "NOT_FOUND",
    ]);
    const eleven = Array.from({ length: 11 }, (_unused, index) => ({
      operation_type: "Create",
      params: { audience_type: "MOBILE_AUDIENCE", name: `Many ${index}` },
    }));
    const tooMany = await batch(A, eleven);
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany)).toMatchObject({ code: "TOO_MANY_ITEMS", parameter: "operations" });
    expect(operationErrorsOf(tooMany)).toEqual([]);
    const ten = await batch(A, eleven.slice(0, 10));
    expect(ten.status, ten.text).toBe(200);
    expect(batchSchema.parse(bodyOf(ten)).data).toHaveLength(10);
  });
});
