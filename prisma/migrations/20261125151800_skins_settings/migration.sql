-- Settings 'Skins' (on by default) and 'Skins carry over' (off by default): docs/decisions/124-live-results-and-skins.md.
-- Added in place (no table copy), so the existing settings row keeps every value and gets the defaults.
ALTER TABLE "settings" ADD COLUMN "skins" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "settings" ADD COLUMN "skinsCarryOver" BOOLEAN NOT NULL DEFAULT false;
