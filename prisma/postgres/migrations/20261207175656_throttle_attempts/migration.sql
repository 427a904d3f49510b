-- The throttles' count is named for what it counts: tries in the window (failed sign-ins, registrations, codes
-- sent), not failures alone. A rename keeps every row's count (decision 192).
ALTER TABLE "login_throttles" RENAME COLUMN "failures" TO "attempts";
