-- CreateTable
CREATE TABLE "oauth_nonce" (
    "client_id" TEXT NOT NULL,
    "oauth_timestamp" BIGINT NOT NULL,
    "nonce" TEXT NOT NULL,

    CONSTRAINT "oauth_nonce_pkey" PRIMARY KEY ("client_id","oauth_timestamp","nonce")
);

-- CreateIndex
CREATE INDEX "oauth_nonce_oauth_timestamp_idx" ON "oauth_nonce"("oauth_timestamp");

