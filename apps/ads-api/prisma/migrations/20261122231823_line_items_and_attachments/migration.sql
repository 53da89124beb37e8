-- CreateTable
CREATE TABLE "line_item" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "objective" TEXT NOT NULL,
    "product_type" TEXT NOT NULL,
    "placement_type" TEXT,
    "placements" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "bid_amount_local_micro" BIGINT,
    "bid_strategy" TEXT NOT NULL,
    "pay_by" TEXT,
    "goal" TEXT,
    "advertiser_domain" TEXT,
    "categories" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "primary_web_event_tag" TEXT,
    "total_budget_amount_local_micro" BIGINT,
    "entity_status" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "line_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "line_item_curated_category" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "line_item_id" TEXT NOT NULL,
    "curated_category_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "line_item_curated_category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "media_creative" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "line_item_id" TEXT NOT NULL,
    "account_media_id" TEXT NOT NULL,
    "landing_url" TEXT,
    "creative_type" TEXT,
    "entity_status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "approval_status" TEXT NOT NULL DEFAULT 'ACCEPTED',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "media_creative_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promoted_account" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "line_item_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "entity_status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "approval_status" TEXT NOT NULL DEFAULT 'ACCEPTED',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "promoted_account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promoted_post" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "line_item_id" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "entity_status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "approval_status" TEXT NOT NULL DEFAULT 'ACCEPTED',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "promoted_post_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tracking_tag" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "line_item_id" TEXT NOT NULL,
    "tracking_tag_type" TEXT NOT NULL,
    "tracking_tag_url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "tracking_tag_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "line_item_account_id_created_at_id_idx" ON "line_item"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "line_item_account_id_name_id_idx" ON "line_item"("account_id", "name", "id");

-- CreateIndex
CREATE INDEX "line_item_campaign_id_created_at_id_idx" ON "line_item"("campaign_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "line_item_curated_category_account_id_created_at_id_idx" ON "line_item_curated_category"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "line_item_curated_category_line_item_id_created_at_id_idx" ON "line_item_curated_category"("line_item_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "media_creative_account_id_created_at_id_idx" ON "media_creative"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "media_creative_line_item_id_created_at_id_idx" ON "media_creative"("line_item_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "promoted_account_account_id_created_at_id_idx" ON "promoted_account"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "promoted_account_line_item_id_created_at_id_idx" ON "promoted_account"("line_item_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "promoted_account_line_item_id_user_id_idx" ON "promoted_account"("line_item_id", "user_id");

-- CreateIndex
CREATE INDEX "promoted_post_account_id_created_at_id_idx" ON "promoted_post"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "promoted_post_line_item_id_created_at_id_idx" ON "promoted_post"("line_item_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "tracking_tag_account_id_created_at_id_idx" ON "tracking_tag"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "tracking_tag_line_item_id_created_at_id_idx" ON "tracking_tag"("line_item_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "line_item" ADD CONSTRAINT "line_item_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "line_item" ADD CONSTRAINT "line_item_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "line_item_curated_category" ADD CONSTRAINT "line_item_curated_category_line_item_id_fkey" FOREIGN KEY ("line_item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media_creative" ADD CONSTRAINT "media_creative_line_item_id_fkey" FOREIGN KEY ("line_item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promoted_account" ADD CONSTRAINT "promoted_account_line_item_id_fkey" FOREIGN KEY ("line_item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promoted_post" ADD CONSTRAINT "promoted_post_line_item_id_fkey" FOREIGN KEY ("line_item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_tag" ADD CONSTRAINT "tracking_tag_line_item_id_fkey" FOREIGN KEY ("line_item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Issue 14's per-account data version (migration 20261122210000): every new table bumps it, or
-- cached list answers would go stale after a write to these rows.
CREATE TRIGGER "line_item_data_version_insert" AFTER INSERT ON "line_item" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "line_item_data_version_update" AFTER UPDATE ON "line_item" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "line_item_data_version_delete" AFTER DELETE ON "line_item" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "line_item_curated_category_data_version_insert" AFTER INSERT ON "line_item_curated_category" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "line_item_curated_category_data_version_update" AFTER UPDATE ON "line_item_curated_category" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "line_item_curated_category_data_version_delete" AFTER DELETE ON "line_item_curated_category" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "media_creative_data_version_insert" AFTER INSERT ON "media_creative" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "media_creative_data_version_update" AFTER UPDATE ON "media_creative" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "media_creative_data_version_delete" AFTER DELETE ON "media_creative" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "promoted_account_data_version_insert" AFTER INSERT ON "promoted_account" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "promoted_account_data_version_update" AFTER UPDATE ON "promoted_account" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "promoted_account_data_version_delete" AFTER DELETE ON "promoted_account" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "promoted_post_data_version_insert" AFTER INSERT ON "promoted_post" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "promoted_post_data_version_update" AFTER UPDATE ON "promoted_post" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "promoted_post_data_version_delete" AFTER DELETE ON "promoted_post" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "tracking_tag_data_version_insert" AFTER INSERT ON "tracking_tag" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "tracking_tag_data_version_update" AFTER UPDATE ON "tracking_tag" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "tracking_tag_data_version_delete" AFTER DELETE ON "tracking_tag" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

