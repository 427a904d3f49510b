-- Settings 'Skins' (on by default) and 'Skins carry over' (off by default): docs/decisions/124-live-results-and-skins.md.
-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "skins" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "skinsCarryOver" BOOLEAN NOT NULL DEFAULT false;
