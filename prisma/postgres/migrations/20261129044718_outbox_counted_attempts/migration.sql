-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "countedAttempts" INTEGER NOT NULL DEFAULT 0;


-- Every attempt made so far counted towards the limit (docs/decisions/146-mail-server-down.md).
UPDATE "outbox_messages" SET "countedAttempts" = "attempts";
