-- DropIndex
DROP INDEX "rounds_golferId_date_idx";

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "disabledAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "golfers" ADD COLUMN     "unsubscribeToken" TEXT,
ADD COLUMN     "unsubscribedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "memberships" ADD COLUMN     "refundedAt" TIMESTAMP(3),
ADD COLUMN     "refundedCents" INTEGER;

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "publishStats" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "pending_registrations" ADD COLUMN     "expiredAt" TIMESTAMP(3),
ADD COLUMN     "paymentIntentId" TEXT;

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "golferId" INTEGER,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "attachments" TEXT,
    "headers" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_changes" (
    "token" TEXT NOT NULL,
    "golferId" INTEGER NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),

    CONSTRAINT "contact_changes_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "membershipId" INTEGER,
    "golferId" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "providerRefundId" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER,
    "username" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT,
    "summary" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "set_aside_rounds" (
    "id" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,
    "courseId" INTEGER,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "grossScore" INTEGER NOT NULL,
    "points" DOUBLE PRECISION,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "setAsideAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recomputedAt" TIMESTAMP(3),

    CONSTRAINT "set_aside_rounds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sessions_userId_idx" ON "sessions"("userId");

-- CreateIndex
CREATE INDEX "sessions_expiresAt_idx" ON "sessions"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_messages_key_key" ON "outbox_messages"("key");

-- CreateIndex
CREATE INDEX "outbox_messages_status_nextAttemptAt_idx" ON "outbox_messages"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "outbox_messages_createdAt_idx" ON "outbox_messages"("createdAt");

-- CreateIndex
CREATE INDEX "contact_changes_golferId_idx" ON "contact_changes"("golferId");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_providerRefundId_key" ON "refunds"("providerRefundId");

-- CreateIndex
CREATE INDEX "refunds_golferId_season_idx" ON "refunds"("golferId", "season");

-- CreateIndex
CREATE INDEX "audit_log_createdAt_idx" ON "audit_log"("createdAt");

-- CreateIndex
CREATE INDEX "set_aside_rounds_golferId_idx" ON "set_aside_rounds"("golferId");

-- CreateIndex
CREATE UNIQUE INDEX "golfers_unsubscribeToken_key" ON "golfers"("unsubscribeToken");

-- One round per golfer per date (docs/decisions/070-one-round-per-golfer-per-date.md): a golfer's later rounds on a
-- date that already has one are set aside (kept in set_aside_rounds and listed on /rounds), never deleted.
INSERT INTO "set_aside_rounds" ("id", "golferId", "courseId", "date", "season", "grossScore", "points", "notes", "createdAt")
SELECT r."id", r."golferId", r."courseId", r."date", r."season", r."grossScore", r."points", r."notes", r."createdAt"
FROM "rounds" r
WHERE EXISTS (SELECT 1 FROM "rounds" o WHERE o."golferId" = r."golferId" AND o."date" = r."date" AND o."id" < r."id");
DELETE FROM "rounds" WHERE "id" IN (SELECT "id" FROM "set_aside_rounds");

-- CreateIndex
CREATE UNIQUE INDEX "rounds_golferId_date_key" ON "rounds"("golferId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "pending_registrations_paymentIntentId_key" ON "pending_registrations"("paymentIntentId");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

