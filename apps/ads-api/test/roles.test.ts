import type { Capability } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Permission } from "../src/auth/roles.js";
import { COMMANDS, UsageError } from "../src/cli/commands.js";
import type { Options } from "../src/cli/commands.js";
import { GrantError, grantAccess } from "../src/credentials/grants.js";
import { encodedPathOf, servedCalls } from "./hostile/support/calls.js";
import type { Call } from "./hostile/support/calls.js";
import { queryOf, rawRequest } from "./hostile/support/raw-http.js";
import { createWorld } from "./hostile/support/world.js";
import type { World } from "./hostile/support/world.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

/**
 * spec §4.3 as docs/rest-service.md "Roles" states it: what each role (or allowed combination) may do.
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

/** The role check's refusal (spec §4.3), told apart from a handler's own 403s. */
function refusedByRole(response: ApiResponse, call: Call): boolean {
  if (response.status !== 403) return false;
  const error = errorOf(response);
  return (
    error.code === "UNAUTHORIZED_ACCESS" &&
    error.message.endsWith(`does not allow ${call.endpoint.id}`)
  );
}

describe.each(HTTP_TEST_ENGINES)("roles against the server on %s (spec §4.3)", (engine) => {
  let server: TestServer;
  let world: World;
  let accountId: string;
  /** Every served endpoint with an account in its path, with a valid request to it. */
  let scoped: Call[];
  const holders = new Map<string, Actor>();

  async function command(name: string, options: Options): Promise<string[]> {
    const found = COMMANDS[name];
    if (found === undefined) throw new Error(`no command ${name}`);
    return found.run(server.ctx, options);
  }

  async function grant(actor: Actor, roles: string, account = accountId): Promise<string[]> {
    return command("grant", { account, user: actor.userId, role: roles.split(",") });
  }

  /** The call, signed by `actor` instead of the world's admin. */
  function send(call: Call, actor: Actor): Promise<ApiResponse> {
    return rawRequest({
      method: call.endpoint.method,
      url: `${server.urls[call.role]}${encodedPathOf(call)}${queryOf(Object.entries(call.query))}`,
      credentials: actor.credentials,
      ...(call.json === undefined
        ? {}
        : { body: JSON.stringify(call.json), contentType: "application/json" }),
    });
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    world = await createWorld(server.ctx);
    accountId = world.accountId;
    scoped = servedCalls(world).filter((call) => call.endpoint.locations.account_id === "path");
    for (const roles of Object.keys(TABLE)) {
      const actor = await createActor(server.ctx);
      await grant(actor, roles);
      // accounts.delete's request names the spare sandbox account.
      await grant(actor, roles, world.spare.accountId);
      holders.set(roles, actor);
    }
  });
  afterAll(() => server.close());

  it("reaches every account-scoped endpoint it serves, each naming its capability", () => {
    expect(scoped.length).toBeGreaterThan(90);
    for (const call of scoped) expect(call.endpoint.capability, call.endpoint.id).not.toBeNull();
  });

  // Each holder sends every request: the role check answers before the handler, so a refused
  // call writes nothing, and an admitted one may write (a later holder's delete then finds 404).
  it.each(Object.keys(TABLE))(
    "%s: admitted to exactly the endpoints whose catalog capability the table gives it",
    async (roles) => {
      const actor = holders.get(roles);
      const held: readonly Capability[] | undefined = TABLE[roles];
      if (actor === undefined || held === undefined) throw new Error(`no holder of ${roles}`);
      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const call of scoped) {
        const { id, capability } = call.endpoint;
        const response = await send(call, actor);
        answers[id] = refusedByRole(response, call) ? "refused" : "admitted";
        expected[id] = capability !== null && held.includes(capability) ? "admitted" : "refused";
      }
      expect(answers).toEqual(expected);
    },
  );

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
    const compose = scoped.find((call) => call.endpoint.id === "posts.create");
    if (compose === undefined) throw new Error("posts.create is not served");
    expect(refusedByRole(await send(compose, actor), compose)).toBe(true);
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
