-- CreateTable
CREATE TABLE "golfer_calendars" (
    "golferId" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "golfer_calendars_pkey" PRIMARY KEY ("golferId")
);

-- CreateTable
CREATE TABLE "golfer_calendar_events" (
    "id" SERIAL NOT NULL,
    "golferId" INTEGER NOT NULL,
    "uid" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "fingerprint" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "golfer_calendar_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "golfer_calendars_token_key" ON "golfer_calendars"("token");

-- CreateIndex
CREATE UNIQUE INDEX "golfer_calendar_events_golferId_uid_key" ON "golfer_calendar_events"("golferId", "uid");

-- AddForeignKey
ALTER TABLE "golfer_calendars" ADD CONSTRAINT "golfer_calendars_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "golfer_calendar_events" ADD CONSTRAINT "golfer_calendar_events_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

