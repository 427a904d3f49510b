-- Scorecards (docs/decisions/121-scorecards.md): holes of a course, one card per night and tee-time group, its hole
-- scores and the golfers marked Did not finish. New tables only: existing courses have no holes (scored by totals as
-- before) until an administrator fills them in.
-- CreateTable
CREATE TABLE "holes" (
    "id" SERIAL NOT NULL,
    "courseId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "par" INTEGER NOT NULL,
    "strokeIndex" INTEGER NOT NULL,

    CONSTRAINT "holes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scorecards" (
    "id" SERIAL NOT NULL,
    "date" TEXT NOT NULL,
    "teeTimeId" INTEGER NOT NULL,
    "courseId" INTEGER,
    "state" TEXT NOT NULL DEFAULT 'open',
    "scorerName" TEXT,
    "submittedBy" TEXT,
    "submittedByGolferId" INTEGER,
    "submittedAt" TIMESTAMP(3),
    "attestedBy" TEXT,
    "attestedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "scorecards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hole_scores" (
    "id" SERIAL NOT NULL,
    "scorecardId" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,
    "holeNumber" INTEGER NOT NULL,
    "strokes" INTEGER NOT NULL,
    "clientId" TEXT NOT NULL,
    "writtenAt" TIMESTAMP(3) NOT NULL,
    "writtenBy" TEXT NOT NULL,

    CONSTRAINT "hole_scores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scorecard_did_not_finish" (
    "scorecardId" INTEGER NOT NULL,
    "golferId" INTEGER NOT NULL,

    CONSTRAINT "scorecard_did_not_finish_pkey" PRIMARY KEY ("scorecardId","golferId")
);

-- CreateIndex
CREATE UNIQUE INDEX "holes_courseId_number_key" ON "holes"("courseId", "number");

-- CreateIndex
CREATE INDEX "scorecards_courseId_idx" ON "scorecards"("courseId");

-- CreateIndex
CREATE UNIQUE INDEX "scorecards_date_teeTimeId_key" ON "scorecards"("date", "teeTimeId");

-- CreateIndex
CREATE INDEX "hole_scores_golferId_idx" ON "hole_scores"("golferId");

-- CreateIndex
CREATE UNIQUE INDEX "hole_scores_scorecardId_golferId_holeNumber_key" ON "hole_scores"("scorecardId", "golferId", "holeNumber");

-- CreateIndex
CREATE INDEX "scorecard_did_not_finish_golferId_idx" ON "scorecard_did_not_finish"("golferId");

-- AddForeignKey
ALTER TABLE "holes" ADD CONSTRAINT "holes_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_teeTimeId_fkey" FOREIGN KEY ("teeTimeId") REFERENCES "tee_times"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "courses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hole_scores" ADD CONSTRAINT "hole_scores_scorecardId_fkey" FOREIGN KEY ("scorecardId") REFERENCES "scorecards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hole_scores" ADD CONSTRAINT "hole_scores_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scorecard_did_not_finish" ADD CONSTRAINT "scorecard_did_not_finish_scorecardId_fkey" FOREIGN KEY ("scorecardId") REFERENCES "scorecards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scorecard_did_not_finish" ADD CONSTRAINT "scorecard_did_not_finish_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
