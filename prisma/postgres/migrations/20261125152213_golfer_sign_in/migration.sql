-- DropIndex
DROP INDEX "golfers_email_key";

-- CreateTable
CREATE TABLE "golfer_sign_in_codes" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "golfer_sign_in_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "golfer_sign_in_codes_email_idx" ON "golfer_sign_in_codes"("email");

-- CreateIndex
CREATE INDEX "golfer_sign_in_codes_expiresAt_idx" ON "golfer_sign_in_codes"("expiresAt");

-- CreateIndex
CREATE INDEX "golfers_email_idx" ON "golfers"("email");

