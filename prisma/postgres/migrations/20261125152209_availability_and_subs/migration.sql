-- AlterTable
ALTER TABLE "golfers" ADD COLUMN     "canSub" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "autoOfferSubs" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "availabilityCutoffDays" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "availabilityCutoffTime" TEXT NOT NULL DEFAULT '12:00';

-- CreateTable
CREATE TABLE "nights_out" (
    "id" SERIAL NOT NULL,
    "golferId" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "out" BOOLEAN NOT NULL DEFAULT true,
    "teeTime" TEXT,
    "position" INTEGER,
    "offeredAt" TIMESTAMP(3),
    "subGolferId" INTEGER,
    "subTakenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "nights_out_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sub_offers" (
    "id" SERIAL NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "nightOutId" INTEGER NOT NULL,
    "subGolferId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sub_offers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "nights_out_date_idx" ON "nights_out"("date");

-- CreateIndex
CREATE UNIQUE INDEX "nights_out_golferId_date_key" ON "nights_out"("golferId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "nights_out_subGolferId_date_key" ON "nights_out"("subGolferId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "sub_offers_tokenHash_key" ON "sub_offers"("tokenHash");

-- CreateIndex
CREATE INDEX "sub_offers_subGolferId_idx" ON "sub_offers"("subGolferId");

-- CreateIndex
CREATE UNIQUE INDEX "sub_offers_nightOutId_subGolferId_key" ON "sub_offers"("nightOutId", "subGolferId");

-- AddForeignKey
ALTER TABLE "nights_out" ADD CONSTRAINT "nights_out_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nights_out" ADD CONSTRAINT "nights_out_subGolferId_fkey" FOREIGN KEY ("subGolferId") REFERENCES "golfers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sub_offers" ADD CONSTRAINT "sub_offers_nightOutId_fkey" FOREIGN KEY ("nightOutId") REFERENCES "nights_out"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sub_offers" ADD CONSTRAINT "sub_offers_subGolferId_fkey" FOREIGN KEY ("subGolferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

