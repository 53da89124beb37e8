import { hash, randomBytes, randomUUID } from "node:crypto";
import type { SecretBox } from "@adsgraph/storage";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createSessionCache } from "./session-cache.js";
import { sessionDigest } from "./session-digest.js";
import {
  fillLegacyDigests,
  lockTokenHolders,
  otherLiveHolders,
  upstreamTokenDigest,
  type Transaction,
} from "./token-holders.js";

/** The upstream identity a session signs as. */
export interface SessionCredentials {
  userId: string;
  screenName: string;
  accessToken: string;
  accessTokenSecret: string;
}

export interface ActiveSession extends SessionCredentials {
  id: string;
  expiresAt: Date;
}

/** A session just started: the token is returned once and only its hash is kept. */
export interface StartedSession {
  token: string;
  session: ActiveSession;
}

/** What `end` did. */
export interface EndedSession {
  /** False when the session had already ended (another sign-out, a revocation, expiry). */
  ended: boolean;
  /** The session was the last live holder of its upstream token, which was invalidated. */
  upstreamInvalidated: boolean;
}

export interface SessionStore {
  /** Starts a session over a new upstream access token (a completed three-legged sign-in). */
  create(credentials: SessionCredentials): Promise<StartedSession>;
  /**
   * Starts a session of its own that holds the same upstream access token as the live session
   * `sessionId` (`POST /auth/token`); null when that session is no longer live. Atomic with
   * `end`: a token is never shared by a session whose last holder is being signed out.
   */
  share(sessionId: string): Promise<StartedSession | null>;
  /** The live session a token names, or null (unknown, expired or revoked). */
  resolve(token: string): Promise<ActiveSession | null>;
  /**
   * `resolve`'s answer when this process's session cache holds it (no database read, no
   * promise: the response cache's hit path); undefined when only `resolve` can tell.
   */
  peek(token: string): ActiveSession | undefined;
  /**
   * Ends a session (sign-out, a sign-in replacing it): when no other live session holds its
   * upstream access token, `invalidateUpstream` is called with it first, under a lock shared by
   * every replica, so two sessions of one token ending at once invalidate it exactly once, after
   * both. When `invalidateUpstream` throws, nothing changes and the error propagates.
   */
  end(
    sessionId: string,
    reason: string,
    invalidateUpstream: (credentials: SessionCredentials) => Promise<void>,
  ): Promise<EndedSession>;
  /**
   * Ends a session for good, with the reason kept for audit, leaving its upstream token alone
   * (upstream already refused it, code 89).
   */
  revoke(sessionId: string, reason: string): Promise<void>;
  /**
   * Calls `listener` with the digest (`sessionDigest`) of each session this process revokes
   * (after the write), or another replica says it revoked (shared mode), so what lives longer
   * than a request (a WebSocket) ends with it. Returns the unsubscribe.
   */
  onRevoked(listener: (digest: string) => void): () => void;
}

/**
 * How replicas tell each other of revocations (shared mode, `session-revocations.ts`): by the
 * session id's digest, never the token.
 */
export interface SessionRevocations {
  /** Tells the other replicas; resolves once they are told, or Redis failed (never rejects). */
  publish(digest: string): Promise<void>;
  /**
   * Calls `listener` with each digest another replica revoked, and with undefined when any may
   * have been revoked unheard (Redis returned after an outage).
   */
  onRevoked(listener: (digest: string | undefined) => void): void;
}

export interface SessionStoreOptions {
  prisma: PrismaClient;
  box: SecretBox;
  ttlMs: number;
  /**
   * How long a resolved session is reused in this process without asking the database
   * (SESSION_CACHE_SECONDS; 0 asks every time). Revocations in this process apply at once.
   */
  cacheMs?: number;
  /** Shared mode: revocations heard from and told to the other replicas at once. */
  revocations?: SessionRevocations | undefined;
  now?: () => Date;
}

const TOKEN_PREFIX = "ags_";
const TOKEN_BYTES = 32;
/** `ags_` and 32 random bytes in base64url (43 characters): anchored, fixed length, linear. */
const TOKEN_SHAPE = /^ags_[A-Za-z0-9_-]{43}$/;

/** Whether `token` has the form of a session token at all (checked before any lookup). */
export function isSessionTokenShape(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** SHA-256 of a session token: what the database holds instead of the token. */
export function hashToken(token: string): string {
  // One-shot: no Hash object per request (every request of a signed-in caller hashes its token).
  return hash("sha256", token, "hex");
}

export function createSessionStore({
  prisma,
  box,
  ttlMs,
  cacheMs = 0,
  revocations,
  now = () => new Date(),
}: SessionStoreOptions): SessionStore {
  const cache = createSessionCache<ActiveSession>(cacheMs);
  const revokedListeners = new Set<(digest: string) => void>();
  const tellRevoked = (digest: string) => {
    for (const listener of [...revokedListeners]) listener(digest);
  };
  revocations?.onRevoked((digest) => {
    if (digest === undefined) {
      cache.clear();
      return;
    }
    cache.forget(digest);
    tellRevoked(digest);
  });
  const newToken = () => `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString("base64url")}`;

  /** Inserts a session holding `credentials`' token (by `digest`); its token, once. */
  const insert = async (
    db: PrismaClient | Transaction,
    credentials: SessionCredentials,
    digest: string,
  ): Promise<StartedSession> => {
    const token = newToken();
    const id = randomUUID();
    const expiresAt = new Date(now().getTime() + ttlMs);
    await db.session.create({
      data: {
        id,
        tokenHash: hashToken(token),
        userId: credentials.userId,
        screenName: credentials.screenName,
        accessToken: box.seal(credentials.accessToken),
        accessTokenSecret: box.seal(credentials.accessTokenSecret),
        upstreamTokenDigest: digest,
        expiresAt,
      },
    });
    return { token, session: { ...credentials, id, expiresAt } };
  };

  /**
   * The row of `sessionId` read again under its user's holder lock (so after any end or share
   * that held it), with its credentials; null when it is not live any more.
   */
  const lockedLive = async (tx: Transaction, sessionId: string) => {
    const first = await tx.session.findUnique({ where: { id: sessionId } });
    if (first === null) return null;
    await lockTokenHolders(tx, first.userId);
    await fillLegacyDigests(tx, box, first.userId);
    const row = await tx.session.findUnique({ where: { id: sessionId } });
    if (row === null || row.revokedAt !== null || row.expiresAt <= now()) return null;
    const credentials: SessionCredentials = {
      userId: row.userId,
      screenName: row.screenName,
      accessToken: box.open(row.accessToken),
      accessTokenSecret: box.open(row.accessTokenSecret),
    };
    return {
      credentials,
      digest: row.upstreamTokenDigest ?? upstreamTokenDigest(credentials.accessToken),
    };
  };

  /** After a session's end is written: this process, its WebSockets and the other replicas. */
  const announceEnd = async (sessionId: string) => {
    const digest = sessionDigest(sessionId);
    cache.forget(digest);
    tellRevoked(digest);
    await revocations?.publish(digest);
  };

  return {
    create(credentials) {
      return insert(prisma, credentials, upstreamTokenDigest(credentials.accessToken));
    },
    share(sessionId) {
      return prisma.$transaction(async (tx) => {
        const live = await lockedLive(tx, sessionId);
        return live === null ? null : insert(tx, live.credentials, live.digest);
      });
    },
    async end(sessionId, reason, invalidateUpstream) {
      const outcome = await prisma.$transaction(async (tx): Promise<EndedSession> => {
        const live = await lockedLive(tx, sessionId);
        if (live === null) return { ended: false, upstreamInvalidated: false };
        await tx.session.update({
          where: { id: sessionId },
          data: { revokedAt: now(), revokedReason: reason },
        });
        // Under the lock no session can take this token up meanwhile (`share` needs a live
        // holder), so the last holder's end is the token's end. A failure rolls the end back.
        const last = (await otherLiveHolders(tx, live.digest, sessionId, now())) === 0;
        if (last) await invalidateUpstream(live.credentials);
        return { ended: true, upstreamInvalidated: last };
      });
      if (outcome.ended) await announceEnd(sessionId);
      return outcome;
    },
    peek(token) {
      if (!isSessionTokenShape(token)) return undefined;
      return cache.get(hashToken(token), now().getTime());
    },
    async resolve(token) {
      if (!isSessionTokenShape(token)) return null;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash, now().getTime());
      if (cached !== undefined) return cached;
      const row = await prisma.session.findUnique({ where: { tokenHash } });
      if (!row || row.revokedAt !== null || row.expiresAt <= now()) return null;
      const session: ActiveSession = {
        id: row.id,
        userId: row.userId,
        screenName: row.screenName,
        accessToken: box.open(row.accessToken),
        accessTokenSecret: box.open(row.accessTokenSecret),
        expiresAt: row.expiresAt,
      };
      cache.set(tokenHash, session, now().getTime());
      return session;
    },

    async revoke(sessionId, reason) {
      const digest = sessionDigest(sessionId);
      // Before the write: no request after this one is answered from the cache.
      cache.forget(digest);
      await prisma.session.updateMany({
        where: { id: sessionId, revokedAt: null },
        data: { revokedAt: now(), revokedReason: reason },
      });
      tellRevoked(digest);
      // After the write (a replica told reads the row revoked), before the caller is answered.
      await revocations?.publish(digest);
    },

    onRevoked(listener) {
      revokedListeners.add(listener);
      return () => {
        revokedListeners.delete(listener);
      };
    },
  };
}
