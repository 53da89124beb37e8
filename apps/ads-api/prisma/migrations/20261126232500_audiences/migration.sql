-- CreateTable
CREATE TABLE "custom_audience" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "audience_type" TEXT NOT NULL,
    "partner_source" TEXT NOT NULL DEFAULT 'OTHER',
    "segments" JSONB,
    "last_upload_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "custom_audience_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audience_permission" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "audience_id" TEXT NOT NULL,
    "granted_account_id" TEXT NOT NULL,
    "permission_level" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "audience_permission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audience_member" (
    "audience_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "effective_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "added_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audience_member_pkey" PRIMARY KEY ("audience_id","kind","value")
);

-- CreateTable
CREATE TABLE "targeting_criterion" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "line_item_id" TEXT NOT NULL,
    "targeting_type" TEXT NOT NULL,
    "targeting_value" TEXT NOT NULL,
    "operator_type" TEXT NOT NULL DEFAULT 'EQ',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "targeting_criterion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "do_not_reach_list" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "do_not_reach_list_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "do_not_reach_member" (
    "list_id" TEXT NOT NULL,
    "email_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "do_not_reach_member_pkey" PRIMARY KEY ("list_id","email_hash")
);

-- CreateIndex
CREATE INDEX "custom_audience_account_id_created_at_id_idx" ON "custom_audience"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "audience_permission_audience_id_created_at_id_idx" ON "audience_permission"("audience_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "audience_permission_granted_account_id_audience_id_idx" ON "audience_permission"("granted_account_id", "audience_id");

-- CreateIndex
CREATE INDEX "targeting_criterion_account_id_created_at_id_idx" ON "targeting_criterion"("account_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "targeting_criterion_line_item_id_created_at_id_idx" ON "targeting_criterion"("line_item_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "targeting_criterion_targeting_type_targeting_value_idx" ON "targeting_criterion"("targeting_type", "targeting_value");

-- CreateIndex
CREATE INDEX "do_not_reach_list_account_id_created_at_id_idx" ON "do_not_reach_list"("account_id", "created_at", "id");


-- spec §4.8: names are unique among an account's live audiences; one live do-not-reach list per
-- account (§8). Partial indexes (Prisma cannot declare them): a deleted audience frees its name.
CREATE UNIQUE INDEX "custom_audience_account_id_name_live_key" ON "custom_audience"("account_id", "name") WHERE NOT "deleted";
CREATE UNIQUE INDEX "do_not_reach_list_account_id_live_key" ON "do_not_reach_list"("account_id") WHERE NOT "deleted";

-- Issue 14's per-account data version: tables with an account_id bump it. The member tables
-- have none: a users batch also touches its audience (last_upload_at) or list (updated_at) in
-- the same transaction, which bumps the owner's version.
CREATE TRIGGER "custom_audience_data_version_insert" AFTER INSERT ON "custom_audience" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "custom_audience_data_version_update" AFTER UPDATE ON "custom_audience" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "custom_audience_data_version_delete" AFTER DELETE ON "custom_audience" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "audience_permission_data_version_insert" AFTER INSERT ON "audience_permission" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "audience_permission_data_version_update" AFTER UPDATE ON "audience_permission" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "audience_permission_data_version_delete" AFTER DELETE ON "audience_permission" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "targeting_criterion_data_version_insert" AFTER INSERT ON "targeting_criterion" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "targeting_criterion_data_version_update" AFTER UPDATE ON "targeting_criterion" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "targeting_criterion_data_version_delete" AFTER DELETE ON "targeting_criterion" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "do_not_reach_list_data_version_insert" AFTER INSERT ON "do_not_reach_list" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "do_not_reach_list_data_version_update" AFTER UPDATE ON "do_not_reach_list" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "do_not_reach_list_data_version_delete" AFTER DELETE ON "do_not_reach_list" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
