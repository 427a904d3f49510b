-- CreateTable
CREATE TABLE "night_notices" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "date" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "golfers" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "night_notices_requestKey_key" ON "night_notices"("requestKey");

-- CreateIndex
CREATE INDEX "night_notices_date_idx" ON "night_notices"("date");

