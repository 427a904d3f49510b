-- The playoffs' locked field (docs/decisions/122-playoffs-field-and-nights.md): new tables only; existing data is
-- untouched, and every season starts unlocked (its field provisional, as before).
-- CreateTable
CREATE TABLE "playoff_fields" (
    "season" INTEGER NOT NULL,
    "lockedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT NOT NULL,

    CONSTRAINT "playoff_fields_pkey" PRIMARY KEY ("season")
);

-- CreateTable
CREATE TABLE "playoff_seeds" (
    "id" SERIAL NOT NULL,
    "season" INTEGER NOT NULL,
    "flightNo" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,

    CONSTRAINT "playoff_seeds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "playoff_replacements" (
    "id" SERIAL NOT NULL,
    "season" INTEGER NOT NULL,
    "flightNo" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "outGolferId" INTEGER NOT NULL,
    "inGolferId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playoff_replacements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "playoff_seeds_golferId_idx" ON "playoff_seeds"("golferId");

-- CreateIndex
CREATE UNIQUE INDEX "playoff_seeds_season_flightNo_seed_key" ON "playoff_seeds"("season", "flightNo", "seed");

-- CreateIndex
CREATE UNIQUE INDEX "playoff_seeds_season_golferId_key" ON "playoff_seeds"("season", "golferId");

-- CreateIndex
CREATE INDEX "playoff_replacements_season_idx" ON "playoff_replacements"("season");

-- AddForeignKey
ALTER TABLE "playoff_seeds" ADD CONSTRAINT "playoff_seeds_season_fkey" FOREIGN KEY ("season") REFERENCES "playoff_fields"("season") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "playoff_seeds" ADD CONSTRAINT "playoff_seeds_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

