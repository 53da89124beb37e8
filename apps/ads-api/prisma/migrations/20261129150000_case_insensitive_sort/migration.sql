-- Issue 33: sort_by on a text attribute follows q's case rule (spec §4.2: q matches names
-- case-insensitively). Written by hand: Prisma's schema language has no generated columns.
--
-- Why a stored generated column and not lower() in ORDER BY or a collation: Prisma can order
-- and compare only by columns, and keyset paging compares the last row's sort value in SQL; a
-- column keeps `ORDER BY name_sort, id` and `WHERE (name_sort, id) > (…)` plain Prisma, and
-- indexable. A case-insensitive collation needs ICU, which PGlite lacks. COLLATE "C" makes the
-- order the same byte order on both engines (PostgreSQL's database collation may differ from
-- PGlite's "C"); ties (names equal but for case) fall to the id, so cursors stay exact.

ALTER TABLE "account" ADD COLUMN "name_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("name")) STORED;
ALTER TABLE "account_app" ADD COLUMN "name_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("name")) STORED;
ALTER TABLE "funding_instrument" ADD COLUMN "description_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("description")) STORED;
ALTER TABLE "campaign" ADD COLUMN "name_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("name")) STORED;
ALTER TABLE "card" ADD COLUMN "name_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("name")) STORED;
ALTER TABLE "line_item" ADD COLUMN "name_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("name")) STORED;
ALTER TABLE "custom_audience" ADD COLUMN "name_sort" TEXT COLLATE "C" NOT NULL GENERATED ALWAYS AS (lower("name")) STORED;

-- The name indexes served name sorting only; the sort key takes their place.
DROP INDEX "campaign_account_id_name_id_idx";
CREATE INDEX "campaign_account_id_name_sort_id_idx" ON "campaign"("account_id", "name_sort", "id");
DROP INDEX "line_item_account_id_name_id_idx";
CREATE INDEX "line_item_account_id_name_sort_id_idx" ON "line_item"("account_id", "name_sort", "id");
