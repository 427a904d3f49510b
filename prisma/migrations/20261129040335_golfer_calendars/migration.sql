-- CreateTable
CREATE TABLE "golfer_calendars" (
    "golferId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "token" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "golfer_calendars_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "golfer_calendar_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "golferId" INTEGER NOT NULL,
    "uid" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "fingerprint" TEXT NOT NULL,
    "changedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "golfer_calendar_events_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "golfer_calendars_token_key" ON "golfer_calendars"("token");

-- CreateIndex
CREATE UNIQUE INDEX "golfer_calendar_events_golferId_uid_key" ON "golfer_calendar_events"("golferId", "uid");

