// The checks tests/e2e/valid-and-accessible.js.spec.ts runs over every page (docs/decisions/116-valid-and-accessible-pages.md):
// axe-core in the page on a desktop and a 375 px phone, no sideways scroll on the phone, and, once over all the pages
// (tests/e2e/html-checker.check.ts), the W3C Nu Html Checker over the HTML the server sent and the DOM as the browser
// holds it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { E2E_DB_FILE } from '../../playwright.config';
import { expect, hydrated, test } from './fixtures';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

/** One address to check; `dialog` names the dialog the address opens, which must be showing. */
export type Visit = { url: string; status?: number; dialog?: string };

type Document = { name: string; html: string };

/** Waits until what the address opens shows and no animation (a dialog fading in) is still running. */
async function settled(page: Page, visit: Visit) {
  if (visit.dialog) await expect(page.getByRole('dialog', { name: visit.dialog })).toBeVisible();
  // Bounded: an animation that never plays (a hidden element's) would otherwise never finish.
  await page.evaluate(() =>
    Promise.race([
      new Promise((resolve) => setTimeout(resolve, 1_000)),
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    ]),
  );
}

/** axe-core's serious and critical findings on the page as it is now, one line per rule with its first nodes. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  const results = await page.evaluate(
    // `axe` is the global the script above defines. Only the violations are read, so axe-core need not gather every
    // node of its passes and inapplicable rules too (the same violations, in much less time on the larger pages).
    () =>
      (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
        resultTypes: ['violations'],
      }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      return `${where}: ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes: ${nodes.join(' | ')})`;
    });
}

/** How far the page scrolls sideways, in CSS pixels, and the elements that stick out first (to say what to fix). */
function sidewaysScroll(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (element: Element | null) =>
      element !== null && element.getBoundingClientRect().right > width + 1;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { by: document.documentElement.scrollWidth - width, culprits };
  });
}

/**
 * Where the pages' HTML waits for the one run of the Nu Html Checker over all of them
 * (tests/e2e/html-checker.check.ts, after every JavaScript spec): a JVM per test cost more than the checking. The
 * folder belongs to this run's database, so scripts/e2e-server.mjs empties it when the run starts.
 */
export const HTML_TO_CHECK = `${E2E_DB_FILE}.html-to-check`;

/** Keeps the documents for the Nu Html Checker, named by the test that saw them and the page. */
function keepForHtmlChecker(documents: Document[]) {
  const dir = path.join(HTML_TO_CHECK, test.info().testId);
  fs.mkdirSync(dir, { recursive: true });
  documents.forEach((document, i) =>
    fs.writeFileSync(
      path.join(dir, `${String(i).padStart(3, '0')}.json`),
      JSON.stringify({ name: `${test.info().title}: ${document.name}`, html: document.html }),
    ),
  );
}

/**
 * Visits each address with JavaScript on and expects no problem at all: its status, axe-core on a desktop and on a
 * 375 px phone, no sideways scroll on the phone; every problem of every page is listed in one failure. The HTML as
 * sent and as the browser holds it then (open dialogs, hydrated widgets) is kept for the Nu Html Checker's one run.
 */
export async function expectValidAndAccessible(page: Page, visits: Visit[]) {
  const problems: string[] = [];
  const documents: Document[] = [];
  // axe-core in every page these visits open, from its start: adding its script to each page once it had loaded cost
  // as much as the desktop run itself (docs/decisions/168-tests-in-half-the-time.md). It adds nothing to the DOM.
  await page.addInitScript({ path: AXE_SCRIPT });
  for (const visit of visits) {
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(visit.url);
    expect(response?.status(), visit.url).toBe(visit.status ?? 200);
    documents.push({ name: `${visit.url} (as sent)`, html: await response!.text() });
    await hydrated(page);
    await settled(page, visit);
    // axe-core is a script of the browser's, not an element of the page: the DOM here is the page's own.
    documents.push({ name: `${visit.url} (in the browser)`, html: await page.content() });
    problems.push(...(await axeProblems(page, `${visit.url} desktop`)));

    await page.setViewportSize(PHONE);
    await settled(page, visit);
    problems.push(...(await axeProblems(page, `${visit.url} phone`)));
    const sideways = await sidewaysScroll(page);
    if (sideways.by > 0)
      problems.push(`${visit.url} phone: scrolls ${sideways.by}px sideways (${sideways.culprits.join(' | ')})`);
  }
  keepForHtmlChecker(documents);
  expect(problems).toEqual([]);
}
