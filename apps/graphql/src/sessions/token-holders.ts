import { createHash } from "node:crypto";
import type { SecretBox } from "@adsgraph/storage";
import type { PrismaClient } from "../generated/prisma/client.js";

/** A transaction of the facade's client. */
export type Transaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * What names an upstream access token in the session table: its SHA-256 (with a label, so it
 * matches no other digest of it). Access tokens are long random values, as session tokens are.
 */
export function upstreamTokenDigest(accessToken: string): string {
  return createHash("sha256").update(`upstream-access-token:${accessToken}`).digest("hex");
}

/**
 * Serialises every change to who holds the access tokens of one user (a session ends, shares
 * its token, is replaced) until the transaction ends, on every replica over this database: a
 * transaction-scoped advisory lock per user (access tokens are per user, so the holders of one
 * are all of one user's sessions). PGlite serves one transaction at a time, where it never waits.
 */
export async function lockTokenHolders(tx: Transaction, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`session-holders:${userId}`}, 0))`;
}

/**
 * Fills in the digest of `userId`'s live sessions from before the column (migration
 * 20261129174000), opening their sealed tokens, so that counting holders sees them. Under
 * `lockTokenHolders`.
 */
export async function fillLegacyDigests(
  tx: Transaction,
  box: SecretBox,
  userId: string,
): Promise<void> {
  const legacy = await tx.session.findMany({
    where: { userId, upstreamTokenDigest: null, revokedAt: null },
    select: { id: true, accessToken: true },
  });
  for (const row of legacy) {
    await tx.session.update({
      where: { id: row.id },
      data: { upstreamTokenDigest: upstreamTokenDigest(box.open(row.accessToken)) },
    });
  }
}

/** Live sessions other than `sessionId` that hold the token with `digest`. Under the lock. */
export function otherLiveHolders(
  tx: Transaction,
  digest: string,
  sessionId: string,
  now: Date,
): Promise<number> {
  return tx.session.count({
    where: {
      upstreamTokenDigest: digest,
      id: { not: sessionId },
      revokedAt: null,
      expiresAt: { gt: now },
    },
  });
}
