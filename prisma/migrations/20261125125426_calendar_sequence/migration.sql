-- Calendar updates (docs/decisions/115-league-season-defaults-and-calendar-updates.md): every night gets the version
-- of its calendar event. Existing nights are copied over unchanged, as version 0 last changed now, with the UID their
-- date gives them (calendarUid null), so a calendar that already holds them sees the same events.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_schedule_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "season" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "weekNumber" INTEGER,
    "event" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "rainOut" BOOLEAN NOT NULL DEFAULT false,
    "calendarUid" TEXT,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "changedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "schedule_entries_season_fkey" FOREIGN KEY ("season") REFERENCES "seasons" ("year") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_schedule_entries" ("date", "event", "id", "kind", "rainOut", "season", "weekNumber") SELECT "date", "event", "id", "kind", "rainOut", "season", "weekNumber" FROM "schedule_entries";
DROP TABLE "schedule_entries";
ALTER TABLE "new_schedule_entries" RENAME TO "schedule_entries";
CREATE UNIQUE INDEX "schedule_entries_calendarUid_key" ON "schedule_entries"("calendarUid");
CREATE INDEX "schedule_entries_date_idx" ON "schedule_entries"("date");
CREATE UNIQUE INDEX "schedule_entries_season_date_key" ON "schedule_entries"("season", "date");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

