-- CreateTable
CREATE TABLE "user" (
    "id" TEXT NOT NULL,
    "screen_name" TEXT NOT NULL,
    "screen_name_lower" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "consumer_key" TEXT NOT NULL,
    "consumer_secret_enc" TEXT NOT NULL,
    "callback_urls" TEXT[],
    "sign_in_with_enabled" BOOLEAN NOT NULL DEFAULT true,
    "access_level" TEXT NOT NULL DEFAULT 'write',
    "owner_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_token" (
    "token_hash" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "secret_enc" TEXT NOT NULL,
    "callback" TEXT NOT NULL,
    "access_type" TEXT NOT NULL,
    "user_id" TEXT,
    "verifier_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "request_token_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "access_token" (
    "token_hash" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "secret_enc" TEXT NOT NULL,
    "access_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "invalidated_at" TIMESTAMPTZ(3),

    CONSTRAINT "access_token_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "bearer_token" (
    "app_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_enc" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bearer_token_pkey" PRIMARY KEY ("app_id")
);

-- CreateTable
CREATE TABLE "login_session" (
    "id_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_session_pkey" PRIMARY KEY ("id_hash")
);

-- CreateTable
CREATE TABLE "account" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "business_name" TEXT,
    "business_id" TEXT,
    "timezone" TEXT NOT NULL,
    "timezone_switch_at" TIMESTAMPTZ(3),
    "industry_type" TEXT,
    "approval_status" TEXT NOT NULL DEFAULT 'ACCEPTED',
    "salt" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT true,
    "active_campaign_limit" INTEGER,
    "features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_grant" (
    "account_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "permissions" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_grant_pkey" PRIMARY KEY ("account_id","user_id")
);

-- CreateTable
CREATE TABLE "account_app" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "app_store_identifier" TEXT NOT NULL,
    "os_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "account_app_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_settings" (
    "account_id" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_settings_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "user_settings" (
    "account_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "notification_email" TEXT,
    "contact_phone" TEXT,
    "contact_phone_extension" TEXT,
    "subscribe_email_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_settings_pkey" PRIMARY KEY ("account_id","user_id")
);

-- CreateTable
CREATE TABLE "history_entry" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "change_type" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "history_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "funding_instrument" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "start_time" TIMESTAMPTZ(3) NOT NULL,
    "end_time" TIMESTAMPTZ(3),
    "credit_limit_local_micro" BIGINT,
    "funded_amount_local_micro" BIGINT,
    "credit_remaining_local_micro" BIGINT,
    "entity_status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "able_to_fund" BOOLEAN NOT NULL DEFAULT true,
    "reasons_not_able_to_fund" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "io_header" TEXT,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "funding_instrument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "funding_instrument_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "budget_optimization" TEXT NOT NULL DEFAULT 'CAMPAIGN',
    "daily_budget_amount_local_micro" BIGINT,
    "total_budget_amount_local_micro" BIGINT,
    "standard_delivery" BOOLEAN NOT NULL DEFAULT true,
    "purchase_order_number" TEXT,
    "entity_status" TEXT NOT NULL,
    "duration_in_days" INTEGER,
    "frequency_cap" INTEGER,
    "currency" TEXT NOT NULL,
    "start_time" TIMESTAMPTZ(3),
    "end_time" TIMESTAMPTZ(3),
    "draft" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "media_library_object" (
    "media_key" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL DEFAULT '',
    "media_type" TEXT NOT NULL,
    "media_category" TEXT NOT NULL,
    "media_status" TEXT NOT NULL DEFAULT 'TRANSCODE_COMPLETED',
    "media_url" TEXT NOT NULL,
    "poster_media_url" TEXT,
    "poster_media_key" TEXT,
    "duration_ms" INTEGER,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "aspect_ratio" TEXT NOT NULL,
    "posted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "media_library_object_pkey" PRIMARY KEY ("media_key")
);

-- CreateTable
CREATE TABLE "account_media" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "creative_type" TEXT NOT NULL,
    "media_key" TEXT,
    "video_id" TEXT,
    "media_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "account_media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "card_type" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "duration_in_minutes" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meta" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "meta_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_screen_name_lower_key" ON "user"("screen_name_lower");

-- CreateIndex
CREATE UNIQUE INDEX "app_consumer_key_key" ON "app"("consumer_key");

-- CreateIndex
CREATE INDEX "access_token_app_id_user_id_idx" ON "access_token"("app_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "bearer_token_token_hash_key" ON "bearer_token"("token_hash");

-- CreateIndex
CREATE INDEX "account_created_at_id_idx" ON "account"("created_at", "id");

-- CreateIndex
CREATE INDEX "account_grant_user_id_idx" ON "account_grant"("user_id");

-- CreateIndex
CREATE INDEX "account_app_account_id_created_at_id_idx" ON "account_app"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "history_entry_account_id_entity_type_entity_id_changed_at_i_idx" ON "history_entry"("account_id", "entity_type", "entity_id", "changed_at", "id");

-- CreateIndex
CREATE INDEX "funding_instrument_account_id_created_at_id_idx" ON "funding_instrument"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "campaign_account_id_created_at_id_idx" ON "campaign"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "campaign_account_id_name_id_idx" ON "campaign"("account_id", "name", "id");

-- CreateIndex
CREATE INDEX "campaign_account_id_entity_status_idx" ON "campaign"("account_id", "entity_status");

-- CreateIndex
CREATE INDEX "media_library_object_account_id_created_at_idx" ON "media_library_object"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "account_media_account_id_created_at_id_idx" ON "account_media"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "card_account_id_kind_created_at_id_idx" ON "card"("account_id", "kind", "created_at", "id");

-- AddForeignKey
ALTER TABLE "app" ADD CONSTRAINT "app_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_token" ADD CONSTRAINT "request_token_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bearer_token" ADD CONSTRAINT "bearer_token_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "login_session" ADD CONSTRAINT "login_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_grant" ADD CONSTRAINT "account_grant_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_grant" ADD CONSTRAINT "account_grant_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "funding_instrument" ADD CONSTRAINT "funding_instrument_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_funding_instrument_id_fkey" FOREIGN KEY ("funding_instrument_id") REFERENCES "funding_instrument"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
