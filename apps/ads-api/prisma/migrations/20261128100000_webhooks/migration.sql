-- CreateTable
CREATE TABLE "webhook" (
    "id" BIGSERIAL NOT NULL,
    "app_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" BIGSERIAL NOT NULL,
    "webhook_id" BIGINT NOT NULL,
    "event_id" BIGINT NOT NULL,
    "replay_job_id" BIGINT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_replay_job" (
    "id" BIGSERIAL NOT NULL,
    "app_id" TEXT NOT NULL,
    "webhook_id" BIGINT NOT NULL,
    "from_date" TIMESTAMPTZ(3) NOT NULL,
    "to_date" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_replay_job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "activity_event_app_id_created_at_idx" ON "activity_event"("app_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_app_id_id_idx" ON "webhook"("app_id", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_id_idx" ON "webhook_delivery"("webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_next_attempt_at_idx" ON "webhook_delivery"("next_attempt_at");

-- AddForeignKey
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
