-- Snapshots become versioned (one row per content version). Snapshots are a cache of upstream
-- reads, so the unversioned rows of the first migration are dropped rather than converted.
DROP TABLE "snapshot";

-- CreateTable
CREATE TABLE "snapshot" (
    "id" BIGSERIAL NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "account_id" TEXT,
    "version" INTEGER NOT NULL,
    "body" JSONB NOT NULL,
    "content_hash" TEXT NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "snapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "screen_name" TEXT NOT NULL,
    "access_token" TEXT NOT NULL,
    "access_token_secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" TEXT,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_attempt" (
    "id" TEXT NOT NULL,
    "request_token_hash" TEXT NOT NULL,
    "request_token_secret" TEXT NOT NULL,
    "browser_binding_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_attempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "session_token_hash_key" ON "session"("token_hash");

-- CreateIndex
CREATE INDEX "session_user_id_idx" ON "session"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "login_attempt_request_token_hash_key" ON "login_attempt"("request_token_hash");

-- CreateIndex
CREATE INDEX "snapshot_account_id_resource_type_idx" ON "snapshot"("account_id", "resource_type");

-- CreateIndex
CREATE UNIQUE INDEX "snapshot_resource_type_resource_id_version_key" ON "snapshot"("resource_type", "resource_id", "version");
