-- Calendar updates (docs/decisions/115-league-season-defaults-and-calendar-updates.md): every night gets the version
-- of its calendar event. Existing nights keep their rows: version 0 last changed now, with the UID their date gives
-- them (calendarUid null), so a calendar that already holds them sees the same events.
-- AlterTable
ALTER TABLE "schedule_entries" ADD COLUMN     "calendarUid" TEXT,
ADD COLUMN     "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "sequence" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "schedule_entries_calendarUid_key" ON "schedule_entries"("calendarUid");


-- The nights already published changed last at the upgrade, written in UTC as the client reads every timestamp
-- (CURRENT_TIMESTAMP in a "timestamp without time zone" column would be the server's local time).
UPDATE "schedule_entries" SET "changedAt" = (CURRENT_TIMESTAMP AT TIME ZONE 'UTC');
