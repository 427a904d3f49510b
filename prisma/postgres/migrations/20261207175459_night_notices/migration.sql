-- CreateTable
CREATE TABLE "night_notices" (
    "id" SERIAL NOT NULL,
    "date" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "golfers" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "night_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "night_notices_requestKey_key" ON "night_notices"("requestKey");

-- CreateIndex
CREATE INDEX "night_notices_date_idx" ON "night_notices"("date");

