-- CreateTable
CREATE TABLE "nights_out" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "golferId" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "out" BOOLEAN NOT NULL DEFAULT true,
    "teeTime" TEXT,
    "position" INTEGER,
    "offeredAt" DATETIME,
    "subGolferId" INTEGER,
    "subTakenAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "nights_out_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "nights_out_subGolferId_fkey" FOREIGN KEY ("subGolferId") REFERENCES "golfers" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "sub_offers" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "nightOutId" INTEGER NOT NULL,
    "subGolferId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sub_offers_nightOutId_fkey" FOREIGN KEY ("nightOutId") REFERENCES "nights_out" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sub_offers_subGolferId_fkey" FOREIGN KEY ("subGolferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AddColumns (added in place, never a copied table: other migrations of this release add columns to these tables too)
ALTER TABLE "golfers" ADD COLUMN "canSub" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "settings" ADD COLUMN "availabilityCutoffDays" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "settings" ADD COLUMN "availabilityCutoffTime" TEXT NOT NULL DEFAULT '12:00';
ALTER TABLE "settings" ADD COLUMN "autoOfferSubs" BOOLEAN NOT NULL DEFAULT false;

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

