-- CreateTable
CREATE TABLE "snapshot" (
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "snapshot_pkey" PRIMARY KEY ("resource_type","resource_id")
);
