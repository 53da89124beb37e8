import { randomUUID } from "node:crypto";
import type { SecretBox } from "@adsgraph/storage";
import type { PrismaClient } from "../generated/prisma/client.js";
import { hashToken } from "./session-store.js";

export interface LoginAttempts {
  /** Remembers a request token until the callback (or the PIN) comes back. */
  begin(input: {
    requestToken: string;
    requestTokenSecret: string;
    browserBinding: string | null;
  }): Promise<void>;
  /**
   * Takes (single use) the secret of a pending request token. Null when unknown, expired, or
   * started by another browser (login CSRF): the binding must match the one given at `begin`.
   */
  take(requestToken: string, browserBinding: string | null): Promise<string | null>;
}

export function createLoginAttempts({
  prisma,
  box,
  ttlMs,
  now = () => new Date(),
}: {
  prisma: PrismaClient;
  box: SecretBox;
  ttlMs: number;
  now?: () => Date;
}): LoginAttempts {
  return {
    async begin({ requestToken, requestTokenSecret, browserBinding }) {
      await prisma.loginAttempt.create({
        data: {
          id: randomUUID(),
          requestTokenHash: hashToken(requestToken),
          requestTokenSecret: box.seal(requestTokenSecret),
          browserBindingHash: browserBinding === null ? null : hashToken(browserBinding),
          expiresAt: new Date(now().getTime() + ttlMs),
        },
      });
      await prisma.loginAttempt.deleteMany({ where: { expiresAt: { lte: now() } } });
    },

    async take(requestToken, browserBinding) {
      const requestTokenHash = hashToken(requestToken);
      const row = await prisma.loginAttempt.findUnique({ where: { requestTokenHash } });
      if (!row) return null;
      // Deleted whatever happens next: a request token is good for one attempt only.
      const { count } = await prisma.loginAttempt.deleteMany({ where: { requestTokenHash } });
      const binding = browserBinding === null ? null : hashToken(browserBinding);
      if (count === 0 || row.expiresAt <= now() || row.browserBindingHash !== binding) return null;
      return box.open(row.requestTokenSecret);
    },
  };
}
