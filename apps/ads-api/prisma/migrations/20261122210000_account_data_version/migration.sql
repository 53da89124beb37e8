-- Issue 14: a per-account data version, bumped in the same transaction by every write to the
-- account or to any row of it (statement-level triggers, so a bulk insert bumps once). ads-api
-- keys its cache of list answers on it, so every replica over one database sees a write at once.
-- Values come from one sequence: a version is never reused, even if an account is dropped and
-- made again under the same id.
CREATE SEQUENCE "account_data_version_seq";

-- CreateTable
CREATE TABLE "account_data_version" (
    "account_id" TEXT NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "account_data_version_pkey" PRIMARY KEY ("account_id")
);

-- One body per column name; each statement of a body on one line (migrations split on ";" + newline).
CREATE FUNCTION "bump_account_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "account_data_version" ("account_id", "version") SELECT "account_id", nextval('account_data_version_seq') FROM (SELECT DISTINCT "account_id" FROM "changed") AS "accounts" ON CONFLICT ("account_id") DO UPDATE SET "version" = EXCLUDED."version"; RETURN NULL; END $$;

CREATE FUNCTION "bump_account_data_version_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "account_data_version" ("account_id", "version") SELECT "id", nextval('account_data_version_seq') FROM (SELECT DISTINCT "id" FROM "changed") AS "accounts" ON CONFLICT ("account_id") DO UPDATE SET "version" = EXCLUDED."version"; RETURN NULL; END $$;

CREATE TRIGGER "account_data_version_insert" AFTER INSERT ON "account" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version_by_id"();
CREATE TRIGGER "account_data_version_update" AFTER UPDATE ON "account" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version_by_id"();
CREATE TRIGGER "account_data_version_delete" AFTER DELETE ON "account" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version_by_id"();

CREATE TRIGGER "account_app_data_version_insert" AFTER INSERT ON "account_app" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "account_app_data_version_update" AFTER UPDATE ON "account_app" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "account_app_data_version_delete" AFTER DELETE ON "account_app" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "tax_settings_data_version_insert" AFTER INSERT ON "tax_settings" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "tax_settings_data_version_update" AFTER UPDATE ON "tax_settings" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "tax_settings_data_version_delete" AFTER DELETE ON "tax_settings" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "user_settings_data_version_insert" AFTER INSERT ON "user_settings" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "user_settings_data_version_update" AFTER UPDATE ON "user_settings" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "user_settings_data_version_delete" AFTER DELETE ON "user_settings" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "history_entry_data_version_insert" AFTER INSERT ON "history_entry" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "history_entry_data_version_update" AFTER UPDATE ON "history_entry" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "history_entry_data_version_delete" AFTER DELETE ON "history_entry" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "funding_instrument_data_version_insert" AFTER INSERT ON "funding_instrument" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "funding_instrument_data_version_update" AFTER UPDATE ON "funding_instrument" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "funding_instrument_data_version_delete" AFTER DELETE ON "funding_instrument" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "campaign_data_version_insert" AFTER INSERT ON "campaign" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "campaign_data_version_update" AFTER UPDATE ON "campaign" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "campaign_data_version_delete" AFTER DELETE ON "campaign" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "media_library_object_data_version_insert" AFTER INSERT ON "media_library_object" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "media_library_object_data_version_update" AFTER UPDATE ON "media_library_object" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "media_library_object_data_version_delete" AFTER DELETE ON "media_library_object" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "account_media_data_version_insert" AFTER INSERT ON "account_media" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "account_media_data_version_update" AFTER UPDATE ON "account_media" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "account_media_data_version_delete" AFTER DELETE ON "account_media" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();

CREATE TRIGGER "card_data_version_insert" AFTER INSERT ON "card" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "card_data_version_update" AFTER UPDATE ON "card" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
CREATE TRIGGER "card_data_version_delete" AFTER DELETE ON "card" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_account_data_version"();
