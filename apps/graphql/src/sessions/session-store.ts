import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { SecretBox } from "@adsgraph/storage";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createSessionCache } from "./session-cache.js";
import { sessionDigest } from "./session-digest.js";

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

export interface SessionStore {
  /** Starts a session; the token is returned once and only its hash is kept. */
  create(credentials: SessionCredentials): Promise<{ token: string; session: ActiveSession }>;
  /** The live session a token names, or null (unknown, expired or revoked). */
  resolve(token: string): Promise<ActiveSession | null>;
  /** Ends a session for good, with the reason kept for audit. */
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
  return createHash("sha256").update(token).digest("hex");
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
  return {
    async create(credentials) {
      const token = `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString("base64url")}`;
      const id = randomUUID();
      const expiresAt = new Date(now().getTime() + ttlMs);
      await prisma.session.create({
        data: {
          id,
          tokenHash: hashToken(token),
          userId: credentials.userId,
          screenName: credentials.screenName,
          accessToken: box.seal(credentials.accessToken),
          accessTokenSecret: box.seal(credentials.accessTokenSecret),
          expiresAt,
        },
      });
      return { token, session: { ...credentials, id, expiresAt } };
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
