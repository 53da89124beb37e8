-- AlterTable
ALTER TABLE "user" ADD COLUMN     "premium" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "account" ADD COLUMN     "promotable_user_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "media_library_object" ADD COLUMN     "additional_owners" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "owner_user_id" TEXT;

-- CreateTable
CREATE TABLE "post" (
    "id" TEXT NOT NULL,
    "post_type" TEXT NOT NULL,
    "author_id" TEXT NOT NULL,
    "account_id" TEXT,
    "text" TEXT NOT NULL DEFAULT '',
    "name" TEXT,
    "nullcast" BOOLEAN NOT NULL DEFAULT false,
    "card_uri" TEXT,
    "media_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "conversation_settings" TEXT NOT NULL DEFAULT 'EVERYONE',
    "video_cta" TEXT,
    "video_cta_value" TEXT,
    "video_title" TEXT,
    "video_description" TEXT,
    "entities" JSONB NOT NULL DEFAULT '{}',
    "lang" TEXT,
    "conversation_id" TEXT NOT NULL,
    "in_reply_to_post_id" TEXT,
    "in_reply_to_user_id" TEXT,
    "quoted_post_id" TEXT,
    "community_id" TEXT,
    "share_with_followers" BOOLEAN NOT NULL DEFAULT false,
    "edit_root_id" TEXT NOT NULL,
    "scheduled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "post_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "post_account_id_post_type_id_idx" ON "post"("account_id", "post_type", "id");

-- CreateIndex
CREATE INDEX "post_author_id_post_type_id_idx" ON "post"("author_id", "post_type", "id");

-- CreateIndex
CREATE INDEX "post_post_type_scheduled_at_idx" ON "post"("post_type", "scheduled_at");

-- CreateIndex
CREATE INDEX "post_in_reply_to_post_id_idx" ON "post"("in_reply_to_post_id");

-- CreateIndex
CREATE INDEX "post_edit_root_id_id_idx" ON "post"("edit_root_id", "id");

