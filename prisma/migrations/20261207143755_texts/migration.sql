-- Texts (docs/decisions/175-texts-through-twilio.md): a golfer's confirmed number, and the outbox's channel. Every
-- message already queued is an email.
-- CreateTable
CREATE TABLE "golfer_texts" (
    "golferId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "phone" TEXT,
    "confirmedAt" DATETIME,
    "textsOn" BOOLEAN NOT NULL DEFAULT false,
    "offReason" TEXT,
    "offAt" DATETIME,
    "pendingPhone" TEXT,
    "codeHash" TEXT,
    "codeExpiresAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "golfer_texts_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_outbox_messages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "channel" TEXT NOT NULL DEFAULT 'email',
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
    "countedAttempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "sentAt" DATETIME,
    "providerId" TEXT,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_outbox_messages" ("attachments", "attempts", "countedAttempts", "createdAt", "golferId", "headers", "html", "id", "key", "kind", "lastError", "lockedUntil", "nextAttemptAt", "sentAt", "status", "subject", "text", "toAddress") SELECT "attachments", "attempts", "countedAttempts", "createdAt", "golferId", "headers", "html", "id", "key", "kind", "lastError", "lockedUntil", "nextAttemptAt", "sentAt", "status", "subject", "text", "toAddress" FROM "outbox_messages";
DROP TABLE "outbox_messages";
ALTER TABLE "new_outbox_messages" RENAME TO "outbox_messages";
CREATE UNIQUE INDEX "outbox_messages_key_key" ON "outbox_messages"("key");
CREATE INDEX "outbox_messages_status_nextAttemptAt_idx" ON "outbox_messages"("status", "nextAttemptAt");
CREATE INDEX "outbox_messages_createdAt_idx" ON "outbox_messages"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "golfer_texts_phone_idx" ON "golfer_texts"("phone");

-- CreateIndex
CREATE INDEX "golfer_texts_pendingPhone_idx" ON "golfer_texts"("pendingPhone");
