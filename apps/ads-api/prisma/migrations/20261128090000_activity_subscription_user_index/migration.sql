-- CreateIndex
CREATE INDEX "activity_subscription_user_id_id_idx" ON "activity_subscription"("user_id", "id");
