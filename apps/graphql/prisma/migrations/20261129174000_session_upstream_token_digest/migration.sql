-- Issue 34: a session's upstream access token by digest (SHA-256, never the token), so that the
-- sessions holding one token are counted and a sign-out invalidates it only for the last one.
-- The token is sealed in the rows, so SQL cannot fill the column in: rows from before it are
-- filled in by the facade when their user's sessions next change (src/sessions/token-holders.ts).

-- AlterTable
ALTER TABLE "session" ADD COLUMN     "upstream_token_digest" TEXT;

-- CreateIndex
CREATE INDEX "session_upstream_token_digest_idx" ON "session"("upstream_token_digest");
