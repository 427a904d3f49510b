-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "golfers" (
    "id" SERIAL NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "nickname" TEXT,
    "fullName" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "golfers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "courses" (
    "id" SERIAL NOT NULL,
    "courseName" TEXT NOT NULL,
    "coursePar" INTEGER NOT NULL,
    "courseLength" TEXT NOT NULL,

    CONSTRAINT "courses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "flights" (
    "id" SERIAL NOT NULL,
    "golferId" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "flightNo" TEXT NOT NULL,

    CONSTRAINT "flights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" SERIAL NOT NULL,
    "golferId" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "registered" BOOLEAN NOT NULL DEFAULT false,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "registrationDatetime" TIMESTAMP(3),
    "estimatedScore" INTEGER,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rounds" (
    "id" SERIAL NOT NULL,
    "golferId" INTEGER NOT NULL,
    "courseId" INTEGER,
    "date" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "grossScore" INTEGER NOT NULL,
    "hcpIndexBefore" INTEGER,
    "netScore" INTEGER,
    "hcpIndexAfter" INTEGER,
    "points" DOUBLE PRECISION,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rounds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tee_times" (
    "id" SERIAL NOT NULL,
    "time" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "golfer1Id" INTEGER,
    "golfer2Id" INTEGER,
    "golfer3Id" INTEGER,
    "golfer4Id" INTEGER,

    CONSTRAINT "tee_times_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "leagueName" TEXT NOT NULL DEFAULT 'Healthcare Golf League',
    "statementDescriptor" TEXT NOT NULL DEFAULT 'GOLF LEAGUE',
    "seasonFeeCents" INTEGER NOT NULL DEFAULT 15000,
    "teeFirst" TEXT NOT NULL DEFAULT '11:00',
    "teeLast" TEXT NOT NULL DEFAULT '18:00',
    "teeIntervalMinutes" INTEGER NOT NULL DEFAULT 10,
    "defaultPar" INTEGER NOT NULL DEFAULT 36,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pending_registrations" (
    "id" TEXT NOT NULL,
    "registrationType" TEXT NOT NULL,
    "golferId" INTEGER,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "estimatedScore" INTEGER,
    "season" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "checkoutSessionId" TEXT,
    "fulfilledAt" TIMESTAMP(3),
    "fulfilledGolferId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "simulated_checkout_sessions" (
    "id" TEXT NOT NULL,
    "amountTotal" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "customerEmail" TEXT,
    "description" TEXT NOT NULL,
    "metadata" TEXT NOT NULL,
    "successUrl" TEXT NOT NULL,
    "cancelUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paymentStatus" TEXT NOT NULL DEFAULT 'unpaid',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "simulated_checkout_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "golfers_email_key" ON "golfers"("email");

-- CreateIndex
CREATE INDEX "golfers_lastName_firstName_idx" ON "golfers"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "flights_season_idx" ON "flights"("season");

-- CreateIndex
CREATE UNIQUE INDEX "flights_golferId_season_key" ON "flights"("golferId", "season");

-- CreateIndex
CREATE INDEX "memberships_season_idx" ON "memberships"("season");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_golferId_season_key" ON "memberships"("golferId", "season");

-- CreateIndex
CREATE INDEX "rounds_golferId_date_idx" ON "rounds"("golferId", "date");

-- CreateIndex
CREATE INDEX "rounds_season_date_idx" ON "rounds"("season", "date");

-- CreateIndex
CREATE INDEX "rounds_courseId_idx" ON "rounds"("courseId");

-- CreateIndex
CREATE INDEX "tee_times_golfer1Id_idx" ON "tee_times"("golfer1Id");

-- CreateIndex
CREATE INDEX "tee_times_golfer2Id_idx" ON "tee_times"("golfer2Id");

-- CreateIndex
CREATE INDEX "tee_times_golfer3Id_idx" ON "tee_times"("golfer3Id");

-- CreateIndex
CREATE INDEX "tee_times_golfer4Id_idx" ON "tee_times"("golfer4Id");

-- CreateIndex
CREATE UNIQUE INDEX "tee_times_time_season_key" ON "tee_times"("time", "season");

-- CreateIndex
CREATE UNIQUE INDEX "pending_registrations_checkoutSessionId_key" ON "pending_registrations"("checkoutSessionId");

-- AddForeignKey
ALTER TABLE "flights" ADD CONSTRAINT "flights_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_golferId_fkey" FOREIGN KEY ("golferId") REFERENCES "golfers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "courses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tee_times" ADD CONSTRAINT "tee_times_golfer1Id_fkey" FOREIGN KEY ("golfer1Id") REFERENCES "golfers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tee_times" ADD CONSTRAINT "tee_times_golfer2Id_fkey" FOREIGN KEY ("golfer2Id") REFERENCES "golfers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tee_times" ADD CONSTRAINT "tee_times_golfer3Id_fkey" FOREIGN KEY ("golfer3Id") REFERENCES "golfers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tee_times" ADD CONSTRAINT "tee_times_golfer4Id_fkey" FOREIGN KEY ("golfer4Id") REFERENCES "golfers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

