-- Issue 36: asynchronous analytics jobs (beyond the spec). The CHECK is written by hand
-- (Prisma's schema language has none).

-- CreateTable
CREATE TABLE "stats_job" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PROCESSING',
    "result" BYTEA,
    "result_token_hash" TEXT,
    "result_token_sealed" TEXT,
    "leased_until" TIMESTAMPTZ(3),
    "lease_owner" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "stats_job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stats_job_account_id_created_at_id_idx" ON "stats_job"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "stats_job_account_id_status_idx" ON "stats_job"("account_id", "status");

-- CreateIndex
CREATE INDEX "stats_job_status_leased_until_idx" ON "stats_job"("status", "leased_until");

ALTER TABLE "stats_job" ADD CONSTRAINT "stats_job_status_check" CHECK ("status" IN ('PROCESSING', 'SUCCESS', 'FAILED', 'CANCELLED'));
