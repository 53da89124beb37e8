-- Issue 34: the webhook queue keeps its rows as a delivery log. A delivery is pending, delivered
-- or dead (after its last attempt); finished rows stay until the worker prunes them after the
-- retention. Rows queued before this migration are pending: they keep their attempts and due time.
-- The CHECK is written by hand (Prisma's schema language has none).

-- DropIndex
DROP INDEX "webhook_delivery_next_attempt_at_idx";

-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "last_attempt_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_error" TEXT,
ADD COLUMN     "last_status" INTEGER,
ADD COLUMN     "leased_until" TIMESTAMPTZ(3),
ADD COLUMN     "state" TEXT NOT NULL DEFAULT 'pending';

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_state_id_idx" ON "webhook_delivery"("webhook_id", "state", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_state_next_attempt_at_id_idx" ON "webhook_delivery"("webhook_id", "state", "next_attempt_at", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_completed_at_idx" ON "webhook_delivery"("completed_at");


ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_state_check" CHECK ("state" IN ('pending', 'delivered', 'dead'));
