import { endpoints } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Capability } from "../src/auth/roles.js";
import { capabilityOf } from "../src/auth/roles.js";
import { COMMANDS, UsageError } from "../src/cli/commands.js";
import type { Options } from "../src/cli/commands.js";
import { GrantError, grantAccess } from "../src/credentials/grants.js";
import type { Permission } from "../src/credentials/grants.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { AdsClient, ApiResponse } from "./support/signed-fetch.js";

/**
 * spec §4.3 as README "Roles" states it: what each role (or allowed combination) may do.
 * Written out here rather than read from src/auth/roles.ts, so the two are checked against
 * each other.
 */
const TABLE: Readonly<Record<string, readonly Capability[]>> = {
  ACCOUNT_ADMIN: [
    "account:read",
    "account:manage",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
    "audiences:read",
    "audiences:write",
    "insights:read",
  ],
  AD_MANAGER: [
    "account:read",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
    "audiences:read",
    "audiences:write",
    "insights:read",
  ],
  CREATIVE_MANAGER: ["account:read", "creatives:read", "creatives:write"],
  CAMPAIGN_ANALYST: ["account:read", "campaigns:read"],
  ANALYST: ["account:read", "insights:read"],
  PARTNER_AUDIENCE_MANAGER: ["account:read", "audiences:read", "audiences:write"],
  "CREATIVE_MANAGER,POST_COMPOSER": [
    "account:read",
    "creatives:read",
    "creatives:write",
    "posts:compose",
  ],
  "ACCOUNT_ADMIN,POST_COMPOSER": [
    "account:read",
    "account:manage",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
    "audiences:read",
    "audiences:write",
    "insights:read",
    "posts:compose",
  ],
};

interface Probe {
  /** One call that needs the capability and nothing else to pass the role check. */
  readonly send: (client: AdsClient, base: string, actor: Actor) => Promise<ApiResponse>;
  /** The answer when allowed: 200, a 404 for an id that does not exist, or 501 (not built). */
  readonly allowed: number;
}

const PROBES: Readonly<Record<Capability, Probe>> = {
  "account:read": { send: (c, base) => c.get(`${base}/authenticated_user_access`), allowed: 200 },
  "account:manage": {
    send: (c, base) => c.put(`${base}/tax_settings`, { query: { tax_id: "T-1" } }),
    allowed: 200,
  },
  "campaigns:read": { send: (c, base) => c.get(`${base}/campaigns`), allowed: 200 },
  "campaigns:write": { send: (c, base) => c.delete(`${base}/campaigns/nosuch1`), allowed: 404 },
  "creatives:read": { send: (c, base) => c.get(`${base}/cards`), allowed: 200 },
  "creatives:write": { send: (c, base) => c.delete(`${base}/cards/1234`), allowed: 404 },
  // Every holder is a promotable user of the account (beforeAll), so composing as oneself works.
  "posts:compose": {
    send: (c, base, actor) =>
      c.post(`${base}/post`, { query: { as_user_id: actor.userId, text: "Hi" } }),
    allowed: 200,
  },
  "audiences:read": { send: (c, base) => c.get(`${base}/custom_audiences`), allowed: 200 },
  "audiences:write": { send: (c, base) => c.delete(`${base}/custom_audiences/abc1`), allowed: 404 },
  "insights:read": {
    send: (c, base) =>
      c.post(`${base}/audience_estimate`, {
        json: { targeting_criteria: [{ targeting_type: "LOCATION", targeting_value: "us" }] },
      }),
    allowed: 200,
  },
};

const CAPABILITIES = Object.keys(PROBES) as Capability[];

describe("the roles table (spec §4.3)", () => {
  it("gives every account-scoped endpoint of the catalog a capability, built or not", () => {
    const scoped = endpoints.filter((endpoint) => endpoint.locations.account_id === "path");
    const missing = scoped.filter((endpoint) => capabilityOf(endpoint.id) === undefined);
    expect(missing.map((endpoint) => endpoint.id)).toEqual([]);
    expect(capabilityOf("__proto__")).toBeUndefined();
    expect(capabilityOf("constructor")).toBeUndefined();
  });
});

describe.each(HTTP_TEST_ENGINES)("roles against the server on %s (spec §4.3)", (engine) => {
  let server: TestServer;
  let accountId: string;
  const holders = new Map<string, Actor>();

  async function command(name: string, options: Options): Promise<string[]> {
    const found = COMMANDS[name];
    if (found === undefined) throw new Error(`no command ${name}`);
    return found.run(server.ctx, options);
  }

  async function grant(actor: Actor, roles: string): Promise<string[]> {
    return command("grant", {
      account: accountId,
      user: actor.userId,
      role: roles.split(","),
    });
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    const owner = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, owner.userId));
    for (const roles of Object.keys(TABLE)) {
      const actor = await createActor(server.ctx);
      await grant(actor, roles);
      holders.set(roles, actor);
    }
    await server.ctx.prisma.account.update({
      where: { id: accountId },
      data: { promotableUserIds: [...holders.values()].map((actor) => actor.userId) },
    });
  });
  afterAll(() => server.close());

  it.each(Object.keys(TABLE))("%s: allowed exactly what the table says", async (roles) => {
    const actor = holders.get(roles);
    if (actor === undefined) throw new Error(`no holder of ${roles}`);
    const base = `/12/accounts/${accountId}`;
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const capability of CAPABILITIES) {
      const probe = PROBES[capability];
      const response = await probe.send(actor.client, base, actor);
      const refused = response.status === 403 && errorOf(response).code === "UNAUTHORIZED_ACCESS";
      answers[capability] = refused ? "refused" : String(response.status);
      expected[capability] = TABLE[roles]?.includes(capability) ? String(probe.allowed) : "refused";
    }
    expect(answers).toEqual(expected);
  });

  it("refuses POST_COMPOSER alone, in the CLI and the grant function, writing nothing", async () => {
    const actor = await createActor(server.ctx);
    await expect(grant(actor, "POST_COMPOSER")).rejects.toThrow(UsageError);
    await expect(grant(actor, "POST_COMPOSER")).rejects.toThrow(
      /POST_COMPOSER is only available together with ACCOUNT_ADMIN, AD_MANAGER, CREATIVE_MANAGER/,
    );
    await expect(
      grantAccess(server.ctx.prisma, accountId, actor.userId, ["POST_COMPOSER"]),
    ).rejects.toThrow(GrantError);
    await expect(grantAccess(server.ctx.prisma, accountId, actor.userId, [])).rejects.toThrow(
      GrantError,
    );
    expect(
      await server.ctx.prisma.accountGrant.count({ where: { accountId, userId: actor.userId } }),
    ).toBe(0);
    expect((await actor.client.get(`/12/accounts/${accountId}`)).status).toBe(403);
  });

  it("lets a POST_COMPOSER stored alone (granted before the rule) compose nothing", async () => {
    const actor = await createActor(server.ctx);
    const stored: Permission[] = ["POST_COMPOSER"];
    await server.ctx.prisma.accountGrant.create({
      data: { accountId, userId: actor.userId, permissions: stored },
    });
    const probe = PROBES["posts:compose"];
    const response = await probe.send(actor.client, `/12/accounts/${accountId}`, actor);
    expect(response.status).toBe(403);
    expect(errorOf(response).code).toBe("UNAUTHORIZED_ACCESS");
    expect((await actor.client.get(`/12/accounts/${accountId}`)).status).toBe(200);
  });

  it("refuses create-account --role POST_COMPOSER before writing the account", async () => {
    const actor = await createActor(server.ctx);
    const before = await server.ctx.prisma.account.count();
    await expect(
      command("create-account", {
        name: "Composer only",
        grant: actor.userId,
        role: ["POST_COMPOSER"],
      }),
    ).rejects.toThrow(UsageError);
    expect(await server.ctx.prisma.account.count()).toBe(before);
  });
});
