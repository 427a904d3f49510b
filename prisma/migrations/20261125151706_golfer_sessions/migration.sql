-- CreateTable
CREATE TABLE "golfer_sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "golferId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "golfer_sessions_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "golfer_sessions_golferId_idx" ON "golfer_sessions"("golferId");

-- CreateIndex
CREATE INDEX "golfer_sessions_expiresAt_idx" ON "golfer_sessions"("expiresAt");

