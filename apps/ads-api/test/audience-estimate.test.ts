import { audienceEstimateSchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, errorsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const USER_RATE = 6;
const location = { targeting_type: "LOCATION", targeting_value: "96683cc9126741d1" };
const keyword = { targeting_type: "BROAD_KEYWORD", targeting_value: "nba" };

describe.each(HTTP_TEST_ENGINES)("audience estimate on %s (spec §4.6)", (engine) => {
  let server: TestServer;
  let accountId: string;
  let owner: Actor;
  let path: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { limits: { userRate: USER_RATE } });
    owner = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, owner.userId));
    path = `/12/accounts/${accountId}/audience_estimate`;
  });
  afterAll(() => server.close());

  /** A fresh token each time, so the low rate limit of this file counts per test. */
  const caller = async (roles: Parameters<typeof createAccountFor>[2] = ["ACCOUNT_ADMIN"]) => {
    const actor = await createActor(server.ctx);
    await server.ctx.prisma.accountGrant.create({
      data: { accountId, userId: actor.userId, permissions: [...roles] },
    });
    return actor;
  };

  it("estimates from a JSON body: the recorded shape, the same answer for the same criteria", async () => {
    const actor = await caller();
    const first = await actor.client.post(path, {
      json: { targeting_criteria: [location, keyword] },
    });
    expect(first.status).toBe(200);
    const body = singleEnvelope(audienceEstimateSchema).parse(bodyOf(first));
    const size = body.data.audience_size;
    expect(size?.min).toBeGreaterThan(0);
    expect(size?.max).toBeGreaterThan(size?.min ?? 0);
    expect(body.request.params).toMatchObject({ account_id: accountId });
    const reordered = await actor.client.post(path, {
      json: { targeting_criteria: [keyword, location], operator_type: "EQ" },
    });
    expect(dataOf(reordered)).toEqual(dataOf(first));
    // a second type narrows; an excluded (NE) criterion takes its users away
    const sizeOf = async (json: object) => {
      const estimate = singleEnvelope(audienceEstimateSchema).parse(
        bodyOf(await actor.client.post(path, { json })),
      );
      return estimate.data.audience_size?.max ?? 0;
    };
    const everywhere = await sizeOf({ targeting_criteria: [location] });
    expect(size?.max).toBeLessThan(everywhere);
    const excluding = await sizeOf({
      targeting_criteria: [location, { ...keyword, operator_type: "NE" }],
    });
    expect(excluding).toBeLessThan(everywhere);
  });

  it("refuses a body without a primary criterion, a bad operator, an unknown type and a form value", async () => {
    const actor = await caller();
    const secondaryOnly = await actor.client.post(path, {
      json: { targeting_criteria: [{ targeting_type: "AGE", targeting_value: "AGE_18_TO_34" }] },
    });
    expect(secondaryOnly.status).toBe(400);
    expect(errorOf(secondaryOnly)).toMatchObject({
      code: "MISSING_PARAMETER",
      parameter: "targeting_criteria",
    });
    expect(errorOf(secondaryOnly).message).toContain("primary criterion");
    const allExcluded = await actor.client.post(path, {
      json: { targeting_criteria: [location], operator_type: "NE" },
    });
    expect(errorOf(allExcluded).parameter).toBe("targeting_criteria");
    const invalid = await actor.client.post(path, {
      json: {
        targeting_criteria: [location, { targeting_type: "MOOD", targeting_value: "" }],
        operator_type: "GT",
      },
    });
    expect(
      errorsOf(invalid)
        .map((error) => error.parameter)
        .sort(),
    ).toEqual([
      "operator_type",
      "targeting_criteria[1].targeting_type",
      "targeting_criteria[1].targeting_value",
    ]);
    const missing = await actor.client.post(path, { json: {} });
    expect(errorOf(missing)).toMatchObject({
      code: "MISSING_PARAMETER",
      parameter: "targeting_criteria",
    });
    const form = await actor.client.post(path, { form: { targeting_criteria: "LOCATION" } });
    expect(errorOf(form)).toMatchObject({
      code: "INVALID_PARAMETER",
      parameter: "targeting_criteria",
    });
  });

  it("is open to roles with insights (ANALYST), not to CREATIVE_MANAGER; rate limited per token", async () => {
    const analyst = await caller(["ANALYST"]);
    const json = { targeting_criteria: [location] };
    expect((await analyst.client.post(path, { json })).status).toBe(200);
    const creative = await caller(["CREATIVE_MANAGER"]);
    const refused = await creative.client.post(path, { json });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("UNAUTHORIZED_ACCESS");
    const statuses: number[] = [];
    for (let call = 0; call < USER_RATE; call += 1) {
      statuses.push((await analyst.client.post(path, { json })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200)).toHaveLength(USER_RATE - 1);
  });
});
