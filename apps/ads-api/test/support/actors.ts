import { randomBytes } from "node:crypto";
import type { AppContext } from "../../src/context.js";
import { createApp } from "../../src/credentials/apps.js";
import type { AccessType } from "../../src/credentials/apps.js";
import { grantAccess } from "../../src/credentials/grants.js";
import type { Permission } from "../../src/auth/roles.js";
import { issueAccessToken } from "../../src/credentials/tokens.js";
import { createUser } from "../../src/credentials/users.js";
import { createAccountRow } from "../../src/services/accounts.js";
import { createFundingInstrumentRow } from "../../src/services/funding-instruments.js";
import { createMediaLibraryObject } from "../../src/services/media-admin.js";
import type { MediaType } from "../../src/services/card-types.js";
import type { Credentials } from "./signed-fetch.js";
import { AdsClient } from "./signed-fetch.js";

export const TEST_PASSWORD = "correct horse battery";

let counter = 0;
const unique = (prefix: string) => `${prefix}${(counter += 1)}${randomBytes(2).toString("hex")}`;

export interface Actor {
  readonly userId: string;
  readonly screenName: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly credentials: Credentials;
  readonly client: AdsClient;
  readonly appId: string;
}

export interface ActorOptions {
  readonly accessType?: AccessType;
  readonly callbackUrls?: readonly string[];
  readonly signInWith?: boolean;
  /** Reuse an app (another user of the same app). */
  readonly app?: { id: string; consumerKey: string; consumerSecret: string };
}

/** A user with an app and an access token, stored directly (fast), and a signed client. */
export async function createActor(ctx: AppContext, options: ActorOptions = {}): Promise<Actor> {
  const user = await createUser(ctx.prisma, { screenName: unique("u"), password: TEST_PASSWORD });
  let app = options.app;
  if (app === undefined) {
    const created = await createApp(ctx.prisma, ctx.box, {
      name: unique("App "),
      ownerId: user.id,
      callbackUrls: options.callbackUrls ?? ["http://127.0.0.1:9/callback"],
      signInWith: options.signInWith ?? true,
    });
    app = {
      id: created.app.id,
      consumerKey: created.consumerKey,
      consumerSecret: created.consumerSecret,
    };
  }
  const token = await issueAccessToken(ctx.prisma, ctx, {
    appId: app.id,
    userId: user.id,
    accessType: options.accessType ?? "write",
  });
  const credentials: Credentials = {
    consumer: { consumerKey: app.consumerKey, consumerSecret: app.consumerSecret },
    token: { token: token.token, tokenSecret: token.secret },
  };
  return {
    userId: user.id,
    screenName: user.screenName,
    consumerKey: app.consumerKey,
    consumerSecret: app.consumerSecret,
    credentials,
    client: new AdsClient(ctx.hosts, credentials),
    appId: app.id,
  };
}

/** An account the actor holds `roles` on, with a USD credit card funding instrument. */
export async function createAccountFor(
  ctx: AppContext,
  userId: string,
  roles: readonly Permission[] = ["ACCOUNT_ADMIN"],
  features: readonly string[] = [],
): Promise<{ accountId: string; fundingInstrumentId: string }> {
  const account = await createAccountRow(ctx.prisma, { name: unique("Account "), features });
  await grantAccess(ctx.prisma, account.id, userId, roles);
  const funding = await createFundingInstrumentRow(
    ctx.prisma,
    account.id,
    { type: "CREDIT_CARD", currency: "USD", start_time: "2026-01-01T00:00:00Z" },
    new Date(),
  );
  return { accountId: account.id, fundingInstrumentId: funding.id };
}

export async function addMedia(
  ctx: AppContext,
  accountId: string,
  mediaType: MediaType,
  width = 1200,
  height = 628,
): Promise<string> {
  return (await createMediaLibraryObject(ctx.prisma, { accountId, mediaType, width, height }))
    .mediaKey;
}
