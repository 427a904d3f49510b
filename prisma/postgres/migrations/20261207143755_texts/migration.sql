-- Texts (docs/decisions/175-texts-through-twilio.md): a golfer's confirmed number, and the outbox's channel. Every
-- message already queued is an email.
-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "channel" TEXT NOT NULL DEFAULT 'email',
ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "providerId" TEXT;

-- CreateTable
CREATE TABLE "golfer_texts" (
    "golferId" INTEGER NOT NULL,
    "phone" TEXT,
    "confirmedAt" TIMESTAMP(3),
    "textsOn" BOOLEAN NOT NULL DEFAULT false,
    "offReason" TEXT,
    "offAt" TIMESTAMP(3),
    "pendingPhone" TEXT,
    "codeHash" TEXT,
    "codeExpiresAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "golfer_texts_pkey" PRIMARY KEY ("golferId")
);

-- CreateIndex
CREATE INDEX "golfer_texts_phone_idx" ON "golfer_texts"("phone");

-- CreateIndex
CREATE INDEX "golfer_texts_pendingPhone_idx" ON "golfer_texts"("pendingPhone");

-- AddForeignKey
ALTER TABLE "golfer_texts" ADD CONSTRAINT "golfer_texts_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
