-- CreateTable
CREATE TABLE "seasons" (
    "year" INTEGER NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "registrationOpens" TEXT,
    "registrationCloses" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "seasons_pkey" PRIMARY KEY ("year")
);

-- CreateTable
CREATE TABLE "schedule_entries" (
    "id" SERIAL NOT NULL,
    "season" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "weekNumber" INTEGER,
    "event" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rainOut" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "schedule_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "schedule_entries_date_idx" ON "schedule_entries"("date");

-- CreateIndex
CREATE UNIQUE INDEX "schedule_entries_season_date_key" ON "schedule_entries"("season", "date");

-- AddForeignKey
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_season_fkey" FOREIGN KEY ("season") REFERENCES "seasons"("year") ON DELETE CASCADE ON UPDATE CASCADE;


-- The 2025 season and its schedule, which were code until now (docs/product/league.md#schedule). Its fee is the
-- fee in Settings (the default when the settings row has not been made yet).
INSERT INTO "seasons" ("year", "feeCents", "registrationOpens", "registrationCloses", "createdAt", "updatedAt")
SELECT 2025, COALESCE((SELECT "seasonFeeCents" FROM "settings" WHERE "id" = 1), 15000), NULL, NULL, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP;

INSERT INTO "schedule_entries" ("season", "date", "weekNumber", "event", "kind", "rainOut") VALUES
    (2025, '2025-05-05', NULL, 'Practice Round', 'practice-round', FALSE),
    (2025, '2025-05-12', NULL, 'Fun Night – 2-Ball Scramble', 'fun-night', FALSE),
    (2025, '2025-05-19', 1, 'First Scoring Round', 'regular-round', FALSE),
    (2025, '2025-05-26', NULL, 'Memorial Day – No League', 'no-league', FALSE),
    (2025, '2025-06-02', 2, 'League Play', 'regular-round', FALSE),
    (2025, '2025-06-09', 3, 'League Play', 'regular-round', FALSE),
    (2025, '2025-06-16', 4, 'League Play', 'regular-round', FALSE),
    (2025, '2025-06-23', 5, 'League Play', 'regular-round', FALSE),
    (2025, '2025-06-30', 6, 'League Play', 'regular-round', FALSE),
    (2025, '2025-07-07', NULL, 'No League', 'no-league', FALSE),
    (2025, '2025-07-14', 7, 'League Play', 'regular-round', FALSE),
    (2025, '2025-07-21', 8, 'League Play', 'regular-round', FALSE),
    (2025, '2025-07-28', 9, 'League Play', 'regular-round', FALSE),
    (2025, '2025-08-04', 10, 'Playoff Qualifier 1', 'playoff-qualifier', FALSE),
    (2025, '2025-08-11', 11, 'Playoff Qualifier 2', 'playoff-qualifier', FALSE),
    (2025, '2025-08-18', 12, 'Playoff Qualifier 3', 'playoff-qualifier', FALSE),
    (2025, '2025-08-25', 13, 'Playoff Qualifier 4', 'playoff-qualifier', FALSE),
    (2025, '2025-09-01', NULL, 'Labor Day – No League', 'no-league', FALSE),
    (2025, '2025-09-08', 14, 'Flight Playoff', 'flight-playoff', FALSE),
    (2025, '2025-09-15', 15, 'Grand Championship', 'grand-championship', FALSE),
    (2025, '2025-09-27', NULL, 'Final Outing', 'final-outing', FALSE),
    (2025, '2025-09-28', NULL, 'Final Outing – Alternate Date', 'final-outing-alternate', FALSE);
