import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import type { AccessToken, RequestToken, User } from "../generated/prisma/client.js";
import { randomPin, randomToken, safeEqual, sha256Hex } from "../crypto/tokens.js";
import { asAccessType } from "./apps.js";
import type { AccessType } from "./apps.js";

export interface TokenPair {
  readonly token: string;
  readonly secret: string;
}

/** spec §4.1 leg 1: a request token bound to the app, its callback and the access asked for. */
export async function createRequestToken(
  ctx: AppContext,
  input: { appId: string; callback: string; accessType: AccessType },
): Promise<TokenPair> {
  const token = randomToken(24);
  const secret = randomToken(32);
  const now = ctx.clock();
  await ctx.prisma.requestToken.create({
    data: {
      tokenHash: sha256Hex(token),
      appId: input.appId,
      secretEnc: ctx.box.seal(secret),
      callback: input.callback,
      accessType: input.accessType,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ctx.limits.requestTokenTtlMs),
    },
  });
  return { token, secret };
}

/** A request token that can still be authorized or exchanged (not used, not expired). */
export async function findLiveRequestToken(
  ctx: AppContext,
  token: string,
): Promise<RequestToken | null> {
  const row = await ctx.prisma.requestToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (row === null || row.usedAt !== null || row.expiresAt <= ctx.clock()) return null;
  return row;
}

/**
 * The user approved: records who and a verifier (a 7-digit PIN for `oob`, else a random
 * string). Only the verifier's hash is stored.
 */
export async function approveRequestToken(
  ctx: AppContext,
  row: RequestToken,
  userId: string,
): Promise<string> {
  const verifier = row.callback === "oob" ? randomPin() : randomToken(24);
  const updated = await ctx.prisma.requestToken.updateMany({
    where: { tokenHash: row.tokenHash, usedAt: null, userId: null },
    data: { userId, verifierHash: sha256Hex(verifier) },
  });
  if (updated.count !== 1) throw new Error("request token already approved or used");
  return verifier;
}

/** The user denied (or a wrong verifier was tried): the token is dead. */
export async function burnRequestToken(ctx: AppContext, tokenHash: string): Promise<void> {
  await ctx.prisma.requestToken.updateMany({
    where: { tokenHash, usedAt: null },
    data: { usedAt: ctx.clock() },
  });
}

export type ExchangeOutcome =
  | { readonly ok: true; readonly pair: TokenPair; readonly user: User }
  | { readonly ok: false; readonly reason: "not_approved" | "bad_verifier" | "used" };

/**
 * spec §4.1 leg 3, in one transaction: the verifier must match, the request token is claimed
 * (single use) and the access token issued. A wrong verifier burns the request token, so a
 * PIN cannot be guessed by trying.
 */
export function exchangeRequestToken(
  ctx: AppContext,
  token: string,
  verifier: string,
): Promise<ExchangeOutcome> {
  return ctx.prisma.$transaction(async (tx): Promise<ExchangeOutcome> => {
    const now = ctx.clock();
    const row = await tx.requestToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
    if (row === null || row.usedAt !== null || row.expiresAt <= now) {
      return { ok: false, reason: "used" };
    }
    if (row.userId === null || row.verifierHash === null)
      return { ok: false, reason: "not_approved" };
    const matches = safeEqual(row.verifierHash, sha256Hex(verifier));
    const claimed = await tx.requestToken.updateMany({
      where: { tokenHash: row.tokenHash, usedAt: null },
      data: { usedAt: now },
    });
    if (!matches) return { ok: false, reason: "bad_verifier" };
    if (claimed.count !== 1) return { ok: false, reason: "used" };
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId } });
    const pair = await issueAccessToken(tx, ctx, {
      appId: row.appId,
      userId: user.id,
      accessType: asAccessType(row.accessType),
    });
    return { ok: true, pair, user };
  });
}

export interface IssueAccessTokenInput {
  readonly appId: string;
  readonly userId: string;
  readonly accessType: AccessType;
  /** Fixed values (the demo seed); generated when absent. */
  readonly token?: string | undefined;
  readonly secret?: string | undefined;
}

/** An access token for a user of an app; its value starts with the user id, as the platform's do. */
export async function issueAccessToken(
  db: Db,
  ctx: Pick<AppContext, "box">,
  input: IssueAccessTokenInput,
): Promise<TokenPair> {
  const token = input.token ?? `${input.userId}-${randomToken(24)}`;
  const secret = input.secret ?? randomToken(32);
  await db.accessToken.create({
    data: {
      tokenHash: sha256Hex(token),
      appId: input.appId,
      userId: input.userId,
      secretEnc: ctx.box.seal(secret),
      accessType: input.accessType,
    },
  });
  return { token, secret };
}

export function findAccessToken(db: Db, token: string): Promise<AccessToken | null> {
  return db.accessToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
}

export async function invalidateAccessToken(ctx: AppContext, tokenHash: string): Promise<void> {
  await ctx.prisma.accessToken.updateMany({
    where: { tokenHash, invalidatedAt: null },
    data: { invalidatedAt: ctx.clock() },
  });
}

/** True when the user granted the app access before and has not revoked it (authenticate). */
export async function hasActiveGrant(db: Db, appId: string, userId: string): Promise<boolean> {
  const found = await db.accessToken.findFirst({
    where: { appId, userId, invalidatedAt: null },
    select: { tokenHash: true },
  });
  return found !== null;
}
