-- CreateTable
CREATE TABLE "side_games" (
    "season" INTEGER NOT NULL,
    "skinsFeeCents" INTEGER,
    "skinsNet" BOOLEAN NOT NULL DEFAULT true,
    "closestToPinFeeCents" INTEGER,
    "closestToPinHole" INTEGER,
    "lowNetFeeCents" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "side_games_pkey" PRIMARY KEY ("season")
);

-- CreateTable
CREATE TABLE "side_game_entries" (
    "id" SERIAL NOT NULL,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,
    "game" TEXT NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "side_game_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "closest_to_pin" (
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,
    "feet" INTEGER NOT NULL,
    "inches" INTEGER NOT NULL,

    CONSTRAINT "closest_to_pin_pkey" PRIMARY KEY ("date")
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" SERIAL NOT NULL,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "game" TEXT NOT NULL,
    "golferId" INTEGER,
    "cents" INTEGER NOT NULL,

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "money_payments" (
    "id" SERIAL NOT NULL,
    "golferId" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "note" TEXT,
    "checkoutSessionId" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "money_payments_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "side_games" ADD CONSTRAINT "side_games_season_fkey" FOREIGN KEY ("season") REFERENCES "seasons"("year") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "side_game_entries" ADD CONSTRAINT "side_game_entries_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "closest_to_pin" ADD CONSTRAINT "closest_to_pin_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "money_payments" ADD CONSTRAINT "money_payments_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

