-- CreateTable
CREATE TABLE "automation_jobs" (
    "job" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "daysBefore" INTEGER NOT NULL,
    "time" TEXT NOT NULL,
    "enabledAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "automation_jobs_pkey" PRIMARY KEY ("job")
);

-- CreateTable
CREATE TABLE "automation_runs" (
    "id" SERIAL NOT NULL,
    "job" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "automation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "automation_deliveries" (
    "id" SERIAL NOT NULL,
    "job" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "automation_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "automation_runs_startedAt_idx" ON "automation_runs"("startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "automation_runs_job_date_key" ON "automation_runs"("job", "date");

-- CreateIndex
CREATE UNIQUE INDEX "automation_deliveries_job_date_recipient_key" ON "automation_deliveries"("job", "date", "recipient");

