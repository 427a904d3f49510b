// `npx tsx scripts/app-icons.ts`: the golfers' phone-app icons (public/icons/icon-192.png and icon-512.png, named in
// app/routes/manifest[.webmanifest].ts) drawn from the league's logo, public/favicon.svg, by Debian's Chromium. Run it
// when the logo changes and commit the icons (docs/decisions/160-golfers-phone-app.md): the build needs no browser.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const logo = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The logo fills the square on white: a home screen shows no transparent corners.
    const svg = logo.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:#fff">${svg}</body></html>`);
    const file = path.join(root, 'public', 'icons', `icon-${size}.png`);
    await page.locator('svg').screenshot({ path: file, omitBackground: false });
    await page.close();
    console.log(`${path.relative(root, file)}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
