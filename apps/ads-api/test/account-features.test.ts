import { collectionEnvelope, accountFeatureSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, errorOf, parametersOf } from "./support/bodies.js";
import type { ApiResponse } from "./support/signed-fetch.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/**
 * Beyond the spec (issue 33, the vendor's v12 GET accounts/:account_id/features): the account's
 * stored features, the same list the media-poll (§4.7) and audience-sharing (§4.8) rules read.
 */
describe.each(HTTP_TEST_ENGINES)("account features on %s", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let bare: string;
  const features = ["SHARE_AUDIENCE_OUTSIDE_BUSINESS", "PROMOTED_MEDIA_POLLS"];

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, admin.userId, ["ACCOUNT_ADMIN"], features));
    ({ accountId: bare } = await createAccountFor(server.ctx, admin.userId));
  });
  afterAll(() => server.close());

  const path = (account: string) => `/12/accounts/${account}/features`;
  const keysOf = (response: ApiResponse) =>
    collectionEnvelope(accountFeatureSchema).parse(bodyOf(response)).data;

  it("answers the account's features as the recording does: data is an array of keys", async () => {
    const read = await admin.client.get(path(accountId));
    expect(read.status).toBe(200);
    const body = collectionEnvelope(accountFeatureSchema).parse(bodyOf(read));
    expect(body.data_type).toBe("features");
    expect(body.data).toEqual([...features].sort());
    expect(bodyOf(read)).not.toHaveProperty("next_cursor");
    expect(keysOf(await admin.client.get(path(bare)))).toEqual([]);
  });

  it("keeps only the named keys the account has; an unknown key is simply absent", async () => {
    const some = await admin.client.get(path(accountId), {
      feature_keys: "PROMOTED_MEDIA_POLLS,CITY_TARGETING",
    });
    expect(keysOf(some)).toEqual(["PROMOTED_MEDIA_POLLS"]);
    expect(parametersOf(await admin.client.get(path(accountId), { feature_keys: "" }))).toEqual([
      "feature_keys",
    ]);
    expect(errorOf(await admin.client.get(path(accountId), { other: "x" })).parameter).toBe(
      "other",
    );
  });

  it("follows a feature set through the CLI's store: the rules and the read agree", async () => {
    await server.ctx.prisma.account.update({
      where: { id: bare },
      data: { features: ["PROMOTED_MEDIA_POLLS"] },
    });
    expect(keysOf(await admin.client.get(path(bare)))).toEqual(["PROMOTED_MEDIA_POLLS"]);
  });

  it("is readable with account:read (every role) and only on accounts the user holds", async () => {
    const analyst = await createActor(server.ctx);
    await grantAccess(server.ctx.prisma, accountId, analyst.userId, ["ANALYST"]);
    expect((await analyst.client.get(path(accountId))).status).toBe(200);
    expect((await analyst.client.get(path(bare))).status).toBe(403);
  });
});
