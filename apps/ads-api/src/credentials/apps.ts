import { textProblem } from "@adsgraph/models";
import type { Db } from "../db/database.js";
import type { App } from "../generated/prisma/client.js";
import type { SecretBox } from "@adsgraph/storage";
import { randomToken } from "../crypto/tokens.js";
import { newAdsId } from "../db/ids.js";

export type AccessType = "read" | "write";

export interface CreateAppInput {
  readonly name: string;
  readonly ownerId: string;
  readonly callbackUrls: readonly string[];
  /** "Sign in with" setting: /oauth/authenticate may skip re-approval (spec §4.1). */
  readonly signInWith?: boolean | undefined;
  readonly accessLevel?: AccessType | undefined;
  /** Fixed credentials (the demo seed); generated when absent. */
  readonly consumerKey?: string | undefined;
  readonly consumerSecret?: string | undefined;
}

export interface CreatedApp {
  readonly app: App;
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

export async function createApp(
  db: Db,
  box: SecretBox,
  input: CreateAppInput,
): Promise<CreatedApp> {
  for (const url of input.callbackUrls) {
    if (!URL.canParse(url)) throw new Error(`callback URL ${url} is not an absolute URL`);
  }
  const consumerKey = input.consumerKey ?? randomToken(18);
  const consumerSecret = input.consumerSecret ?? randomToken(36);
  const app = await db.app.create({
    data: {
      id: newAdsId(),
      name: input.name,
      consumerKey,
      consumerSecretEnc: box.seal(consumerSecret),
      callbackUrls: [...input.callbackUrls],
      signInWithEnabled: input.signInWith ?? true,
      accessLevel: input.accessLevel ?? "write",
      ownerId: input.ownerId,
    },
  });
  return { app, consumerKey, consumerSecret };
}

/** Longer than any consumer key this service issues (24 characters) or a seed would choose. */
const CONSUMER_KEY_MAX = 255;

/**
 * The app of a consumer key as a client sent it (Authorization header, query, form or Basic
 * credentials: every path comes here). A key the database could not hold (NUL, a lone
 * surrogate) or an absurdly long one is no app's, and is answered without a query: PostgreSQL
 * would refuse it with an error, a 500 for an unauthenticated caller.
 */
export async function findAppByConsumerKey(db: Db, consumerKey: string): Promise<App | null> {
  if (!isStorableConsumerKey(consumerKey)) return null;
  return db.app.findUnique({ where: { consumerKey } });
}

/** A key the database can hold and compare (see findAppByConsumerKey). */
export function isStorableConsumerKey(consumerKey: string): boolean {
  return consumerKey.length <= CONSUMER_KEY_MAX && textProblem(consumerKey) === undefined;
}

/**
 * spec §4.1: a callback URL must be one configured for the app. Compared without the query
 * string, so a client may add its own state parameters to a registered URL.
 */
export function isCallbackAllowed(app: Pick<App, "callbackUrls">, callback: string): boolean {
  if (!URL.canParse(callback)) return false;
  const wanted = withoutQuery(callback);
  return app.callbackUrls.some((url) => URL.canParse(url) && withoutQuery(url) === wanted);
}

function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The lower of what the app may do and what the user was asked for. */
export function effectiveAccess(app: AccessType, requested: AccessType | undefined): AccessType {
  return app === "read" || requested === "read" ? "read" : "write";
}

export function asAccessType(value: string): AccessType {
  return value === "read" ? "read" : "write";
}
