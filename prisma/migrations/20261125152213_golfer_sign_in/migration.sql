-- DropIndex
DROP INDEX "golfers_email_key";

-- CreateTable
CREATE TABLE "golfer_sign_in_codes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "usedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "golfer_sign_in_codes_email_idx" ON "golfer_sign_in_codes"("email");

-- CreateIndex
CREATE INDEX "golfer_sign_in_codes_expiresAt_idx" ON "golfer_sign_in_codes"("expiresAt");

-- CreateIndex
CREATE INDEX "golfers_email_idx" ON "golfers"("email");

