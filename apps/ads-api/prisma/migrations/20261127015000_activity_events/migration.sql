-- CreateTable
CREATE TABLE "activity_subscription" (
    "id" BIGSERIAL NOT NULL,
    "app_id" TEXT NOT NULL,
    "event_type" TEXT,
    "user_id" TEXT,
    "keyword" TEXT,
    "direction" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_event" (
    "id" BIGSERIAL NOT NULL,
    "app_id" TEXT NOT NULL,
    "subscription_id" BIGINT NOT NULL,
    "event_type" TEXT NOT NULL,
    "for_user_id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "activity_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "activity_subscription_app_id_id_idx" ON "activity_subscription"("app_id", "id");

-- CreateIndex
CREATE INDEX "activity_event_app_id_id_idx" ON "activity_event"("app_id", "id");
