-- DropIndex
DROP INDEX "rounds_golferId_date_idx";

-- AlterTable
ALTER TABLE "users" ADD COLUMN "disabledAt" DATETIME;

-- AlterTable
ALTER TABLE "golfers" ADD COLUMN "unsubscribeToken" TEXT;
ALTER TABLE "golfers" ADD COLUMN "unsubscribedAt" DATETIME;

-- AlterTable
ALTER TABLE "memberships" ADD COLUMN "refundedAt" DATETIME;
ALTER TABLE "memberships" ADD COLUMN "refundedCents" INTEGER;

-- AlterTable
ALTER TABLE "pending_registrations" ADD COLUMN "expiredAt" DATETIME;
ALTER TABLE "pending_registrations" ADD COLUMN "paymentIntentId" TEXT;

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "contact_changes" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "golferId" INTEGER NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    CONSTRAINT "contact_changes_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "membershipId" INTEGER,
    "golferId" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "providerRefundId" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER,
    "username" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT,
    "summary" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "set_aside_rounds" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "golferId" INTEGER NOT NULL,
    "courseId" INTEGER,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "grossScore" INTEGER NOT NULL,
    "points" REAL,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL,
    "setAsideAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recomputedAt" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "leagueName" TEXT NOT NULL DEFAULT 'Healthcare Golf League',
    "statementDescriptor" TEXT NOT NULL DEFAULT 'GOLF LEAGUE',
    "seasonFeeCents" INTEGER NOT NULL DEFAULT 15000,
    "teeFirst" TEXT NOT NULL DEFAULT '11:00',
    "teeLast" TEXT NOT NULL DEFAULT '18:00',
    "teeIntervalMinutes" INTEGER NOT NULL DEFAULT 10,
    "defaultPar" INTEGER NOT NULL DEFAULT 36,
    "publishStats" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_settings" ("defaultPar", "id", "leagueName", "seasonFeeCents", "statementDescriptor", "teeFirst", "teeIntervalMinutes", "teeLast") SELECT "defaultPar", "id", "leagueName", "seasonFeeCents", "statementDescriptor", "teeFirst", "teeIntervalMinutes", "teeLast" FROM "settings";
DROP TABLE "settings";
ALTER TABLE "new_settings" RENAME TO "settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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

