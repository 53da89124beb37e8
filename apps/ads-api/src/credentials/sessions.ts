import type { AppContext } from "../context.js";
import type { User } from "../generated/prisma/client.js";
import { randomToken, sha256Hex } from "../crypto/tokens.js";

/** The base host's login cookie (spec §4.1 authenticate: "uses the logged-in user"). */
export const SESSION_COOKIE = "ads_api_session";

export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const value = randomToken(32);
  const now = ctx.clock();
  await ctx.prisma.loginSession.create({
    data: {
      idHash: sha256Hex(value),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ctx.limits.sessionTtlMs),
    },
  });
  return value;
}

export async function findSessionUser(
  ctx: AppContext,
  value: string | undefined,
): Promise<User | null> {
  if (value === undefined || value === "") return null;
  const session = await ctx.prisma.loginSession.findUnique({
    where: { idHash: sha256Hex(value) },
    include: { user: true },
  });
  if (session === null || session.expiresAt <= ctx.clock()) return null;
  return session.user;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}
