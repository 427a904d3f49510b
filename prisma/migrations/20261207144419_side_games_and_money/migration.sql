-- CreateTable
CREATE TABLE "side_games" (
    "season" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "skinsFeeCents" INTEGER,
    "skinsNet" BOOLEAN NOT NULL DEFAULT true,
    "closestToPinFeeCents" INTEGER,
    "closestToPinHole" INTEGER,
    "lowNetFeeCents" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "side_games_season_fkey" FOREIGN KEY ("season") REFERENCES "seasons" ("year") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "side_game_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,
    "game" TEXT NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "side_game_entries_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "closest_to_pin" (
    "date" TEXT NOT NULL PRIMARY KEY,
    "season" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,
    "feet" INTEGER NOT NULL,
    "inches" INTEGER NOT NULL,
    CONSTRAINT "closest_to_pin_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "game" TEXT NOT NULL,
    "golferId" INTEGER,
    "cents" INTEGER NOT NULL,
    CONSTRAINT "payouts_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "money_payments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "golferId" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "note" TEXT,
    "checkoutSessionId" TEXT,
    "paidAt" DATETIME,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "money_payments_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "side_game_entries_season_golferId_idx" ON "side_game_entries"("season", "golferId");

-- CreateIndex
CREATE INDEX "side_game_entries_golferId_idx" ON "side_game_entries"("golferId");

-- CreateIndex
CREATE UNIQUE INDEX "side_game_entries_date_golferId_game_key" ON "side_game_entries"("date", "golferId", "game");

-- CreateIndex
CREATE INDEX "closest_to_pin_season_idx" ON "closest_to_pin"("season");

-- CreateIndex
CREATE INDEX "closest_to_pin_golferId_idx" ON "closest_to_pin"("golferId");

-- CreateIndex
CREATE INDEX "payouts_season_date_idx" ON "payouts"("season", "date");

-- CreateIndex
CREATE INDEX "payouts_golferId_idx" ON "payouts"("golferId");

-- CreateIndex
CREATE UNIQUE INDEX "money_payments_checkoutSessionId_key" ON "money_payments"("checkoutSessionId");

-- CreateIndex
CREATE INDEX "money_payments_season_golferId_idx" ON "money_payments"("season", "golferId");

-- CreateIndex
CREATE INDEX "money_payments_golferId_idx" ON "money_payments"("golferId");

