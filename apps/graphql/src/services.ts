import type { OAuthClientConfig } from "@adsgraph/oauth";
import type { Database } from "./db/database.js";
import type { Env } from "./env.js";
import { loadSecretBox } from "./sessions/keyring.js";
import { createLoginAttempts, type LoginAttempts } from "./sessions/login-attempts.js";
import { createSessionStore, type SessionStore } from "./sessions/session-store.js";

/** The long-lived parts of the app, shared by every request (no per-user state in here). */
export interface Services {
  oauth: OAuthClientConfig;
  sessions: SessionStore;
  attempts: LoginAttempts;
}

export function createServices(db: Database, env: Env, warn: (message: string) => void): Services {
  const box = loadSecretBox(env, warn);
  return {
    oauth: {
      baseUrl: env.ADS_API_BASE_URL,
      consumer: {
        consumerKey: env.FACADE_CONSUMER_KEY,
        consumerSecret: env.FACADE_CONSUMER_SECRET,
      },
    },
    sessions: createSessionStore({ prisma: db.prisma, box, ttlMs: env.SESSION_TTL_SECONDS * 1000 }),
    attempts: createLoginAttempts({ prisma: db.prisma, box, ttlMs: 15 * 60 * 1000 }),
  };
}
