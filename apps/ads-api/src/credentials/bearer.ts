import type { AppContext } from "../context.js";
import type { App } from "../generated/prisma/client.js";
import { randomToken, safeEqual, sha256Hex } from "../crypto/tokens.js";

/**
 * spec §4.1: one bearer token per app; repeated calls return the same token until it is
 * invalidated. The value must be returned again, so it is kept encrypted (and hashed for lookup).
 */
export async function getOrCreateBearerToken(ctx: AppContext, app: App): Promise<string> {
  const existing = await ctx.prisma.bearerToken.findUnique({ where: { appId: app.id } });
  if (existing !== null) return ctx.box.open(existing.tokenEnc);
  const token = `AAAA${randomToken(60)}`;
  try {
    await ctx.prisma.bearerToken.create({
      data: { appId: app.id, tokenHash: sha256Hex(token), tokenEnc: ctx.box.seal(token) },
    });
    return token;
  } catch (error) {
    // Two concurrent first calls: the other one won; answer its token.
    const winner = await ctx.prisma.bearerToken.findUnique({ where: { appId: app.id } });
    if (winner === null) throw error;
    return ctx.box.open(winner.tokenEnc);
  }
}

/** Revokes the app's bearer token when `token` is it; false when it is not the current one. */
export async function invalidateBearerToken(
  ctx: AppContext,
  app: App,
  token: string,
): Promise<boolean> {
  const existing = await ctx.prisma.bearerToken.findUnique({ where: { appId: app.id } });
  if (existing === null || !safeEqual(existing.tokenHash, sha256Hex(token))) return false;
  const removed = await ctx.prisma.bearerToken.deleteMany({
    where: { appId: app.id, tokenHash: existing.tokenHash },
  });
  return removed.count === 1;
}
