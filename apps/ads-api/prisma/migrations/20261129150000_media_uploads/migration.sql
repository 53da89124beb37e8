-- CreateTable
CREATE TABLE "media_upload" (
    "media_key" TEXT NOT NULL,
    "media_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "duration_ms" INTEGER,
    "owner_user_id" TEXT NOT NULL,
    "additional_owners" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "media_upload_pkey" PRIMARY KEY ("media_key")
);
