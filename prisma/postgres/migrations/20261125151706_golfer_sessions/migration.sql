-- CreateTable
CREATE TABLE "golfer_sessions" (
    "id" TEXT NOT NULL,
    "golferId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "golfer_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "golfer_sessions_golferId_idx" ON "golfer_sessions"("golferId");

-- CreateIndex
CREATE INDEX "golfer_sessions_expiresAt_idx" ON "golfer_sessions"("expiresAt");

-- AddForeignKey
ALTER TABLE "golfer_sessions" ADD CONSTRAINT "golfer_sessions_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

